#pragma once
// INFaaS' Model-Autoscaler, one per worker, every second (sections 4.2.1,
// 4.2.2 and 5). For each running worker:
//   headroom = sum over its running variants of Q x N / sum of their load,
// where the load of a {variant, worker} is the queries routed to it per second
// (its "incoming query load", section 3.2), averaged over the last two
// periods. Below the slack threshold (1.05, section 5) every variant of the
// worker whose own capacity is short gets the cheaper of replication and an
// upgrade (scaling_decision.hpp); so does a variant the monitor found
// Overloaded ("For variants in the Overloaded state, INFaaS' Model-Autoscaler
// assesses whether it is more cost-effective to scale to a different
// variant", section 4.1), taken to carry at least its saturation load. Otherwise each variant in the Active state
// is checked for a scale-down (remove one replica, or downgrade), which is
// taken only once it has been possible on every check for T_v (section 4.2.2:
// "waits for T_v time slots before executing the chosen strategy for a
// variant v, to avoid scaling down too quickly"); a check where it is not
// possible starts the wait again. T_v counts model-autoscaler checks, by the
// variant's hardware: CPU 10, GPU 20, Inferentia 15 (INFaaS public code,
// src/worker/autoscaler.cc, CPU_/GPU_/INFA_SCALE_DOWN_DELAY: "scale down if
// we get 10 continuous scale down requests"); the scale-down is taken on the
// check after them, as there. The paper sets T_v "equal to the loading
// latency of variant v"; with "scale_down_delay": "load_latency" the wait is
// that latency, which, under one period (the catalogs' 0.7 s against the 1 s
// period), lets a variant scale down on its second under-used check: on a
// flat load near one replica's capacity it then scales 1 <-> 2 every few
// seconds, as each noisy two-second measure crosses the slack.
// Whatever the trigger, a variant scales up only while its architecture's
// capacity over all workers is short of its load x slack: the ILP's
// constraint (1) sums over all variants of the application, and the
// dispatcher (Algorithm 1) sends a full variant's queries to the others.
// Without this check the variant with the smallest slack, which the
// dispatcher fills first, always looks short and is replicated without end.
// This departs from section 4.2.2's rule, which looks at one worker's
// variants only (docs/policies.md). A scale-down follows the paper: one
// replica goes only when its own variant's load fits in one fewer (the
// architecture's other variants may serve other applications' SLOs).
// The capacity counted is the dispatcher's: not that of Overloaded or
// Interfered variants, which Algorithm 1 avoids (section 4.1); counting it
// held back the scale-up of a variant five times over its capacity while the
// room was in a variant the dispatcher would not use.
// The autoscaler plans; the policy places replicas (its worker first, then
// online bin packing over the others, then a new worker from the VM
// autoscaler) and carries the actions out. A {variant, worker} in transition
// (replicas it added, or that replace it, are still loading) is left alone,
// and no scale-down follows an action before it had time to show in the load.
#include <array>
#include <cstdint>
#include <functional>
#include <vector>

#include "policies/infaas/metadata_store.hpp"
#include "policies/infaas/scaling_decision.hpp"

namespace servesim::infaas {

struct ModelScalingRules {
  double slack = 1.05;        // section 5
  double lambda_per_s = 1.0;  // section 4.2.1; no published value
  bool public_code_delay = true;  // T_v in checks (delay_checks), else the load latency
  std::array<std::uint32_t, kDeviceKindCount> delay_checks = {10, 20, 15, 0};  // public code
  Duration interval = from_seconds(1);  // section 5
};

struct ScalingAction {
  ScalingDecision::Kind kind = ScalingDecision::Kind::kNone;
  std::uint32_t instance = 0;  // the {variant, worker} scaled
  std::uint32_t profile = 0;   // kSwitch: the variant switched to
  std::int64_t replicas = 0;
  double cost = 0;
  bool may_launch = false;  // may ask for a new worker when none has room
};

class ModelAutoscaler {
 public:
  // alternatives[p]: the profiles a variant of profile p may switch to (same
  // architecture, meeting the SLO and accuracy floor of every application
  // using it, on hardware the cluster has or can get).
  ModelAutoscaler(ModelScalingRules rules, std::vector<std::vector<std::uint32_t>> alternatives);

  // Each instance's incoming load since the last call.
  void measure(MetadataStore& store, SimTime now);
  // room(p): replicas of profile p the cluster can take now (constraint 3);
  // none given: unlimited, as new workers can be had.
  using Room = std::function<std::int64_t(std::uint32_t profile)>;
  std::vector<ScalingAction> plan(MetadataStore& store, SimTime now, const Room& room = {});

  const ModelScalingRules& rules() const { return rules_; }
  Duration scale_down_wait(const VariantProfile& profile) const;

 private:
  ModelScalingRules rules_;
  std::vector<std::vector<std::uint32_t>> alternatives_;
  SimTime last_ = SimTime::zero();
  std::vector<ScalingOption> options_;  // scratch
  std::vector<double> family_capacity_, family_load_;  // by FamilyId, per plan()
};

}  // namespace servesim::infaas
