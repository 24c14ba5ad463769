// The offline pause flags of timeseries.csv: a policy notes that it held
// offline work back on a worker of some kind (ClusterControl::
// note_offline_paused), and the window's row says so, per kind.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include "offline_harness.hpp"
#include "sim/metrics/timeseries_csv_writer.hpp"

namespace servesim::test {
namespace {

using nlohmann::json;

struct PauseNote {
  SimTime at;
  DeviceKind kind;
};

// A policy that only notes pauses, each of its notes on the tick at its time
// (every 25 ms). It places nothing and dispatches nothing: the job waits.
class PauseNoter final : public Controller {
 public:
  explicit PauseNoter(std::vector<PauseNote> notes) : notes_(std::move(notes)) {}
  void start(ClusterControl& /*control*/, const ClusterView& /*view*/) override {}
  RouteDecision route(const RouteRequest& /*request*/, ClusterControl& /*control*/,
                      const ClusterView& /*view*/) override {
    return RouteDecision::reject();
  }
  Duration tick_interval() const override { return from_millis(25); }
  void on_tick(ClusterControl& control, const ClusterView& view) override {
    for (const PauseNote& note : notes_) {
      if (note.at == view.now()) control.note_offline_paused(note.kind);
    }
  }

 private:
  std::vector<PauseNote> notes_;
};

PauseNote note_at(int millis, DeviceKind kind) { return {SimTime::zero() + from_millis(millis), kind}; }

bool paused(const WindowRow& row, DeviceKind kind) { return row.offline_paused[static_cast<std::size_t>(kind)]; }

// Ten windows of 100 ms, no online query, one job never dispatched.
OfflineRunResult run_with_notes(const TempDir& dir, std::vector<PauseNote> notes) {
  const Scenario scenario = load_offline_scenario(dir, offline_world(dir, {}, json::array({job(0, 5)})));
  PauseNoter noter(std::move(notes));
  return run_offline(scenario, noter);
}

// Two notes in one window flag it once; a note at a window's boundary counts
// in the window that starts there (the boundary closes first).
TEST(OfflinePaused, FlagsExactlyTheWindowsWithANoteOfTheKind) {
  TempDir dir;
  const auto run = run_with_notes(dir, {note_at(125, DeviceKind::kGpu), note_at(175, DeviceKind::kGpu),
                                        note_at(300, DeviceKind::kCpu), note_at(425, DeviceKind::kCpu),
                                        note_at(425, DeviceKind::kGpu), note_at(725, DeviceKind::kInferentia)});
  const std::array<std::set<std::size_t>, kDeviceKindCount> expected = {{{3, 4}, {1, 4}, {7}, {}}};
  ASSERT_EQ(run.rows.size(), 10u);
  for (std::size_t w = 0; w < run.rows.size(); ++w) {
    ASSERT_EQ(run.rows[w].app, "all");
    for (DeviceKind kind : {DeviceKind::kCpu, DeviceKind::kGpu, DeviceKind::kInferentia, DeviceKind::kLambda}) {
      EXPECT_EQ(paused(run.rows[w], kind), expected[static_cast<std::size_t>(kind)].contains(w))
          << "window " << w << ", " << device_kind_name(kind);
    }
  }
}

TEST(OfflinePaused, SameNotesSameRows) {
  const std::vector<PauseNote> notes = {note_at(250, DeviceKind::kCpu), note_at(550, DeviceKind::kGpu)};
  TempDir one, two;
  const auto first = run_with_notes(one, notes);
  const auto second = run_with_notes(two, notes);
  ASSERT_EQ(first.rows.size(), second.rows.size());
  for (std::size_t w = 0; w < first.rows.size(); ++w) {
    EXPECT_EQ(first.rows[w].offline_paused, second.rows[w].offline_paused) << w;
  }
}

// Lambda has no workers to pause, and without offline jobs there is nothing
// to hold back (nor a column to show it): either note is a policy's bug.
TEST(OfflinePaused, ANoteOnLambdaOrWithoutOfflineJobsIsAPolicyBug) {
  TempDir dir;
  EXPECT_THROW(run_with_notes(dir, {note_at(125, DeviceKind::kLambda)}), InvariantError);
  const Scenario online_only = load_offline_scenario(dir, offline_world(dir, {}, json::array()));
  PauseNoter noter({note_at(125, DeviceKind::kGpu)});
  EXPECT_THROW(run_offline(online_only, noter), InvariantError);
}

class KeepRows final : public WindowSink {
 public:
  void on_window(const WindowRow& row) override { rows.push_back(row); }
  std::vector<WindowRow> rows;
};

// The flag is cluster-wide, like the device counts: every application's row
// of the window carries the "all" row's.
TEST(OfflinePaused, EveryApplicationsRowCarriesTheClustersFlag) {
  KeepRows sink;
  RunMetrics metrics(RunMetricsConfig{from_seconds(1), at_seconds(2), {"a", "b"}, &sink});
  metrics.on_offline_paused(DeviceKind::kGpu);
  metrics.close_window(at_seconds(1), ClusterSnapshot{});
  metrics.finish(at_seconds(2), ClusterSnapshot{});
  ASSERT_EQ(sink.rows.size(), 6u);  // two windows * (all, a, b)
  for (std::size_t r = 0; r < sink.rows.size(); ++r) {
    const bool first_window = r < 3;
    EXPECT_EQ(paused(sink.rows[r], DeviceKind::kGpu), first_window) << r;
    EXPECT_FALSE(paused(sink.rows[r], DeviceKind::kCpu)) << r;
    EXPECT_FALSE(paused(sink.rows[r], DeviceKind::kInferentia)) << r;
  }
}

std::string last_line(const std::string& text) {
  const std::string body = text.substr(0, text.size() - 1);  // without the final newline
  return body.substr(body.rfind('\n') + 1);
}

// One 0/1 column per kind with workers, after offline_completed; none without
// offline jobs.
TEST(OfflinePaused, TimeSeriesWritesAFlagColumnPerWorkerKind) {
  const std::string header = TimeSeriesCsvWriter::header(/*offline_columns=*/true);
  EXPECT_TRUE(header.ends_with(",offline_completed,offline_paused_cpu,offline_paused_gpu,offline_paused_inferentia\n"))
      << header;
  EXPECT_EQ(TimeSeriesCsvWriter::header().find("offline"), std::string::npos);
  WindowRow row;
  row.offline_completed = 7;
  row.offline_paused[static_cast<std::size_t>(DeviceKind::kGpu)] = true;
  std::ostringstream with, without;
  {
    TimeSeriesCsvWriter offline_writer(with, /*offline_columns=*/true);
    TimeSeriesCsvWriter online_writer(without);
    offline_writer.on_window(row);
    online_writer.on_window(row);
  }
  EXPECT_TRUE(last_line(with.str()).ends_with(",7,0,1,0")) << with.str();
  EXPECT_EQ(last_line(with.str()), last_line(without.str()) + ",7,0,1,0");
}

}  // namespace
}  // namespace servesim::test
