#pragma once
// summary.partial.json: what a run that stopped early (serving.max_in_flight)
// can honestly say. Its totals would not compare with a finished run's (the
// queries in flight have no outcome, the drain never came), so it gives who
// ran, when and why it stopped and how many queries had arrived, with
// "partial": true so that no reader takes it for a summary.
#include <cstdint>
#include <ostream>
#include <string>

#include "sim/metrics/run_summary.hpp"

namespace servesim {

struct PartialRun {
  RunIdentity identity;
  std::string reason;      // one sentence: what stopped the run
  double stopped_at_s = 0;  // simulated time of the stop
  std::uint64_t arrived = 0;  // every arrival before the stop, the warm-up's too
};

void write_partial_summary_json(const PartialRun& run, std::ostream& out);

}  // namespace servesim
