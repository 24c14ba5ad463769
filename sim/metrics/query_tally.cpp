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
  return *this;
}

void QueryTally::record(const QueryOutcome& outcome) {
  switch (outcome.kind) {
    case OutcomeKind::kCompleted:
      ++counts_.completed;
      ++(outcome.on_time() ? counts_.on_time : counts_.late);
      latency_.record(outcome.latency());
      accuracy_sum_ += outcome.accuracy;
      break;
    case OutcomeKind::kDropped:
      ++counts_.dropped;
      break;
    case OutcomeKind::kRejected:
      ++counts_.rejected;
      break;
    case OutcomeKind::kUnfinished:
      ++counts_.unfinished;
      break;
  }
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
