// Proteus (ASPLOS'24) section 6.5, Figure 7: configs/scenarios/papers/proteus/
// ablation.json (the end-to-end world and diurnal day) run by the servesim
// binary with Proteus and Proteus with each of its four components switched
// off. Every number is printed beside the paper's. Section 6.5's two claims:
//   1. removing model selection raises SLO violations the most (holds here);
//   2. removing model placement lowers effective accuracy the most (does NOT
//      hold here: a known deviation, explained at its test below).
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "tests/regression/regression_support.hpp"

namespace servesim {
namespace {

struct Outcome {
  double violation_ratio = 0;
  double effective_accuracy = 0;
  double max_accuracy_drop = 0;
  double throughput = 0;
};

const std::vector<std::string> kAblations = {"proteus-no-model-selection", "proteus-no-model-placement",
                                             "proteus-no-query-assignment", "proteus-no-adaptive-batching"};

// One run of the scenario shared by every test of this file (about 35 s wall at -j2).
const std::map<std::string, Outcome>& outcomes() {
  static const std::map<std::string, Outcome> runs = [] {
    test::TempDir scratch;
    const auto out = scratch.path() / "out";
    const std::string file = std::string(SERVESIM_SOURCE_DIR) + "/configs/scenarios/papers/proteus/ablation.json";
    const test::CliResult r = test::run_servesim({"run", file, "--out", out.string(), "--quiet", "-j", "2"}, scratch.path());
    EXPECT_EQ(r.status, 0) << r.err;
    std::map<std::string, Outcome> m;
    std::vector<std::string> labels = kAblations;
    labels.insert(labels.begin(), "proteus");
    for (const auto& label : labels) {
      const auto summary = test::read_json(out / label / "summary.json");
      Outcome& o = m[label];
      o.violation_ratio = summary["violation_ratio"].get<double>();
      o.effective_accuracy = summary["effective_accuracy"].get<double>();
      o.max_accuracy_drop = summary["max_accuracy_drop"].get<double>();
      o.throughput = summary["throughput_qps"].get<double>();
    }
    // The paper's numbers (section 6.5 text; Figure 7 gives no others in print).
    const std::map<std::string, std::string> paper = {
        {"proteus", "-"},
        {"proteus-no-model-selection", "violations 0.18 (largest), accuracy 100 %"},
        {"proteus-no-model-placement", "max drop 16 % (largest, = Sommelier)"},
        {"proteus-no-query-assignment", "violations 0.1"},
        {"proteus-no-adaptive-batching", "violations 2nd largest, accuracy 2nd lowest"},
    };
    std::printf("Proteus section 6.5 ablation (paper: violations MS > AB > QA > MP; accuracy lowest MP, AB, QA, MS)\n");
    std::printf("  %-29s %9s %9s %9s %9s   paper\n", "policy", "violation", "eff.acc%", "maxdrop%", "thr QPS");
    for (const auto& label : labels) {
      const Outcome& o = m.at(label);
      std::printf("  %-29s %9.3f %9.2f %9.2f %9.1f   %s\n", label.c_str(), o.violation_ratio, o.effective_accuracy,
                  o.max_accuracy_drop, o.throughput, paper.at(label).c_str());
    }
    return m;
  }();
  return runs;
}

// Claim 1 (holds): without accuracy scaling, the peaks can only be met by
// dropping queries. Observed 0.69 against the paper's 0.18: here the SLO (2x
// the fastest CPU batch-1 latency) leaves only the most accurate variant that
// meets it, and those are slow, so the fixed cluster serves about a third of
// the day's mean load.
TEST(ProteusAblation, RemovingModelSelectionRaisesSloViolationsTheMost) {
  const auto& runs = outcomes();
  const double no_ms = runs.at("proteus-no-model-selection").violation_ratio;
  for (const auto& label : kAblations) {
    if (label == "proteus-no-model-selection") continue;
    EXPECT_GT(no_ms, runs.at(label).violation_ratio) << label;
  }
  // Every component helps: each ablation violates more than Proteus.
  for (const auto& label : kAblations) EXPECT_GT(runs.at(label).violation_ratio, runs.at("proteus").violation_ratio) << label;
  // The rest of the paper's violation ordering, w/o AB next (observed 0.31,
  // then QA 0.210 and MP 0.204, too close to order reliably).
  EXPECT_GT(runs.at("proteus-no-adaptive-batching").violation_ratio,
            runs.at("proteus-no-query-assignment").violation_ratio);
  EXPECT_GT(runs.at("proteus-no-adaptive-batching").violation_ratio,
            runs.at("proteus-no-model-placement").violation_ratio);
}

// KNOWN DEVIATION from claim 2 (the paper: removing model placement lowers
// effective accuracy the most, max drop 16 %). Observed: Proteus without
// placement has the HIGHEST effective accuracy of the four ablations (about
// 94.9 %, even above Proteus' 94.0 %) and the smallest max drop; the lowest is
// without adaptive batching (about 90.6 %), then without model selection.
// Why: effective accuracy is the mean over completed queries, and the MILP's
// demand is one beta for all applications, lowered while infeasible. With
// devices pinned to the start plan's applications, the popular applications'
// devices cannot carry the peaks even with the fastest variants, so beta drops
// for everyone; the other applications' devices then have slack that the MILP
// fills with more accurate variants, and the excess queries are dropped
// (violation ratio about 0.20, throughput about 85 % of Proteus') rather than
// served at a lower accuracy. The paper's w/o MP (its Sommelier) degrades
// accuracy instead. Without model selection the accuracy is not 100 % either:
// accuracy is normalized to each family's best variant, and for MobileNet and
// BERT the most accurate variant meeting the SLO on some device is below it
// (MobileNet: only mobilenet0.25 on a CPU runs a batch of 1 within half of 2x
// its 1.38 ms, 72 % of mobilenet1.0; BERT about 86 %), and these cheap variants
// serve nearly all their queries while the other families drop most of theirs.
// Not tuned: the assertion is the observed direction.
TEST(ProteusAblation, KnownDeviationRemovingPlacementKeepsTheHighestAccuracyNotTheLowest) {
  const auto& runs = outcomes();
  const Outcome& no_mp = runs.at("proteus-no-model-placement");
  for (const auto& label : kAblations) {
    if (label == "proteus-no-model-placement") continue;
    EXPECT_GT(no_mp.effective_accuracy, runs.at(label).effective_accuracy) << label;
  }
  // ... because it serves less: it drops what the pinned placement cannot carry.
  EXPECT_LT(no_mp.throughput, 0.95 * runs.at("proteus").throughput);
  EXPECT_GT(no_mp.violation_ratio, 2 * runs.at("proteus").violation_ratio);
  // The lowest effective accuracy is without adaptive batching (paper: second lowest).
  for (const auto& label : kAblations) {
    if (label == "proteus-no-adaptive-batching") continue;
    EXPECT_LT(runs.at("proteus-no-adaptive-batching").effective_accuracy, runs.at(label).effective_accuracy) << label;
  }
}

}  // namespace
}  // namespace servesim
