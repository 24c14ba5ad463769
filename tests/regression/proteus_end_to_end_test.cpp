// Proteus (ASPLOS'24) section 6.2, Figure 4: configs/scenarios/papers/proteus/
// end_to_end.json run by the servesim binary (nine families, Zipf popularity,
// a compressed diurnal day that overloads the 40-device cluster at its peaks).
// The orderings are asserted where they hold; every number is printed
// beside the paper's, and where ours differ the test says so and why. Nothing
// in the scenario was tuned to make a number come out.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>

#include "tests/regression/scenario_suite.hpp"

namespace servesim {
namespace {

struct Outcome {
  double throughput = 0;
  double violations = 0;   // violation_ratio
  double max_drop = 0;     // percent
  double accuracy = 0;     // effective, percent
};

class ProteusEndToEnd : public test::ScenarioSuite<ProteusEndToEnd> {
 protected:
  static void SetUpTestSuite() {
    run_scenario(std::string(SERVESIM_SOURCE_DIR) + "/configs/scenarios/papers/proteus/end_to_end.json",
                 {"--jobs", "2"});
    if (run_->status != 0) return;
    for (const char* label : {"proteus", "infaas-accuracy", "sommelier", "clipper-ha", "clipper-ht"}) {
      const auto s = test::read_json(out() / label / "summary.json");
      runs_[label] = Outcome{s["throughput_qps"].get<double>(), s["violation_ratio"].get<double>(),
                             s["max_accuracy_drop"].get<double>(), s["effective_accuracy"].get<double>()};
    }
    std::printf("Proteus Figure 4 (paper's numbers in brackets):\n");
    const std::map<std::string, std::string> paper_drop = {
        {"proteus", "4.85"}, {"infaas-accuracy", "13.7"}, {"sommelier", "16"}, {"clipper-ht", "20"}, {"clipper-ha", "-"}};
    for (const auto& [label, o] : runs_) {
      std::printf("  %-16s thr %8.1f QPS  violations %.4f  eff. accuracy %6.2f %%  max drop %6.2f %% [%s]\n",
                  label.c_str(), o.throughput, o.violations, o.accuracy, o.max_drop, paper_drop.at(label).c_str());
    }
    const double p = runs_["proteus"].violations;
    std::printf("  violations / Proteus': Sommelier %.2fx [2.8x], INFaaS-Accuracy %.2fx [4.3x], Clipper-HA %.2fx, "
                "Clipper-HT %.2fx [both > 10x]\n",
                runs_["sommelier"].violations / p, runs_["infaas-accuracy"].violations / p,
                runs_["clipper-ha"].violations / p, runs_["clipper-ht"].violations / p);
  }
  static const Outcome& of(const char* label) { return runs_.at(label); }

  static inline std::map<std::string, Outcome> runs_;
};

// One test per outcome kind: ctest runs each test in its own process, and
// each runs the scenario (about 11 s).
TEST_F(ProteusEndToEnd, PaperOrderingsThatHold) {
  // The peaks overload the cluster: the static Clippers cannot carry them.
  EXPECT_GT(of("clipper-ha").violations, 0.5);
  EXPECT_GT(of("clipper-ht").violations, 0.1);
  EXPECT_GT(of("proteus").throughput, 1.15 * of("clipper-ht").throughput);  // paper: +60 % over non-scaling
  // Proteus misses fewer SLOs than INFaaS-Accuracy and both Clippers.
  for (const char* other : {"infaas-accuracy", "clipper-ha", "clipper-ht"}) {
    EXPECT_LT(of("proteus").violations, of(other).violations) << other;
  }
  // Clipper-HA misses more than the accuracy-scaling systems and Clipper-HT.
  // (Since GPUs run one batch at a time, INFaaS-Accuracy, whose replicas
  // share GPUs, misses slightly more than Clipper-HA: 0.885 against 0.872.)
  // Clipper-HT drops the most accuracy.
  for (const char* other : {"proteus", "sommelier", "clipper-ht"}) {
    EXPECT_GT(of("clipper-ha").violations, of(other).violations) << other;
  }
  for (const char* other : {"proteus", "infaas-accuracy", "sommelier", "clipper-ha"}) {
    EXPECT_GT(of("clipper-ht").max_drop, of(other).max_drop) << other;
  }
  // Of the accuracy-scaling baselines, Proteus drops less accuracy than Sommelier.
  EXPECT_LT(of("proteus").max_drop, of("sommelier").max_drop);
}

// Known deviation 1: the paper has Proteus drop less accuracy than
// INFaaS-Accuracy too (4.85 % against 13.7 %). Here INFaaS-Accuracy drops
// less because it serves little, and effective accuracy counts only the
// queries served. Its model autoscaler prefers replicating an accurate
// variant while a GPU has room (GPUs are shared, one replica per variant per
// GPU: over 100 replicas on the 20 GPUs, slowed by interference) to switching
// to a less accurate one, and Algorithm 1 sends each query to the most
// accurate active variant until 0.8 s of work is queued there (the public
// code's bound), far past these SLOs, so most queries expire. Its throughput
// is under half Proteus'. (Measured, not asserted: without interference it
// serves 4824 QPS; with the "queue_aware" ablation 7127 QPS at a max drop of
// 2.45 %.)
// Known deviation 2: the paper has Proteus miss 2.8x fewer SLOs than
// Sommelier; here Sommelier misses fewer. Proteus' MILP maximizes accuracy,
// so it runs its most accurate devices at their full capacity P (the largest
// batch within half the SLO) for 1.05x the EWMA, where queues build;
// Sommelier plans with beta 1.5 (the artifact's) and steps variants until
// capacity covers 1.5x the demand, so it has 50 % headroom everywhere -- and
// pays for it in accuracy (asserted above).
TEST_F(ProteusEndToEnd, KnownDeviations) {
  EXPECT_LT(of("infaas-accuracy").max_drop, of("proteus").max_drop);
  EXPECT_LT(of("infaas-accuracy").throughput, 0.5 * of("proteus").throughput);
  EXPECT_LT(of("sommelier").violations, of("proteus").violations);
}

}  // namespace
}  // namespace servesim
