#pragma once
// GLPK plumbing shared by the exact optimizers (INFaaS' ILP, Proteus' MILP):
// an owning problem pointer, deleted on every path out of a solve (no problem
// outlives its call: the project keeps no global state), the coordinate list
// glp_load_matrix takes, and quiet branch-and-bound parameters.
#include <glpk.h>

#include <memory>
#include <vector>

namespace servesim {

using GlpkProblem = std::unique_ptr<glp_prob, decltype(&glp_delete_prob)>;

inline GlpkProblem make_glpk_problem() { return {glp_create_prob(), &glp_delete_prob}; }

// Constraint coefficients as GLPK wants them: 1-based, index 0 unused.
class GlpkCoefficients {
 public:
  void add(int row, int col, double value) {
    if (value == 0) return;  // GLPK takes no explicit zeros
    row_.push_back(row);
    col_.push_back(col);
    value_.push_back(value);
  }
  void load_into(glp_prob* lp) const {
    glp_load_matrix(lp, static_cast<int>(row_.size()) - 1, row_.data(), col_.data(), value_.data());
  }

 private:
  std::vector<int> row_{0};
  std::vector<int> col_{0};
  std::vector<double> value_{0.0};
};

// glp_intopt's parameters with its output off (per call, not glp_term_out's
// process-wide switch) and the MIP presolver on (it solves the LP relaxation
// itself, so no glp_simplex call is needed first).
inline glp_iocp quiet_mip_parameters() {
  glp_iocp parm;
  glp_init_iocp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.presolve = GLP_ON;
  return parm;
}

}  // namespace servesim
