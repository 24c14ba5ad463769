#include "policies/mark/trained_lstm.hpp"

#include <utility>

#include "policies/mark/lstm_training_data.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::mark {

TrainedLstm::TrainedLstm(LstmParameters parameters, MinMaxScaler scaler, LstmState state,
                         std::span<const double> samples)
    : parameters_(std::move(parameters)), scaler_(scaler), start_state_(std::move(state)) {
  if (samples.empty()) throw InvariantError("trained LSTM: no sample for its state to stand at");
  if (static_cast<std::size_t>(start_state_.hidden.size()) != parameters_.units() ||
      static_cast<std::size_t>(start_state_.cell.size()) != parameters_.units()) {
    throw InvariantError("trained LSTM: the state is not the network's size");
  }
  LstmState next(parameters_.units());
  LstmStepTrace trace(parameters_.units());
  for (double difference : first_differences(samples)) {
    advance(start_state_, difference, next, trace);
    std::swap(start_state_, next);
  }
  start_sample_ = samples.back();
}

void TrainedLstm::advance(const LstmState& from, double difference, LstmState& to, LstmStepTrace& trace) const {
  lstm_step(parameters_, from, scaler_.scale(difference), to, trace);
}

std::vector<double> TrainedLstm::forecast(const LstmState& state, double current) const {
  Eigen::VectorXd scaled(static_cast<Eigen::Index>(window()));
  dense_output(parameters_, state.hidden, scaled);
  std::vector<double> f(window());
  double level = current;
  for (std::size_t i = 0; i < f.size(); ++i) {
    level += scaler_.unscale(scaled[static_cast<Eigen::Index>(i)]);
    f[i] = level;
  }
  return f;
}

}  // namespace servesim::mark
