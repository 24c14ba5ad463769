#include "policies/inferline/planner.hpp"

#include <cmath>
#include <limits>
#include <numeric>
#include <span>
#include <stdexcept>

#include "policies/inferline/critical_path.hpp"

namespace servesim::inferline {
namespace {

struct Candidate {
  Plan plan;
  double cost = 0;
  PlanEstimate estimate;
};

class Search {
 public:
  Search(const PlannerInput& input, const PlanCheck& check) : in_(input), check_(check) {}

  std::uint64_t checks() const { return checks_; }

  // Algorithm 1, lines 2-5: batch 1, one replica, the lowest-latency hardware.
  Plan fastest_plan() const {
    Plan plan;
    for (const auto& options : in_.options) plan.push_back({fastest_option(options), 1, 1});
    return plan;
  }

  Duration batch_one_path(const Plan& plan) const {
    std::vector<Duration> times;
    for (StageId s = 0; s < plan.size(); ++s) times.push_back(hardware(s, plan[s]).latency[1]);
    return critical_path(*in_.pipeline, times);
  }

  // Algorithm 1, lines 9-11, over `stages` (all, or one with the others
  // frozen): a replica for the bottleneck until the check passes.
  std::optional<Candidate> add_replicas_until_feasible(Plan plan, std::span<const StageId> stages) {
    for (;;) {
      const PlanEstimate e = estimate(plan);
      if (e.feasible) return Candidate{plan, plan_cost(in_, plan), e};
      const StageId s = bottleneck(plan, stages);
      if (plan[s].replicas >= in_.max_replicas_per_stage) return std::nullopt;
      ++plan[s].replicas;
    }
  }

  // Algorithm 2's loop over `stages`, from a feasible candidate.
  Candidate descend(Candidate current, std::span<const StageId> stages, bool downgrades) {
    while (auto next = best_step(current.plan, stages, downgrades)) current = std::move(*next);
    return current;
  }

 private:
  const HardwareOption& hardware(StageId s, const StagePlan& p) const { return in_.options[s][p.hardware]; }

  PlanEstimate estimate(const Plan& plan) {
    ++checks_;
    return check_(plan);
  }

  // FindMinThru: the stage whose replicas carry the fewest pipeline queries
  // per second, k b / (T(b) s); a stage no query visits is never it.
  StageId bottleneck(const Plan& plan, std::span<const StageId> stages) const {
    StageId worst = stages.front();
    double worst_rate = std::numeric_limits<double>::infinity();
    for (StageId s : stages) {
      const double share = in_.pipeline->visit_probability(s);
      if (share <= 0) continue;
      const StagePlan& p = plan[s];
      const double rate = p.replicas * p.batch / hardware(s, p).latency[p.batch].seconds() / share;
      if (rate < worst_rate) {
        worst = s;
        worst_rate = rate;
      }
    }
    return worst;
  }

  // One round of Algorithm 2 (lines 7-13): the cheapest feasible candidate;
  // equal costs go to the lower P99, then to the first found (stage order,
  // then IncreaseBatch, RemoveReplica, DowngradeHW).
  std::optional<Candidate> best_step(const Plan& plan, std::span<const StageId> stages, bool downgrades) {
    std::optional<Candidate> best;
    const auto consider = [&](std::optional<Candidate> c) {
      if (!c) return;
      const bool cheaper = !best || c->cost < best->cost - 1e-12;
      const bool as_cheap_faster =
          best && std::abs(c->cost - best->cost) <= 1e-12 && c->estimate.p99 < best->estimate.p99;
      if (cheaper || as_cheap_faster) best = std::move(c);
    };
    for (StageId s : stages) {
      consider(increase_batch(plan, s));
      consider(remove_replica(plan, s));
      if (downgrades) consider(downgrade_hardware(plan, s));
    }
    return best;
  }

  std::optional<Candidate> checked(Plan plan) {
    const PlanEstimate e = estimate(plan);
    if (!e.feasible) return std::nullopt;
    const double cost = plan_cost(in_, plan);
    return Candidate{std::move(plan), cost, e};
  }

  // Batches grow by factors of two (section 4.3), within the profile.
  std::optional<Candidate> increase_batch(Plan plan, StageId s) {
    if (plan[s].batch * 2 > hardware(s, plan[s]).max_batch()) return std::nullopt;
    plan[s].batch *= 2;
    return checked(std::move(plan));
  }

  std::optional<Candidate> remove_replica(Plan plan, StageId s) {
    if (plan[s].replicas <= 1) return std::nullopt;
    --plan[s].replicas;
    return checked(std::move(plan));
  }

  // The next cheaper hardware for the stage, the others frozen: Initialize
  // for it alone, then a local MinimizeCost of its batch and replicas; kept
  // only if the result costs less than the plan it would replace.
  std::optional<Candidate> downgrade_hardware(const Plan& plan, StageId s) {
    const auto cheaper = next_cheaper(s, hardware(s, plan[s]).price_per_hour);
    if (!cheaper) return std::nullopt;
    Plan moved = plan;
    moved[s] = {*cheaper, 1, 1};
    const StageId only[] = {s};
    auto start = add_replicas_until_feasible(std::move(moved), only);
    if (!start) return std::nullopt;
    Candidate local = descend(std::move(*start), only, /*downgrades=*/false);
    if (local.cost >= plan_cost(in_, plan)) return std::nullopt;
    return local;
  }

  // The dearest option still cheaper than `price` (lowest latency on a tie).
  std::optional<std::size_t> next_cheaper(StageId s, double price) const {
    std::optional<std::size_t> best;
    const auto& options = in_.options[s];
    for (std::size_t h = 0; h < options.size(); ++h) {
      if (options[h].price_per_hour >= price) continue;
      if (!best || options[h].price_per_hour > options[*best].price_per_hour ||
          (options[h].price_per_hour == options[*best].price_per_hour &&
           options[h].latency[1] < options[*best].latency[1])) {
        best = h;
      }
    }
    return best;
  }

  const PlannerInput& in_;
  const PlanCheck& check_;
  std::uint64_t checks_ = 0;
};

std::vector<StageId> all_stages(const PlannerInput& input) {
  std::vector<StageId> stages(input.options.size());
  std::iota(stages.begin(), stages.end(), StageId{0});
  return stages;
}

void check_input(const PlannerInput& input) {
  if (!input.pipeline || input.options.size() != input.pipeline->stages().size()) {
    throw std::invalid_argument("planner: one list of hardware options per stage expected");
  }
  for (const auto& options : input.options) {
    if (options.empty()) throw std::invalid_argument("planner: a stage with no hardware to run on");
    for (const HardwareOption& h : options) {
      if (h.latency.size() < 2) throw std::invalid_argument("planner: hardware without a batch-1 latency");
    }
  }
}

PlanResult result_of(const Candidate& c, std::uint64_t checks) { return {c.plan, c.cost, c.estimate.p99, checks}; }

}  // namespace

std::size_t fastest_option(std::span<const HardwareOption> options) {
  if (options.empty()) throw std::invalid_argument("planner: a stage with no hardware to run on");
  std::size_t best = 0;
  for (std::size_t h = 1; h < options.size(); ++h) {
    const bool faster = options[h].latency[1] < options[best].latency[1];
    const bool as_fast_cheaper =
        options[h].latency[1] == options[best].latency[1] && options[h].price_per_hour < options[best].price_per_hour;
    if (faster || as_fast_cheaper) best = h;
  }
  return best;
}

double plan_cost(const PlannerInput& input, const Plan& plan) {
  double cost = 0;
  for (StageId s = 0; s < plan.size(); ++s) cost += plan[s].replicas * input.options[s][plan[s].hardware].price_per_hour;
  return cost;
}

namespace {

// Algorithm 1 (lines 2-11) in `search`.
std::optional<Candidate> initial(const PlannerInput& input, Search& search) {
  check_input(input);
  const Plan fastest = search.fastest_plan();
  if (search.batch_one_path(fastest) > input.slo) return std::nullopt;
  return search.add_replicas_until_feasible(fastest, all_stages(input));
}

}  // namespace

std::optional<PlanResult> initialize_plan(const PlannerInput& input, const PlanCheck& check) {
  Search search(input, check);
  const auto start = initial(input, search);
  if (!start) return std::nullopt;
  return result_of(*start, search.checks());
}

std::optional<PlanResult> minimize_cost(const PlannerInput& input, const PlanCheck& check) {
  Search search(input, check);
  auto start = initial(input, search);
  if (!start) return std::nullopt;
  const Candidate best = search.descend(std::move(*start), all_stages(input), /*downgrades=*/true);
  return result_of(best, search.checks());
}

}  // namespace servesim::inferline
