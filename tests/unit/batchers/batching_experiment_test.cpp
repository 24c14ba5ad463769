// The micro-experiment of Proteus section 6.4 (Figure 6): one device, one
// replica, a fixed load, three arrival processes with the same rate, and the
// SLO violation ratio of Proteus', Nexus' and Clipper's (AIMD) batching.
// Figure 6: all do well on uniform arrivals; on Poisson and on bursty Gamma
// arrivals Proteus has the fewest violations, then Nexus, then AIMD.
//
// The scenario is fixed from first principles, not tuned to the outcome:
//  - a GPU-like profile, 1:5 2:6 4:8 8:12 16:20 32:36 ms (linear in between);
//  - SLO 25 ms, five times the batch-1 latency;
//  - B* for all three batchers: the largest batch whose latency is at most
//    half the SLO (Proteus section 4, after Nexus), here 8 (12 ms); the
//    device's peak throughput is then B* / T(B*) = 667 q/s (Proteus' P_dm);
//  - load 65 % of that peak, the same for every arrival process;
//  - Gamma inter-arrivals of shape 0.05 as in section 6.4: squared cv 20
//    (cv 4.47);
//  - the engine drops a query once its deadline has passed ("expired"), for
//    every batcher alike; Proteus and Nexus drop earlier by their own rule;
//  - AIMD with its defaults (from 1, +1 on time, x0.9 late: Clipper's 10 %);
//  - 5 seeds x 120 s per cell (common random numbers across batchers), so a
//    cell counts about 260 000 queries.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "tests/unit/serving/engine_harness.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

constexpr double kSloMs = 25;
constexpr double kDurationS = 120;
constexpr int kSeeds = 5;
const json kProfile = json::parse("[[1, 5], [2, 6], [4, 8], [8, 12], [16, 20], [32, 36]]");

// The largest b with T(b) <= SLO / 2 on the profile (linear in between).
std::uint32_t b_star() {
  const LatencyProfile profile({{1, 5}, {2, 6}, {4, 8}, {8, 12}, {16, 20}, {32, 36}},
                               LatencyProfile::Fit::kInterpolate);
  const std::vector<Duration> table = profile.table(32);
  std::uint32_t best = 1;
  for (std::uint32_t b = 1; b < table.size(); ++b) {
    if (table[b] <= from_millis(kSloMs / 2)) best = b;
  }
  return best;
}

double peak_qps() {
  const std::uint32_t b = b_star();
  return b / (b <= 8 ? (4.0 + b) / 1000.0 : 0);  // T(b) = 4 + b ms for 2 <= b <= 16
}

json world(std::uint64_t seed, json workload, json batcher) {
  json doc = engine_world(1);
  doc["catalogs"]["models"][0]["families"].push_back(
      {{"name", "g"},
       {"variants", json::array({{{"name", "g1"}, {"accuracy", 1}, {"memory_mb", 100}, {"max_batch", 32},
                                  {"latency_ms", {{"gpu", kProfile}}}}})}});
  doc["seed"] = seed;
  doc["duration_s"] = kDurationS;
  doc["serving"]["drop"] = "expired";
  doc["applications"] = single_stage_app("g", kSloMs, std::move(workload));
  doc["policies"] = static_policy({place("g1", 1, std::move(batcher))});
  return doc;
}

struct Cell {
  std::uint64_t decided = 0;  // arrived and not in flight at the end
  std::uint64_t on_time = 0;
  std::uint64_t dropped = 0;
  std::vector<double> per_seed;  // violation ratio of each seed's run
  double violation_ratio() const { return 1.0 - static_cast<double>(on_time) / static_cast<double>(decided); }
};

class BatchingExperiment : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const double rate = 0.65 * peak_qps();
    const std::uint32_t bs = b_star();
    TempDir dir;
    // Evenly spaced arrivals, written out: one every 1 / rate.
    std::vector<double> even;
    for (double t = 0; t < kDurationS * 1000; t += 1000 / rate) even.push_back(t);
    const json uniform = replay_at(dir, even, "uniform.txt");
    const json arrivals[3] = {uniform, {{"kind", "poisson"}, {"rate", rate}},
                              {{"kind", "gamma"}, {"rate", rate}, {"cv2", 20}}};
    const json batchers[3] = {{{"kind", "proteus"}, {"max_batch", bs}},
                              {{"kind", "nexus"}, {"max_batch", bs}},
                              {{"kind", "aimd"}, {"max_batch", bs}}};
    const auto start = std::chrono::steady_clock::now();
    for (int a = 0; a < 3; ++a) {
      for (int b = 0; b < 3; ++b) {
        for (int s = 0; s < kSeeds; ++s) {
          const EngineRun run = run_engine(dir, world(1000 + s, arrivals[a], batchers[b]));
          Cell& c = cells_[a][b];
          c.decided += run.counts.arrived - run.counts.unfinished;
          c.on_time += run.counts.on_time;
          c.dropped += run.counts.dropped;
          c.per_seed.push_back(1.0 - static_cast<double>(run.counts.on_time) /
                                         static_cast<double>(run.counts.arrived - run.counts.unfinished));
        }
      }
    }
    const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("\nSLO violation ratio (late + dropped) / finished; SLO %.0f ms, B* %u, %.0f q/s = 65%% of %.0f q/s peak,"
                " %d seeds x %.0f s, %.1f s wall\n",
                kSloMs, bs, rate, peak_qps(), kSeeds, kDurationS, wall);
    std::printf("%-22s %10s %10s %10s\n", "arrivals", "proteus", "nexus", "aimd");
    const char* names[3] = {"uniform", "poisson", "gamma (shape 0.05)"};
    for (int a = 0; a < 3; ++a) {
      std::printf("%-22s %10.5f %10.5f %10.5f\n", names[a], cells_[a][0].violation_ratio(),
                  cells_[a][1].violation_ratio(), cells_[a][2].violation_ratio());
    }
    std::printf("(queries per cell: %llu; dropped share of violations, proteus/nexus/aimd on gamma: %.2f %.2f %.2f)\n",
                static_cast<unsigned long long>(cells_[0][0].decided), drop_share(cells_[2][0]),
                drop_share(cells_[2][1]), drop_share(cells_[2][2]));
    for (int a = 1; a < 3; ++a) {
      for (int b = 0; b < 3; ++b) {
        std::printf("  %-8s %-8s per seed:", names[a], b == 0 ? "proteus" : b == 1 ? "nexus" : "aimd");
        for (double r : cells_[a][b].per_seed) std::printf(" %.4f", r);
        std::printf("\n");
      }
    }
  }

  static double drop_share(const Cell& c) {
    const double violations = static_cast<double>(c.decided - c.on_time);
    return violations == 0 ? 0 : static_cast<double>(c.dropped) / violations;
  }

  static double ratio(int arrivals, int batcher) { return cells_[arrivals][batcher].violation_ratio(); }

  static inline Cell cells_[3][3];  // [uniform, poisson, gamma][proteus, nexus, aimd]
};

TEST_F(BatchingExperiment, ScenarioIsModeratelyLoaded) {
  EXPECT_EQ(b_star(), 8u);
  EXPECT_NEAR(peak_qps(), 666.67, 0.01);
  for (int a = 0; a < 3; ++a) EXPECT_GT(cells_[a][0].decided, 250000u);
}

TEST_F(BatchingExperiment, AllSimilarOnUniformArrivals) {
  // Evenly spaced arrivals at 65 % load leave every batcher a steady batch
  // size with slack: none should miss more than 1 % of queries (an absolute
  // tolerance: the ratios are near 0, where relative differences mean nothing;
  // 1 % is well below the Poisson and Gamma ratios the comparison is about).
  for (int b = 0; b < 3; ++b) EXPECT_LE(ratio(0, b), 0.01) << "batcher " << b;
}

// Poisson arrivals are printed but not asserted: here they do NOT reproduce
// Figure 6. At 65 % load Nexus has the fewest violations (about 0.17 %), then
// AIMD (0.4 %), then Proteus (0.5 %), in every seed, and Nexus stays ahead of
// Proteus from 45 % to 95 % load. Proteus starts each batch at the last moment
// its head still makes the deadline, so a batch ends with little slack left;
// when more than B* queries have gathered by then, the early-drop scan (the
// artifact's pop_while_first_expires) drops heads. Work-conserving Nexus runs
// small batches early and keeps that slack for the next random cluster.

TEST_F(BatchingExperiment, BurstyOrderingIsProteusThenNexusThenAimd) {
  // Reproduced in order, not in size: Proteus beats Nexus by about 3 %
  // (relative) in each of the 5 seeds, where the paper reports 2-3x. Clumps of
  // a shape-0.05 Gamma process are larger than two batches of B*, and both
  // batchers shed the excess alike; Proteus' waiting gains only in the tails.
  EXPECT_LT(ratio(2, 0), ratio(2, 1)) << "Proteus should beat Nexus on Gamma arrivals";
  EXPECT_LT(ratio(2, 1), ratio(2, 2)) << "Nexus should beat AIMD on Gamma arrivals";
}

}  // namespace
}  // namespace servesim::test
