#include "policies/infaas/infaas_ilp.hpp"

#include "policies/glpk_problem.hpp"

#include <chrono>
#include <cmath>
#include <memory>
#include <stdexcept>

namespace servesim {
namespace {

double at_or_zero(const std::vector<double>& values, std::size_t i) { return i < values.size() ? values[i] : 0.0; }

std::int64_t running_of(const IlpProblem& p, std::size_t v, std::size_t w) {
  if (v >= p.running.size() || w >= p.running[v].size()) return 0;
  return p.running[v][w];
}

void check_input(double value, const std::string& what) {
  if (!std::isfinite(value) || value < 0) {
    throw std::invalid_argument("infaas ilp: " + what + " must be a finite number >= 0, got " + std::to_string(value));
  }
}

void validate(const IlpProblem& p) {
  check_input(p.load_qps, "load_qps");
  check_input(p.slack_qps, "slack_qps");
  check_input(p.slo_s, "slo_s");
  check_input(p.lambda_per_s, "lambda_per_s");
  const std::size_t types = p.resource_types.size();
  for (const IlpVariant& v : p.variants) {
    check_input(v.throughput_qps, v.name + ".throughput_qps");
    check_input(v.latency_s, v.name + ".latency_s");
    check_input(v.cost, v.name + ".cost");
    check_input(v.load_latency_s, v.name + ".load_latency_s");
    if (v.resources.size() > types) throw std::invalid_argument("infaas ilp: " + v.name + " names more resource types than the problem");
    for (double r : v.resources) check_input(r, v.name + ".resources");
  }
  for (const IlpWorker& w : p.workers) {
    if (w.capacity.size() > types) throw std::invalid_argument("infaas ilp: " + w.name + " names more resource types than the problem");
    for (double c : w.capacity) check_input(c, w.name + ".capacity");
  }
  if (p.running.size() > p.variants.size()) throw std::invalid_argument("infaas ilp: running has more rows than variants");
  for (const auto& row : p.running) {
    if (row.size() > p.workers.size()) throw std::invalid_argument("infaas ilp: running has more columns than workers");
    for (std::int64_t n : row) {
      if (n < 0) throw std::invalid_argument("infaas ilp: a running count is negative");
    }
  }
}

// One decision variable delta_ijw and, when loading it costs anything, the
// auxiliary u_ijw = max(delta_ijw, 0).
struct Column {
  std::size_t variant = 0;
  std::size_t worker = 0;
  int delta = 0;  // GLPK column index (1-based)
  int up = 0;     // 0 when there is no load term
};

}  // namespace

std::int64_t IlpSolution::total(std::size_t variant) const {
  std::int64_t sum = 0;
  for (std::int64_t n : replicas.at(variant)) sum += n;
  return sum;
}

bool ilp_fits(const IlpVariant& variant, const IlpWorker& worker) {
  for (std::size_t k = 0; k < variant.resources.size(); ++k) {
    if (variant.resources[k] > at_or_zero(worker.capacity, k)) return false;
  }
  return true;
}

IlpSolution solve_infaas_ilp(const IlpProblem& p) {
  validate(p);
  const std::size_t nv = p.variants.size();
  const std::size_t nw = p.workers.size();
  const std::size_t types = p.resource_types.size();

  IlpSolution out;
  out.delta.assign(nv, std::vector<std::int64_t>(nw, 0));
  out.replicas.assign(nv, std::vector<std::int64_t>(nw, 0));
  double running_capacity = 0;  // sum Q_ij N_ij
  for (std::size_t v = 0; v < nv; ++v) {
    for (std::size_t w = 0; w < nw; ++w) {
      out.replicas[v][w] = running_of(p, v, w);
      running_capacity += p.variants[v].throughput_qps * static_cast<double>(running_of(p, v, w));
    }
  }

  const GlpkProblem lp = make_glpk_problem();
  glp_set_prob_name(lp.get(), "infaas-4.2.1");
  glp_set_obj_dir(lp.get(), GLP_MIN);

  // Columns. delta_ijw is an integer (section 4.2.1: "delta_ij is an
  // integer"); constraint (4), N + delta >= 0, is its lower bound -N.
  // Constraint (2), T^inf <= S if delta > 0, is the upper bound 0 for a
  // variant slower than the SLO: it may keep or shed running instances but
  // load none (the same for the accuracy floor, and on a worker it does not fit).
  std::vector<Column> columns;
  for (std::size_t v = 0; v < nv; ++v) {
    const IlpVariant& var = p.variants[v];
    const bool may_load_anywhere =
        var.latency_s <= p.slo_s && (!p.min_accuracy || var.accuracy >= *p.min_accuracy);
    for (std::size_t w = 0; w < nw; ++w) {
      const std::int64_t n = running_of(p, v, w);
      const bool may_load = may_load_anywhere && ilp_fits(var, p.workers[w]);
      if (!may_load && n == 0) continue;  // delta is fixed at 0: no column
      Column c{v, w, 0, 0};
      c.delta = glp_add_cols(lp.get(), 1);
      glp_set_col_name(lp.get(), c.delta, ("delta[" + var.name + "," + p.workers[w].name + "]").c_str());
      glp_set_col_kind(lp.get(), c.delta, GLP_IV);
      const double lb = -static_cast<double>(n);
      if (may_load) {
        glp_set_col_bnds(lp.get(), c.delta, GLP_LO, lb, 0.0);
      } else {
        glp_set_col_bnds(lp.get(), c.delta, GLP_DB, lb, 0.0);
      }
      // Objective: Cost(delta) = C (delta + lambda T^load max(delta, 0)).
      glp_set_obj_coef(lp.get(), c.delta, var.cost);
      const double load_coef = var.cost * p.lambda_per_s * var.load_latency_s;
      if (may_load && load_coef > 0) {
        // max(delta, 0) is convex and has a non-negative weight in a
        // minimization, so u >= delta, u >= 0 is exact at every optimum.
        c.up = glp_add_cols(lp.get(), 1);
        glp_set_col_name(lp.get(), c.up, ("up[" + var.name + "," + p.workers[w].name + "]").c_str());
        glp_set_col_kind(lp.get(), c.up, GLP_CV);
        glp_set_col_bnds(lp.get(), c.up, GLP_LO, 0.0, 0.0);
        glp_set_obj_coef(lp.get(), c.up, load_coef);
      }
      columns.push_back(c);
    }
  }

  GlpkCoefficients coefficients;
  auto entry = [&](int row, int col, double value) { coefficients.add(row, col, value); };

  // (1) sum_ij Q_ij (N_ij + delta_ij) >= L + slack. The paper's "for all i, j"
  // on this line can only mean the sum runs over all of them: it is one
  // constraint per application (the ILP is solved "for an application").
  const double need = p.load_qps + p.slack_qps - running_capacity;
  if (!columns.empty()) {
    const int row = glp_add_rows(lp.get(), 1);
    glp_set_row_name(lp.get(), row, "load");
    glp_set_row_bnds(lp.get(), row, GLP_LO, need, 0.0);
    for (const Column& c : columns) entry(row, c.delta, p.variants[c.variant].throughput_qps);
  }

  // (3) sum_ij R^type_ij (N_ij + delta_ij) <= R^type_total, for all types
  // (and here for every worker: see the header).
  for (std::size_t w = 0; w < nw; ++w) {
    for (std::size_t k = 0; k < types; ++k) {
      double used = 0;
      bool any = false;
      for (std::size_t v = 0; v < nv; ++v) {
        used += at_or_zero(p.variants[v].resources, k) * static_cast<double>(running_of(p, v, w));
      }
      for (const Column& c : columns) {
        if (c.worker == w && at_or_zero(p.variants[c.variant].resources, k) > 0) any = true;
      }
      if (!any) continue;
      const int row = glp_add_rows(lp.get(), 1);
      glp_set_row_name(lp.get(), row, ("resource[" + p.workers[w].name + "," + p.resource_types[k] + "]").c_str());
      glp_set_row_bnds(lp.get(), row, GLP_UP, 0.0, at_or_zero(p.workers[w].capacity, k) - used);
      for (const Column& c : columns) {
        if (c.worker == w) entry(row, c.delta, at_or_zero(p.variants[c.variant].resources, k));
      }
    }
  }

  // u_ijw - delta_ijw >= 0 (the linear form of max(delta, 0) above).
  for (const Column& c : columns) {
    if (c.up == 0) continue;
    const int row = glp_add_rows(lp.get(), 1);
    glp_set_row_bnds(lp.get(), row, GLP_LO, 0.0, 0.0);
    entry(row, c.up, 1.0);
    entry(row, c.delta, -1.0);
  }

  out.columns = glp_get_num_cols(lp.get());
  out.rows = glp_get_num_rows(lp.get());

  if (columns.empty()) {
    // Nothing can change: the running configuration is the only candidate.
    bool fits = need <= 1e-9;
    for (std::size_t w = 0; w < nw && fits; ++w) {
      for (std::size_t k = 0; k < types && fits; ++k) {
        double used = 0;
        for (std::size_t v = 0; v < nv; ++v) {
          used += at_or_zero(p.variants[v].resources, k) * static_cast<double>(running_of(p, v, w));
        }
        if (used > at_or_zero(p.workers[w].capacity, k) + 1e-9) fits = false;
      }
    }
    out.status = fits ? IlpSolution::Status::kOptimal : IlpSolution::Status::kInfeasible;
    if (!fits) out.message = "no variant may be loaded (SLO, accuracy or resources) and the running ones do not meet the load";
  } else {
    coefficients.load_into(lp.get());
    glp_iocp parm = quiet_mip_parameters();
    const auto t0 = std::chrono::steady_clock::now();
    const int ret = glp_intopt(lp.get(), &parm);
    const auto t1 = std::chrono::steady_clock::now();
    out.solve_wall_s = std::chrono::duration<double>(t1 - t0).count();
    if (ret == GLP_ENOPFS) {
      out.status = IlpSolution::Status::kInfeasible;
      out.message = "the LP relaxation has no feasible solution";
    } else if (ret != 0) {
      out.status = IlpSolution::Status::kError;
      out.message = "glp_intopt failed with code " + std::to_string(ret);
    } else {
      const int status = glp_mip_status(lp.get());
      if (status == GLP_OPT) {
        out.status = IlpSolution::Status::kOptimal;
      } else if (status == GLP_NOFEAS) {
        out.status = IlpSolution::Status::kInfeasible;
        out.message = "no integer solution meets the constraints";
      } else {
        out.status = IlpSolution::Status::kError;
        out.message = "glp_mip_status " + std::to_string(status);
      }
    }
    if (out.status == IlpSolution::Status::kOptimal) {
      for (const Column& c : columns) {
        const std::int64_t d = std::llround(glp_mip_col_val(lp.get(), c.delta));
        out.delta[c.variant][c.worker] = d;
        out.replicas[c.variant][c.worker] += d;
      }
    }
  }

  if (out.status == IlpSolution::Status::kOptimal) {
    // The objective from the integer solution, as the paper writes it.
    for (std::size_t v = 0; v < nv; ++v) {
      const IlpVariant& var = p.variants[v];
      for (std::size_t w = 0; w < nw; ++w) {
        const double d = static_cast<double>(out.delta[v][w]);
        out.objective += var.cost * (d + p.lambda_per_s * var.load_latency_s * std::max(d, 0.0));
        out.running_cost += var.cost * static_cast<double>(out.replicas[v][w]);
        out.capacity_qps += var.throughput_qps * static_cast<double>(out.replicas[v][w]);
      }
    }
  } else {
    out.delta.assign(nv, std::vector<std::int64_t>(nw, 0));
    for (std::size_t v = 0; v < nv; ++v) {
      for (std::size_t w = 0; w < nw; ++w) out.replicas[v][w] = running_of(p, v, w);
    }
  }
  return out;
}

}  // namespace servesim
