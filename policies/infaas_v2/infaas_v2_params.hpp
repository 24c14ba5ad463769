#pragma once
// The infaas-v2 policy's parameters: the Proteus artifact's INFaaS-Accuracy
// (its config keys in comments) and one switch per place where the artifact
// departs from the INFaaS paper (ATC'21), each defaulting to the artifact.
//
// Example: {"name": "infaas-v2", "params": {"slack": 0.05, "downscale_slack": 0.6,
//            "scaling_interval_s": 10, "random_fallback": false}}
#include <array>
#include <string>

#include "policies/param_table.hpp"
#include "sim/core/json_node.hpp"
#include "sim/core/time.hpp"

namespace servesim::infaas_v2 {

// The artifact's accelerator kinds, in its AccType order (CPU, GPU, VPU,
// FPGA); its FPGA slot is the GTX 1080 Ti (GPU_PASCAL) and its VPU runs the
// CPU profile. Kinds 0 and 2 are the slow ones a GPU predictor may move to.
inline constexpr std::size_t kAccKinds = 4;
inline constexpr std::size_t kCpuKind = 0;
inline constexpr std::size_t kVpuKind = 2;

struct Params {
  // infaas_slack: capacity is counted at (1 - slack) of the profiled peak.
  double slack = 0.05;
  // infaas_downscale_slack: downscaling stops once capacity x (1 - slack) x
  // (1 - downscale_slack) no longer exceeds the last second's arrivals.
  double downscale_slack = 0.6;
  // solve_interval: up- then down-scaling every this often (steps of 1 s).
  Duration scaling_interval{10'000'000'000};
  // Every query of the artifact's traces asks for accuracy 100 (its default).
  double request_accuracy = 100;
  // drop_expired_requests: a batch drops queued queries older than this x SLO.
  double expiry_factor = 2;
  // batching: the artifact's "infaas" (its default) or "aimd" (its
  // zipf_exponential_bursty config). With its INFaaS task assignment both
  // batch at the predictor's INFaaS batch size and arm the same one-shot
  // timer, but under "aimd" the timer's ring goes to aimd_expiring_callback,
  // which does nothing (Proteus public code, core/predictor.py): a replica
  // with fewer than its batch queued then waits until the batch fills.
  bool batch_timer = true;  // false: "aimd"
  // Device types of the four kinds ("" for none in the cluster).
  std::array<std::string, kAccKinds> device_types = {"cpu", "a100", "vpu", "gtx1080ti"};

  // --- Switches (true = the artifact; false = the INFaaS paper's reading).
  // Replication adds the family's least accurate variant (add_predictor with
  // no variant name) instead of copies of the predictor's own variant.
  bool replicate_least_accurate = true;
  // Upgrade and the downscaler's move to a CPU count capacity with the
  // profiled latency in ms where a throughput is meant (q/s = batch x 1000 /
  // latency when false).
  bool latency_as_throughput = true;
  // The downscaler reads each predictor's latency at the batch size left in
  // its loop variable by the previous predictor, not at its own.
  bool stale_downscale_batch = true;
  // When the downscaler finds a predictor it need not shrink, it returns and
  // drops the removals and swaps it planned for the family's earlier ones.
  bool downscale_return_discards = true;
  // Step 5 of the down-scaler (a predictor to a free CPU, else VPU device)
  // applies to CPU and VPU predictors too: the artifact guards it with
  // `predictor.acc_type == AccType.CPU or ... AccType.VPU`, but acc_type is an
  // int and AccType an Enum, so the guard never holds (core/executor.py,
  // trigger_infaas_v2_downscaling). false: GPU predictors only.
  bool downscale_moves_cpu_predictors = true;
  // A query that no predictor has room for goes to a random predictor of its
  // family (false: it is rejected).
  bool random_fallback = true;
  // A predictor's queue length counts the queries it dropped, forever (they
  // stay in its request_dict); false: queued plus executing only.
  bool dropped_count_as_queued = true;
};

// Its parameters, declared once (infaas_v2_params.cpp).
const ParamTable& param_table();

Params parse_params(const JsonNode& node);

}  // namespace servesim::infaas_v2
