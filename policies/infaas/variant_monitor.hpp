#pragma once
// The workers' monitoring daemons (section 5: "every 2 seconds, the monitoring
// daemon updates compute and memory utilization of the worker, loading, and
// average inference latencies, along with the current state ... for each
// variant"). Reads the ClusterView, writes the Metadata Store:
//   - per {variant, worker}: its offered load (the larger of the queries routed
//     to it and those it served, per second, over the period), the replicas'
//     outstanding queries and mean observed latency, whether another
//     variant shares a device, and from these its Figure 4 state;
//     (replicas that began serving within the view's latency window, 10 s,
//     are judged on their load alone: variant_state.hpp);
//   - per worker: its recent utilisation (busy fraction of its devices over
//     the period, a CPU replica counting for its share of the vCPUs) and load.
#include "policies/infaas/metadata_store.hpp"
#include "policies/infaas/variant_state.hpp"
#include "sim/serving/cluster_view.hpp"

namespace servesim::infaas {

class VariantMonitor {
 public:
  explicit VariantMonitor(StateThresholds limits) : limits_(limits) {}

  void observe(MetadataStore& store, const ClusterView& view);

 private:
  StateThresholds limits_;
  SimTime last_ = SimTime::zero();
};

}  // namespace servesim::infaas
