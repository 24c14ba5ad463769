// INFaaS (ATC'21) section 6.3, Figure 7: configs/scenarios/papers/infaas/
// gpu_sharing.json. Inception-ResNetV2 (80 % of the queries) and MobileNetV1
// (20 %), TensorRT batch-1 variants, load rising 50 -> 500 QPS. The paper:
// INFaaS marked the two Interfered (around 30 and 50 s), started a second GPU
// worker (~30 s to start), created an instance of each model on it and spread
// the load over the GPUs; Clipper+, one model persisted on each of 2 GPUs, did
// not adapt, and its Inception-ResNetV2 latency and throughput degraded;
// INFaaS saved 10 % of the cost.
//
// Two views of the same scenario:
//   - the servesim binary's outputs (timeseries.csv every 30 s, as Figure 7,
//     and summary.json): workers and replicas over time, P99 and throughput
//     per window (printed beside each other), cost;
//   - the infaas policy run in-process on the same file, because the run
//     writes no policy state: the variant states its monitor sets (Figure 4),
//     when it asks for the second worker, and where it sends the queries.
//
// Measured (seed 1): Inception-ResNetV2 is marked Interfered at 66 s (mostly
// queueing at 62 % GPU utilisation while it shares the GPU: the monitor's
// latency includes the queue) and INFaaS asks for the second GPU worker at
// that check (rule 2 of the VM-Autoscaler: every GPU worker hosts an
// Interfered variant); the worker serves from ~96 s, Inception-ResNetV2 runs
// on both GPUs from then; MobileNetV1 is marked Interfered at 148 s when both
// GPUs are saturated. From then on the mitigation moves MobileNetV1 back and
// forth between the two GPUs (both host Inception-ResNetV2) every ~12 s, and
// each move makes its queries wait for a load: its P99 is 0.3-0.5 s where
// Clipper+, alone on its GPU, keeps it under 10 ms. The paper does not show
// this ping-pong (its MobileNetV1 is not plotted against Clipper+'s).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string>

#include "policies/infaas/infaas_policy.hpp"
#include "tests/regression/scenario_suite.hpp"
#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::test {
namespace {

namespace fs = std::filesystem;

const std::string kScenario = std::string(SERVESIM_SOURCE_DIR) + "/configs/scenarios/papers/infaas/gpu_sharing.json";
const std::string kLarge = "inception_resnet_v2";
const std::string kSmall = "mobilenet_v1";

// One application's (or "all") rows of a timeseries, by window start.
std::vector<std::map<std::string, std::string>> rows_of(const Csv& csv, const std::string& app) {
  std::vector<std::map<std::string, std::string>> out;
  const std::size_t a = csv.column("app");
  for (const auto& r : csv.rows) {
    if (r.at(a) != app) continue;
    std::map<std::string, std::string> row;
    for (std::size_t c = 0; c < csv.header.size(); ++c) row[csv.header[c]] = r.at(c);
    out.push_back(std::move(row));
  }
  return out;
}

double num(const std::map<std::string, std::string>& row, const std::string& column) { return std::stod(row.at(column)); }

class InfaasGpuSharing : public ScenarioSuite<InfaasGpuSharing> {
 protected:
  static void SetUpTestSuite() { run_scenario(kScenario); }
  static Csv series(const std::string& label) { return read_csv(out() / label / "timeseries.csv"); }
};


TEST_F(InfaasGpuSharing, P99AndThroughputEvery30Seconds) {
  const Csv infaas = series("infaas"), clipper = series("clipper-plus");
  std::printf("window   app                  demand | INFaaS thr/s   P99 ms | Clipper+ thr/s   P99 ms\n");
  for (const std::string& app : {kLarge, kSmall}) {
    const auto i = rows_of(infaas, app), c = rows_of(clipper, app);
    ASSERT_GE(i.size(), 9u);  // 270 s in 30 s windows, then maybe the drain's
    ASSERT_GE(c.size(), 9u);
    for (std::size_t w = 0; w < 9; ++w) {
      std::printf("%3.0f-%3.0f  %-20s %6.1f | %12.1f %8.1f | %14.1f %8.1f\n", num(i[w], "window_start_s"),
                  num(i[w], "window_end_s"), app.c_str(), num(i[w], "demand_qps"), num(i[w], "throughput_qps"),
                  num(i[w], "latency_p99_ms"), num(c[w], "throughput_qps"), num(c[w], "latency_p99_ms"));
    }
  }
  // Clipper+'s one Inception-ResNetV2 replica saturates (~164 QPS at batch 1);
  // INFaaS' two carry about twice that over the last 90 s, with a lower P99.
  const auto i = rows_of(infaas, kLarge), c = rows_of(clipper, kLarge);
  double served_i = 0, served_c = 0;
  for (std::size_t w = 6; w < 9; ++w) {
    served_i += num(i[w], "throughput_qps");
    served_c += num(c[w], "throughput_qps");
  }
  EXPECT_GT(served_i, 1.5 * served_c);
  EXPECT_LT(num(c[5], "throughput_qps"), 170.0);  // Clipper+ is capped from the middle of the run
  for (std::size_t w = 5; w < 9; ++w) EXPECT_LT(num(i[w], "latency_p99_ms"), num(c[w], "latency_p99_ms")) << w;
  // MobileNetV1 alone on its GPU (Clipper+) stays fast throughout.
  for (const auto& row : rows_of(clipper, kSmall)) EXPECT_LT(num(row, "latency_p99_ms"), 10.0);
}

TEST_F(InfaasGpuSharing, InfaasAddsOneGpuWorkerAndSpreadsTheReplicas) {
  const auto all = rows_of(series("infaas"), "all");
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(num(all.front(), "devices_gpu"), 1);  // one GPU worker, both models on it
  EXPECT_EQ(num(all.front(), "replicas_gpu"), 2);
  double most_devices = 0, most_replicas = 0;
  for (const auto& row : all) {
    EXPECT_LE(num(row, "devices_gpu"), 2) << "max_workers";
    EXPECT_LE(num(row, "instances_on_demand"), 2) << "max_workers";
    most_devices = std::max(most_devices, num(row, "devices_gpu"));
    most_replicas = std::max(most_replicas, num(row, "replicas_gpu"));
  }
  EXPECT_EQ(most_devices, 2);
  EXPECT_GE(most_replicas, 3);  // Inception-ResNetV2 on both GPUs, MobileNetV1 on one or both
  EXPECT_EQ(num(all.back(), "devices_gpu"), 2);
}

TEST_F(InfaasGpuSharing, ClipperPlusDoesNotAdapt) {
  for (const auto& row : rows_of(series("clipper-plus"), "all")) {
    EXPECT_EQ(num(row, "devices_gpu"), 2);
    EXPECT_EQ(num(row, "replicas_gpu"), 2);
    EXPECT_EQ(num(row, "instances_on_demand"), 2);
  }
}

TEST_F(InfaasGpuSharing, InfaasCostsLessThanClipperPlus) {
  const double infaas = read_json(out() / "infaas" / "summary.json").at("cost").at("total").get<double>();
  const double clipper = read_json(out() / "clipper-plus" / "summary.json").at("cost").at("total").get<double>();
  std::printf("cost: INFaaS $%.4f, Clipper+ $%.4f: INFaaS saves %.1f %% (the paper: 10 %%)\n", infaas, clipper,
              100 * (1 - infaas / clipper));
  EXPECT_LT(infaas, clipper);  // one GPU until contention, then two
}

// In-process: what the policy's monitor and autoscalers did.
TEST(InfaasGpuSharingPolicy, MarksBothInterferedThenAddsAWorkerAndSpreadsTheLoad) {
  const Scenario scenario = load_scenario(kScenario);
  auto policy = cloudtest::first_policy(scenario);
  auto& infaas = dynamic_cast<InfaasPolicy&>(*policy);
  const infaas::MetadataStore& store = infaas.store();

  std::map<std::string, double> first_interfered;  // variant family -> seconds
  double second_worker_at = -1;
  std::size_t most_gpu_workers = 0;
  std::map<std::string, std::map<std::uint32_t, std::uint64_t>> routed;  // family -> worker -> queries
  cloudtest::Forwarder forward(infaas);
  forward.every_route = [&](const RouteDecision& d, const ClusterView& view) {
    if (d.kind != RouteDecision::Kind::kReplica) return;
    const auto& vi = store.instance(store.replica(d.target).instance);
    ++routed[view.models().family(store.profile(vi.profile).family).name][vi.worker];
  };
  forward.every_tick = [&](const ClusterView& view) {
    for (const auto& [i, vi] : store.instances()) {
      if (vi.state != infaas::VariantState::kInterfered) continue;
      const std::string family = view.models().family(store.profile(vi.profile).family).name;
      first_interfered.emplace(family, view.now().seconds());
    }
    std::size_t gpu_workers = 0;
    for (const auto& [w, worker] : store.workers()) {
      gpu_workers += worker.kind == DeviceKind::kGpu && worker.phase != infaas::WorkerPhase::kGone;
    }
    most_gpu_workers = std::max(most_gpu_workers, gpu_workers);
    if (gpu_workers >= 2 && second_worker_at < 0) second_worker_at = view.now().seconds();
  };
  const cloudtest::CloudRun run = cloudtest::run(scenario, forward);

  std::printf("marked Interfered: %s at %.0f s, %s at %.0f s (the paper: ~30 s and ~50 s)\n", kLarge.c_str(),
              first_interfered.count(kLarge) ? first_interfered.at(kLarge) : -1.0, kSmall.c_str(),
              first_interfered.count(kSmall) ? first_interfered.at(kSmall) : -1.0);
  std::printf("second GPU worker requested at %.0f s; interference migrations %llu\n", second_worker_at,
              static_cast<unsigned long long>(infaas.stats().migrations));
  for (const auto& [family, by_worker] : routed) {
    for (const auto& [worker, n] : by_worker) std::printf("  %s: worker %u served %llu\n", family.c_str(), worker,
                                                         static_cast<unsigned long long>(n));
  }

  ASSERT_TRUE(first_interfered.count(kLarge)) << "Inception-ResNetV2 never marked Interfered";
  ASSERT_TRUE(first_interfered.count(kSmall)) << "MobileNetV1 never marked Interfered";
  ASSERT_GE(second_worker_at, 0) << "no second GPU worker";
  // GPUs are added only when contention is detected (section 6.3).
  EXPECT_GE(second_worker_at, std::min(first_interfered.at(kLarge), first_interfered.at(kSmall)));
  EXPECT_EQ(most_gpu_workers, 2u) << "max_workers: 2";
  EXPECT_GE(infaas.stats().migrations, 1u);
  // The popular model's load is spread over both GPUs, each carrying a good share.
  ASSERT_EQ(routed[kLarge].size(), 2u);
  std::uint64_t total = 0, least = UINT64_MAX;
  for (const auto& [worker, n] : routed[kLarge]) {
    total += n;
    least = std::min(least, n);
  }
  EXPECT_GT(static_cast<double>(least), 0.25 * static_cast<double>(total));
  EXPECT_TRUE(cloudtest::conserved(run));
}

}  // namespace
}  // namespace servesim::test
