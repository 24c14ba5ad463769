#include "policies/inferline/planner.hpp"

#include <algorithm>
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

  // Algorithm 1, lines 9-11: a replica for the bottleneck until the check
  // passes.
  std::optional<Candidate> add_replicas_until_feasible(Plan plan, std::span<const StageId> stages) {
    for (;;) {
      const PlanEstimate e = estimate(plan);
      if (e.feasible) return Candidate{plan, plan_cost(in_, plan), e};
      const StageId s = bottleneck(plan, stages);
      if (plan[s].replicas >= in_.max_replicas_per_stage) return std::nullopt;
      ++plan[s].replicas;
    }
  }

  // Algorithm 2's loop, from a feasible candidate.
  Candidate descend(Candidate current, std::span<const StageId> stages) {
    while (auto next = best_step(current.plan, stages)) current = std::move(*next);
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
  std::optional<Candidate> best_step(const Plan& plan, std::span<const StageId> stages) {
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
      consider(downgrade_hardware(plan, s));
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

  // DowngradeHW: the next cheaper hardware for the stage, the others frozen:
  // Initialize for it alone, then a local MinimizeCost of its batch and
  // replicas; kept only if the result costs less than the plan it would
  // replace. When that hardware gives no cheaper plan, the next cheaper one
  // after it is tried, and so on: section 4.3's own example (Fig. 9: language
  // identification moved from a GPU to a CPU) needs the step past a middle
  // tier worse than both (our K80, whose 74 ms per batch dwarfs a small text
  // model); with two tiers, as in the paper's cluster, this is its rule.
  std::optional<Candidate> downgrade_hardware(const Plan& plan, StageId s) {
    for (auto cheaper = next_cheaper(s, hardware(s, plan[s]).price_per_hour); cheaper;
         cheaper = next_cheaper(s, in_.options[s][*cheaper].price_per_hour)) {
      if (auto moved = downgrade_to(plan, s, *cheaper)) return moved;
    }
    return std::nullopt;
  }

  std::optional<Candidate> downgrade_to(const Plan& plan, StageId s, std::size_t cheaper) {
    Plan moved = plan;
    moved[s] = {cheaper, 1, 1};
    // Initialize's line-6 check, rerun for the moved stage: when the batch-1
    // path is over the SLO no number of replicas meets it (without the check
    // the search would add replicas up to the cap, one estimate each).
    if (batch_one_path(moved) > in_.slo) return std::nullopt;
    const double cost = plan_cost(in_, plan);
    const std::uint32_t affordable = affordable_replicas(plan, s, cheaper, cost);
    if (affordable == 0 || !some_batch_feasible(moved, s, affordable)) return std::nullopt;
    auto local = local_minimum(std::move(moved), s);
    if (!local || local->cost >= cost) return std::nullopt;
    return local;
  }

  // The most replicas of stage s on `hardware` with which the plan would
  // still cost less than `cost` (at most the cap).
  std::uint32_t affordable_replicas(const Plan& plan, StageId s, std::size_t hardware_index, double cost) const {
    const double others = cost - plan[s].replicas * hardware(s, plan[s]).price_per_hour;
    const double price = in_.options[s][hardware_index].price_per_hour;
    const double room = (cost - others) / price;
    const double below = std::ceil(room - 1e-9) - 1;  // the largest integer strictly below room
    return static_cast<std::uint32_t>(std::clamp(below, 0.0, static_cast<double>(in_.max_replicas_per_stage)));
  }

  // Whether `replicas` of stage s meet the SLO at some batch size. The local
  // search can only end cheaper than the plan it would replace at a batch
  // where that many replicas are feasible (with replicas only helping), so
  // when none is, the downgrade is rejected after one estimate per batch
  // size instead of a whole local search.
  bool some_batch_feasible(Plan plan, StageId s, std::uint32_t replicas) {
    plan[s].replicas = replicas;
    for (plan[s].batch = 1; plan[s].batch <= hardware(s, plan[s]).max_batch(); plan[s].batch *= 2) {
      if (checked(plan)) return true;
    }
    return false;
  }

  // DowngradeHW's Initialize and local MinimizeCost for stage s alone, the
  // others frozen. With one stage the bottleneck is always s, so Initialize
  // is the fewest replicas meeting the SLO at batch 1, and the local descent
  // removes replicas while the plan stays feasible (a removal is cheaper than
  // IncreaseBatch, so it always wins), then doubles the batch, until neither
  // is feasible. Each fewest-replicas step is found by doubling, then
  // bisection, not one replica at a time: the same answer while feasibility
  // only improves with replicas, in O(log k) estimates instead of k (a stage
  // that cannot meet the SLO at any count would otherwise take one estimate
  // per replica up to the cap).
  std::optional<Candidate> local_minimum(Plan plan, StageId s) {
    auto current = fewest_feasible_replicas(plan, s, 1, in_.max_replicas_per_stage);
    if (!current) return std::nullopt;
    for (;;) {
      plan = current->plan;
      if (plan[s].replicas > 1) {
        if (auto fewer = fewest_feasible_replicas(plan, s, 1, plan[s].replicas - 1)) {
          current = std::move(fewer);
          continue;
        }
      }
      if (auto batched = increase_batch(plan, s)) {
        current = std::move(batched);
        continue;
      }
      return current;
    }
  }

  // The fewest replicas of stage s in [low, high] for which the plan is
  // feasible, nothing if `high` is not: doubling up from `low`, then
  // bisection between the last infeasible count and the first feasible one.
  std::optional<Candidate> fewest_feasible_replicas(Plan plan, StageId s, std::uint32_t low, std::uint32_t high) {
    std::optional<Candidate> feasible;
    std::uint32_t infeasible = low - 1;  // the largest count known infeasible
    for (std::uint32_t k = low;; k = std::min<std::uint64_t>(2ull * k, high)) {
      plan[s].replicas = k;
      feasible = checked(plan);
      if (feasible) break;
      infeasible = k;
      if (k == high) return std::nullopt;
    }
    while (feasible->plan[s].replicas - infeasible > 1) {
      plan[s].replicas = infeasible + (feasible->plan[s].replicas - infeasible) / 2;
      if (auto c = checked(plan)) {
        feasible = std::move(c);
      } else {
        infeasible = plan[s].replicas;
      }
    }
    return feasible;
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
  const Candidate best = search.descend(std::move(*start), all_stages(input));
  return result_of(best, search.checks());
}

}  // namespace servesim::inferline
