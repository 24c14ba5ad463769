// Proteus (ASPLOS'24) section 6.3, Figure 5: configs/scenarios/papers/proteus/
// bursty.json (the end-to-end world; 60 s at 3000 QPS then 30 s at 14000 QPS,
// Poisson, repeated: bursts at 60, 150, 240 and 330 s; 5 s windows) run by the
// servesim binary with the end-to-end policies. What section 6.3 says that
// timeseries.csv shows:
//   - Proteus' violations spike when a burst starts and fall again within the
//     burst once its re-solve takes effect, by accuracy scaling (its effective
//     accuracy in the burst is lower than before it) -- holds;
//   - once re-allocated, Proteus has far lower violations than INFaaS-Accuracy
//     (and the Clippers) -- holds; its accuracy is the highest of the policies
//     that scale accuracy except INFaaS -- see the known deviations below.
// Per-window numbers for Proteus and INFaaS-Accuracy around the first burst
// are printed.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "tests/regression/regression_support.hpp"

namespace servesim {
namespace {

struct Window {
  double start_s = 0, demand = 0, throughput = 0, accuracy = 0;
  long on_time = 0, late = 0, dropped = 0, completed = 0;
};

// Violations and accuracy over the windows starting in [from, to) s.
struct Span {
  double violation_ratio = 0;
  double accuracy = 0;    // completed-weighted mean, percent
  double throughput = 0;  // mean QPS
};

const std::vector<std::string> kPolicies = {"proteus", "infaas-accuracy", "sommelier", "clipper-ha", "clipper-ht"};
const std::vector<double> kBurstStarts = {60, 150, 240, 330};  // each 30 s long
constexpr double kWindow = 5;

std::vector<Window> all_rows(const test::Csv& csv) {
  std::vector<Window> out;
  const std::size_t app = csv.column("app"), start = csv.column("window_start_s"), demand = csv.column("demand_qps"),
                    thr = csv.column("throughput_qps"), on = csv.column("on_time"), late = csv.column("late"),
                    dropped = csv.column("dropped"), completed = csv.column("completed"),
                    acc = csv.column("effective_accuracy");
  for (const auto& r : csv.rows) {
    if (r.at(app) != "all") continue;
    Window w;
    w.start_s = std::stod(r.at(start));
    w.demand = std::stod(r.at(demand));
    w.throughput = std::stod(r.at(thr));
    w.on_time = std::stol(r.at(on));
    w.late = std::stol(r.at(late));
    w.dropped = std::stol(r.at(dropped));
    w.completed = std::stol(r.at(completed));
    w.accuracy = r.at(acc).empty() ? 0 : std::stod(r.at(acc));
    out.push_back(w);
  }
  return out;
}

Span span(const std::vector<Window>& rows, double from_s, double to_s) {
  long on = 0, bad = 0, completed = 0, n = 0;
  double acc = 0, thr = 0;
  for (const auto& w : rows) {
    if (w.start_s < from_s || w.start_s >= to_s) continue;
    on += w.on_time;
    bad += w.late + w.dropped;
    completed += w.completed;
    acc += w.accuracy * static_cast<double>(w.completed);
    thr += w.throughput;
    ++n;
  }
  Span s;
  s.violation_ratio = on + bad == 0 ? 0 : static_cast<double>(bad) / static_cast<double>(on + bad);
  s.accuracy = completed == 0 ? 0 : acc / static_cast<double>(completed);
  s.throughput = n == 0 ? 0 : thr / static_cast<double>(n);
  return s;
}

// One run shared by every test of this file (about 11 s wall at -j2).
const std::map<std::string, std::vector<Window>>& series() {
  static const std::map<std::string, std::vector<Window>> runs = [] {
    test::TempDir scratch;
    const auto out = scratch.path() / "out";
    const std::string file = std::string(SERVESIM_SOURCE_DIR) + "/configs/scenarios/papers/proteus/bursty.json";
    const test::CliResult r = test::run_servesim({"run", file, "--out", out.string(), "--quiet", "-j", "2"}, scratch.path());
    EXPECT_EQ(r.status, 0) << r.err;
    std::map<std::string, std::vector<Window>> m;
    for (const auto& label : kPolicies) m[label] = all_rows(test::read_csv(out / label / "timeseries.csv"));

    std::printf("Proteus section 6.3 bursty workload, first burst 60-90 s (paper Figure 5: Proteus' violations spike at\n"
                "the burst's start, then fall as it scales accuracy; INFaaS reacts fastest; once both re-allocate,\n"
                "Proteus has lower violations and higher effective accuracy)\n");
    for (const char* label : {"proteus", "infaas-accuracy"}) {
      std::printf("  %s\n  %7s %8s %8s %7s %6s %7s %9s %8s\n", label, "start_s", "demand", "thr", "on_time", "late",
                  "dropped", "violation", "eff.acc%");
      for (const auto& w : m.at(label)) {
        if (w.start_s < 40 || w.start_s >= 110) continue;
        const long total = w.on_time + w.late + w.dropped;
        std::printf("  %7.0f %8.0f %8.0f %7ld %6ld %7ld %9.3f %8.2f\n", w.start_s, w.demand, w.throughput, w.on_time,
                    w.late, w.dropped, total == 0 ? 0.0 : static_cast<double>(w.late + w.dropped) / total, w.accuracy);
      }
    }
    std::printf("  every policy, every burst: violation / accuracy%% before (30 s), first 5 s, settled (last 15 s)\n");
    for (const auto& label : kPolicies) {
      for (double b : kBurstStarts) {
        const Span pre = span(m.at(label), b - 30, b), first = span(m.at(label), b, b + kWindow),
                   settled = span(m.at(label), b + 15, b + 30);
        std::printf("  %-16s burst %3.0f s: before %.3f / %5.2f  first %.3f / %5.2f  settled %.3f / %5.2f (%.0f QPS)\n",
                    label.c_str(), b, pre.violation_ratio, pre.accuracy, first.violation_ratio, first.accuracy,
                    settled.violation_ratio, settled.accuracy, settled.throughput);
      }
    }
    return m;
  }();
  return runs;
}

// Holds: in every burst, the first window's violations are many times those
// before it (the plan made for 3000 QPS meets 14000 QPS; the burst rule fires
// after 2 s and the plan takes effect after the 4.2 s solve delay and model
// loads), and by the burst's last 15 s they are back near the flat phase's
// level, with a lower effective accuracy than before the burst: accuracy
// scaling. (Observed first burst: 0.033 before, 0.678 first 5 s, 0.029
// settled; accuracy 96.8 % -> 93.8 %.)
TEST(ProteusBursty, ViolationsSpikeAtBurstStartThenFallAsProteusScalesAccuracy) {
  const auto& rows = series().at("proteus");
  for (double b : kBurstStarts) {
    const Span pre = span(rows, b - 30, b), first = span(rows, b, b + kWindow), settled = span(rows, b + 15, b + 30);
    EXPECT_GT(first.violation_ratio, 0.3) << "burst at " << b;
    EXPECT_GT(first.violation_ratio, 5 * pre.violation_ratio) << "burst at " << b;
    EXPECT_LT(settled.violation_ratio, 0.1) << "burst at " << b;
    EXPECT_LT(settled.violation_ratio, first.violation_ratio / 4) << "burst at " << b;
    EXPECT_LT(settled.accuracy, pre.accuracy - 1.0) << "burst at " << b;
    EXPECT_GT(settled.throughput, 0.9 * 14000) << "burst at " << b;
    // And back up once the burst is over (the next flat phase's last 30 s).
    if (b + 90 <= 360) {
      EXPECT_GT(span(rows, b + 60, b + 90).accuracy, settled.accuracy + 1.0) << "burst at " << b;
    }
  }
}

// Holds: once re-allocated, Proteus' violations are far below INFaaS-Accuracy's
// and both Clippers' (which never re-plan), and its effective accuracy is above
// Sommelier's and both Clippers'.
TEST(ProteusBursty, OnceReallocatedProteusBeatsInfaasAndClippersOnViolations) {
  const auto& runs = series();
  for (double b : kBurstStarts) {
    const Span proteus = span(runs.at("proteus"), b + 15, b + 30);
    for (const char* other : {"infaas-accuracy", "clipper-ha", "clipper-ht"}) {
      EXPECT_LT(proteus.violation_ratio, span(runs.at(other), b + 15, b + 30).violation_ratio / 4)
          << other << ", burst at " << b;
    }
    for (const char* other : {"sommelier", "clipper-ha", "clipper-ht"}) {
      EXPECT_GT(proteus.accuracy, span(runs.at(other), b + 15, b + 30).accuracy) << other << ", burst at " << b;
    }
  }
}

// KNOWN DEVIATION (paper: INFaaS reacts fastest to the burst, and once both
// re-allocate Proteus also has the higher effective accuracy). INFaaS-Accuracy
// here is saturated throughout, even in the 3000 QPS flat phase (violation
// ratio about 0.7; it places the most accurate variants first on the GPUs and
// barely uses the CPUs, as in end_to_end.json where it attains 12.7 % of its
// SLOs), so there is no reaction to see: in a burst it serves about 3700 QPS of
// 14000 from its first window on. Its effective accuracy (mean over completed
// queries) stays above Proteus' because it serves a quarter of Proteus'
// queries, with its most accurate variants. Not tuned: asserted as observed.
TEST(ProteusBursty, KnownDeviationInfaasAccuracyIsSaturatedThroughoutAndServesFewerMoreAccurately) {
  const auto& runs = series();
  for (double b : kBurstStarts) {
    const Span infaas_pre = span(runs.at("infaas-accuracy"), b - 30, b);
    const Span infaas = span(runs.at("infaas-accuracy"), b + 15, b + 30);
    const Span proteus = span(runs.at("proteus"), b + 15, b + 30);
    EXPECT_GT(infaas_pre.violation_ratio, 0.4) << "burst at " << b;
    EXPECT_GT(infaas.accuracy, proteus.accuracy) << "burst at " << b;
    EXPECT_LT(infaas.throughput, proteus.throughput / 2) << "burst at " << b;
  }
}

// KNOWN DEVIATION (Figure 5's caption: Proteus has the lowest violations once it
// re-allocates). Sommelier's are lower, at its burst's start (about 0.22 vs 0.68:
// its heuristic acts at the next solve time with no solve delay, from a start
// plan with 1.5x headroom) and once settled (about 0.018 vs 0.029: it plans for
// 1.5x the estimate, Proteus for 1.05x, so Proteus' devices run closer to
// saturation and Poisson peaks expire queries). Sommelier pays in accuracy
// (about 89.5 % vs 93.8 %, asserted above). Not tuned: asserted as observed.
TEST(ProteusBursty, KnownDeviationSommelierHasFewerViolationsInTheBurstThanProteus) {
  const auto& runs = series();
  for (double b : kBurstStarts) {
    EXPECT_LT(span(runs.at("sommelier"), b, b + kWindow).violation_ratio,
              span(runs.at("proteus"), b, b + kWindow).violation_ratio)
        << "burst at " << b;
    EXPECT_LT(span(runs.at("sommelier"), b + 15, b + 30).violation_ratio,
              span(runs.at("proteus"), b + 15, b + 30).violation_ratio)
        << "burst at " << b;
  }
}

}  // namespace
}  // namespace servesim
