#pragma once
// What the batcher engine tests read from a run: outcomes by query id, and the
// batch sizes in order (one replica of concurrency 1: the completions at one
// instant are one batch).
#include <cstdint>
#include <map>
#include <vector>

#include "tests/unit/serving/engine_harness.hpp"

namespace servesim::test {

inline std::map<std::uint64_t, const QueryOutcome*> by_id(const EngineRun& run) {
  std::map<std::uint64_t, const QueryOutcome*> m;
  for (const QueryOutcome& q : run.outcomes) m[q.id] = &q;
  return m;
}

inline std::vector<std::size_t> batch_sequence(const EngineRun& run) {
  std::map<std::int64_t, std::size_t> sizes;
  for (const QueryOutcome& q : run.outcomes) {
    if (q.kind == OutcomeKind::kCompleted) ++sizes[q.finish.ns];
  }
  std::vector<std::size_t> seq;
  for (const auto& [t, n] : sizes) seq.push_back(n);
  return seq;
}

}  // namespace servesim::test
