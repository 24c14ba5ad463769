#include "policies/mark/lstm_network.hpp"

#include <cmath>

#include "policies/mark/negligible_values.hpp"

namespace servesim::mark {

LstmParameters::LstmParameters(std::size_t units, std::size_t outputs)
    : units_(units), outputs_(outputs), values_(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(size()))) {}

void lstm_step(const LstmParameters& p, const LstmState& from, double x, LstmState& to, LstmStepTrace& trace) {
  const Eigen::Index n = static_cast<Eigen::Index>(p.units());
  trace.pre_gates.noalias() = p.input_kernel() * x + p.gate_bias();
  trace.pre_gates.noalias() += p.recurrent_kernel() * from.hidden;
  for (Eigen::Index k = 0; k < 4 * n; ++k) {
    const bool candidate = k >= 2 * n && k < 3 * n;  // block c: the cell candidate
    trace.gates[k] = candidate ? std::tanh(trace.pre_gates[k]) : hard_sigmoid(trace.pre_gates[k]);
  }
  const auto input_gate = trace.gates.segment(0, n).array();
  const auto forget_gate = trace.gates.segment(n, n).array();
  const auto candidate = trace.gates.segment(2 * n, n).array();
  const auto output_gate = trace.gates.segment(3 * n, n).array();
  to.cell = (forget_gate * from.cell.array() + input_gate * candidate).matrix();
  zero_below(to.cell, kNegligible);  // a cell behind a shut input gate decays (negligible_values.hpp)
  trace.cell_tanh = to.cell.array().tanh().matrix();
  to.hidden = (output_gate * trace.cell_tanh.array()).matrix();
}

void dense_output(const LstmParameters& p, const Eigen::VectorXd& hidden, Eigen::VectorXd& output) {
  output.noalias() = p.dense_kernel() * hidden;
  output += p.dense_bias();
}

}  // namespace servesim::mark
