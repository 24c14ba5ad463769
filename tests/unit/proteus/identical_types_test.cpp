// Two device types with identical capacities (the Proteus artifact's VPUs,
// which run the CPU profile) are one group to the MILP: the same answers as
// one type with the summed count, plans that use the devices of both, and
// none of the symmetric branch and bound that kept GLPK busy for minutes on
// the artifact's 40-device cluster (bench/proteus_artifact_solves.cpp).
#include <gtest/gtest.h>

#include <random>

#include "policies/proteus/demand_lowering.hpp"
#include "policies/proteus/device_groups.hpp"
#include "policies/proteus/device_plan.hpp"

namespace servesim::proteus {
namespace {

constexpr DeviceTypeId kCpu = 0, kVpu = 1, kGpuA = 2, kGpuB = 3;
constexpr std::uint32_t kApps = 9;

Capacity capacity(double qps) { return Capacity{4, from_millis(4000.0 / qps), qps}; }

// The shape of the artifact's world: 9 applications of 4 variants each,
// faster ones less accurate, GPUs 6 to 40 times a CPU, the most accurate
// variant too slow for a CPU; the VPU has the CPU's capacities. Irregular
// numbers (a seeded generator), as measured profiles are.
std::vector<VariantOption> artifact_like_options() {
  std::mt19937 rng(1);
  auto uniform = [&](double lo, double hi) { return std::uniform_real_distribution<double>(lo, hi)(rng); };
  std::vector<VariantOption> out;
  for (AppId a = 0; a < kApps; ++a) {
    double accuracy = 1.0, cpu = uniform(5, 40);
    for (VariantId v = 0; v < 4; ++v) {
      VariantOption o{a, 4 * a + v, accuracy, std::vector<std::optional<Capacity>>(4)};
      if (v > 0) o.capacity[kCpu] = o.capacity[kVpu] = capacity(cpu);
      o.capacity[kGpuA] = capacity(cpu * uniform(6, 15));
      o.capacity[kGpuB] = capacity(cpu * uniform(15, 40));
      out.push_back(std::move(o));
      accuracy -= uniform(0.01, 0.06);
      cpu *= uniform(1.2, 2.0);
    }
  }
  return out;
}

std::vector<DeviceTypeId> cluster(std::initializer_list<std::pair<DeviceTypeId, std::uint32_t>> counts) {
  std::vector<DeviceTypeId> out;
  for (const auto& [type, n] : counts) out.insert(out.end(), n, type);
  return out;
}

const std::vector<DeviceTypeId> kArtifact = cluster({{kCpu, 10}, {kVpu, 10}, {kGpuA, 10}, {kGpuB, 10}});
const std::vector<DeviceTypeId> kSummed = cluster({{kCpu, 20}, {kGpuA, 10}, {kGpuB, 10}});

TEST(ProteusIdenticalTypes, AreOneGroupOfTheSummedCount) {
  const DeviceGroups g = group_devices(kArtifact, artifact_like_options());
  EXPECT_EQ(g.type, (std::vector<DeviceTypeId>{kCpu, kGpuA, kGpuB}));
  EXPECT_EQ(g.size, (std::vector<std::uint32_t>{20, 10, 10}));
  for (std::size_t d = 0; d < 20; ++d) EXPECT_EQ(g.of_device[d], 0u) << d;
  const DeviceGroups summed = group_devices(kSummed, artifact_like_options());
  EXPECT_EQ(summed.size, g.size);
  EXPECT_EQ(summed.type, g.type);
}

// The start load and its plan, on the artifact's cluster and on one type of
// the summed count; solved once for the tests below. No time limit: should
// merging break, this runs for minutes (over 10 s on the test machine, 16x
// the merged time) rather than passing on a cut-short answer.
struct Solved {
  UniformLoad load;
  LoweredPlan plan;
};

Solved solve_start(const std::vector<DeviceTypeId>& devices) {
  const auto options = artifact_like_options();
  const DeviceGroups g = group_devices(devices, options);
  Solved out{max_uniform_load(g, options, kApps), {}};
  out.plan = solve_with_lowering(milp_problem(g, options, std::vector<double>(kApps, out.load.qps)));
  return out;
}

const Solved& artifact() {
  static const Solved s = solve_start(kArtifact);
  return s;
}

TEST(ProteusIdenticalTypes, SameStartLoadAndPlanAsOneTypeOfTheSummedCount) {
  const Solved summed = solve_start(kSummed);
  ASSERT_GT(artifact().load.qps, 0);
  EXPECT_EQ(artifact().load.qps, summed.load.qps);
  EXPECT_EQ(artifact().load.tally.time_limit_hits, 0u);
  ASSERT_TRUE(artifact().plan.plan && summed.plan.plan);
  EXPECT_EQ(artifact().plan.beta, summed.plan.beta);
  EXPECT_EQ(artifact().plan.plan->objective, summed.plan.plan->objective);
  EXPECT_EQ(artifact().plan.plan->hosts, summed.plan.plan->hosts);
}

TEST(ProteusIdenticalTypes, TheMergedCountsGoToDevicesOfBothTypes) {
  const auto options = artifact_like_options();
  const DeviceGroups g = group_devices(kArtifact, options);
  const MilpPlan& milp = *artifact().plan.plan;
  const DevicePlan plan = plan_on_devices(milp, g, std::vector<std::optional<std::uint32_t>>(kArtifact.size()));
  std::uint32_t cpus = 0, vpus = 0, merged_hosts = 0;
  for (std::size_t d = 0; d < kArtifact.size(); ++d) {
    if (!plan.devices[d].option) continue;
    cpus += kArtifact[d] == kCpu ? 1 : 0;
    vpus += kArtifact[d] == kVpu ? 1 : 0;
    EXPECT_TRUE(options[*plan.devices[d].option].allowed_on(kArtifact[d])) << d;
  }
  for (std::uint32_t n : milp.hosts[0]) merged_hosts += n;
  EXPECT_GT(merged_hosts, 10u);  // more than the CPUs alone hold
  EXPECT_EQ(cpus + vpus, merged_hosts);
  EXPECT_GT(cpus, 0u);
  EXPECT_GT(vpus, 0u);
}

}  // namespace
}  // namespace servesim::proteus
