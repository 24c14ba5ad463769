#include "sim/metrics/query_tally.hpp"

namespace servesim {

QueryCounts& QueryCounts::operator+=(const QueryCounts& other) {
  arrived += other.arrived;
  completed += other.completed;
  on_time += other.on_time;
  late += other.late;
  dropped += other.dropped;
  rejected += other.rejected;
  unfinished += other.unfinished;
  over_one_second += other.over_one_second;
  return *this;
}

namespace {
constexpr Duration kOneSecond{1'000'000'000};
}  // namespace

void QueryCounts::count(const QueryOutcome& outcome) {
  switch (outcome.kind) {
    case OutcomeKind::kCompleted:
      ++completed;
      ++(outcome.on_time() ? on_time : late);
      if (outcome.latency() > kOneSecond) ++over_one_second;
      break;
    case OutcomeKind::kDropped:
      ++dropped;
      break;
    case OutcomeKind::kRejected:
      ++rejected;
      break;
    case OutcomeKind::kUnfinished:
      ++unfinished;
      break;
  }
}

void QueryTally::record(const QueryOutcome& outcome) {
  counts_.count(outcome);
  if (outcome.kind != OutcomeKind::kCompleted) return;
  latency_.record(outcome.latency());
  accuracy_sum_ += outcome.accuracy;
}

void QueryTally::merge(const QueryTally& other) {
  counts_ += other.counts_;
  latency_.merge(other.latency_);
  accuracy_sum_ += other.accuracy_sum_;
}

void QueryTally::reset() {
  counts_ = QueryCounts{};
  latency_.reset();
  accuracy_sum_ = 0;
}

std::optional<double> QueryTally::accuracy_pct() const {
  if (counts_.completed == 0) return std::nullopt;
  return 100.0 * accuracy_sum_ / static_cast<double>(counts_.completed);
}

}  // namespace servesim
