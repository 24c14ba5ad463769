// INFaaS-Accuracy ("mode": "infaas-accuracy", Proteus section 6.1.1): INFaaS
// with accuracy as the objective and the fixed cluster as the constraint, on
// two GPUs of a fixed cluster with one family of two variants:
//   hi: accuracy 100, 20 ms at batch 1 (50 QPS per replica)
//   lo: accuracy  80,  5 ms at batch 1 (200 QPS per replica)
// A GPU takes one replica of each variant, so hi peaks at 2 x 50 = 100 QPS.
// The load is 30 QPS, then 150 QPS, then 30 QPS again (60 s each).
#include <gtest/gtest.h>

#include "tests/unit/infaas/engine_harness.hpp"

namespace servesim::infaas::test {
namespace {

json two_gpu_world(const std::string& mode) {
  return json::parse(R"({
    "name": "infaas-accuracy", "seed": 7, "duration_s": 180,
    "catalogs": {
      "hardware": [{"device_types": [{"name": "gpu", "kind": "gpu", "memory_mb": 16384}], "instance_types": [
        {"name": "gpu.w", "vcpus": 8, "memory_mb": 62464, "devices": [{"type": "gpu", "count": 1}],
         "price_per_hour": 3.06, "boot_latency_s": 10}]}],
      "models": [{"families": [{"name": "f", "variants": [
        {"name": "hi", "accuracy": 100, "memory_mb": 500, "load_latency_ms": 500, "max_batch": 1,
         "latency_ms": {"gpu": [[1, 20]]}},
        {"name": "lo", "accuracy": 80, "memory_mb": 200, "load_latency_ms": 500, "max_batch": 1,
         "latency_ms": {"gpu": [[1, 5]]}}]}]}]
    },
    "cluster": {"devices": [{"type": "gpu", "count": 2}]},
    "applications": [{"name": "a", "family": "f", "slo_ms": 100, "workload": {"kind": "segments", "segments": [
      {"duration_s": 60, "workload": {"kind": "poisson", "rate": 30}},
      {"duration_s": 60, "workload": {"kind": "poisson", "rate": 150}},
      {"duration_s": 60, "workload": {"kind": "poisson", "rate": 30}}]}}],
    "serving": {"drop": "expired"},
    "policies": [{"name": "infaas", "params": {"worker_types": {"gpu": "gpu.w"}}}],
    "outputs": {"window_s": 10}
  })")
      .patch(json::array({{{"op", "add"}, {"path", "/policies/0/params/mode"}, {"value", mode}}}));
}

// Effective accuracy (percent) and completions of the windows within [from, to] s.
struct Span {
  double accuracy = 0;
  std::uint64_t completed = 0;
  double seconds = 0;
  double throughput() const { return seconds > 0 ? static_cast<double>(completed) / seconds : 0; }
};
Span span(const CloudRun& run, double from_s, double to_s) {
  Span s;
  double weighted = 0;
  for (const auto& row : run.rows) {
    if (row.start_s < from_s - 1e-9 || row.end_s > to_s + 1e-9 || !row.effective_accuracy) continue;
    s.seconds += row.end_s - row.start_s;
    weighted += *row.effective_accuracy * static_cast<double>(row.completed);
    s.completed += row.completed;
  }
  s.accuracy = s.completed > 0 ? weighted / static_cast<double>(s.completed) : 0;
  return s;
}

TEST(InfaasAccuracy, ScalesAccuracyDownForTheBurstAndBackUpAfter) {
  const Outcome o = run_infaas(two_gpu_world("infaas-accuracy"));
  EXPECT_TRUE(cloudtest::conserved(o.run));
  // Low load: mostly the most accurate variant. (Not only: at 30 QPS hi's
  // mean latency, queueing included, passes the public code's 1.5 x profiled
  // bound now and then, the monitor calls it Overloaded, and Algorithm 1 then
  // loads lo for a while.)
  const double low = span(o.run, 10, 60).accuracy;
  EXPECT_GT(low, 90.0);
  // 150 QPS is beyond hi's 100 QPS on two GPUs: it upgrades to lo and serves
  // more than hi could, at a lower accuracy. (Not all of the 150: while hi is
  // Active between two monitor periods Algorithm 1 sends it everything, most
  // accurate first, and what hi cannot serve expires.)
  const Span burst = span(o.run, 80, 120);
  EXPECT_LT(burst.accuracy, 85.0);
  EXPECT_GT(burst.throughput(), 100.0);
  EXPECT_GE(o.stats.upgrades, 1u);
  // Back at 30 QPS the lo replicas go once they have been under-used for T_v
  // (20 checks on a GPU, model_autoscaler.hpp) and hi serves again: the
  // accuracy is that of the low load before the burst.
  EXPECT_GT(span(o.run, 150, 180).accuracy, 90.0);
  // The cluster's size is the constraint: no worker is ever added.
  EXPECT_EQ(o.stats.workers_launched, 0u);
  EXPECT_TRUE(o.instance_types.empty());
}

// The same world under plain INFaaS: cost is the objective, so it serves the
// cheaper lo throughout, and adds a GPU worker it may have.
TEST(InfaasAccuracy, PlainInfaasMinimizesCostInstead) {
  const Outcome o = run_infaas(two_gpu_world("infaas"));
  EXPECT_LT(span(o.run, 10, 60).accuracy, 81.0);
  EXPECT_GT(o.share("lo"), 0.95);
}

TEST(InfaasAccuracy, TakesNoFixedVariant) {
  json doc = two_gpu_world("infaas-accuracy");
  doc["policies"][0]["params"]["fixed_variant"] = "hi";
  EXPECT_THROW(run_infaas(doc), InputError);
}

}  // namespace
}  // namespace servesim::infaas::test
