#pragma once
// Slowdown of a batch by the other replicas sharing its device.
//
// INFaaS (ATC'21, section 2.3 and Figure 1) co-locates a large model
// (Inception-ResNetV2) and a small one (MobileNetV1) on one V100: at low load
// sharing costs neither anything; at higher load the small model's latency
// grows sharply while the large model "remains unaffected"; and the load at
// which co-location starts to hurt "varies across models, and depends on both
// the load and the hardware architecture". On Inferentia the authors saw no
// noticeable interference because variants run on separate NeuronCores
// (section 6.3.1). We reproduce that shape with the simplest form that has it:
//
//   factor = 1                                          if load <= threshold
//                                                       or nobody else runs
//   factor = 1 + slope * (load - threshold) * w         otherwise, with
//   w      = (others - larger) + smaller_model_weight * larger
//
// i.e. linear in the load above the threshold and in the weighted number of
// co-runners, where a co-runner with a larger model than this one counts
// smaller_model_weight times (the smaller model suffers more). The parameters
// live per device type in the hardware catalog ("interference" block), because
// the onset and the slope depend on the architecture; whether they are used at
// all is a scenario switch.
#include <cstdint>

namespace servesim {

struct InterferenceModel {
  double threshold = 0.5;             // device utilisation below which sharing is free
  double slope = 0.5;                 // extra latency per unit of load above it, per co-runner
  double smaller_model_weight = 2.0;  // weight of a co-runner whose model is larger than ours

  // Factor (>= 1) on the profiled latency of a batch starting on a device
  // whose combined recent utilisation is device_load (0..n; may exceed 1 when
  // several replicas each keep it busy), with others_running other replicas
  // executing now, of which larger_running serve a larger model than this one
  // (clamped to others_running).
  double factor(double device_load, std::uint32_t others_running, std::uint32_t larger_running) const;
};

}  // namespace servesim
