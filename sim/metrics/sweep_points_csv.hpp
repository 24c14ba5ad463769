#pragma once
// The per-grid-point table of a sweep (`servesim collect --points FILE`):
// the runs of one point and one policy label (the seeds, its replications)
// become one row holding, per numeric summary key, the mean, the sample
// standard deviation, the count and the 95 % Student-t half-width
// (sim/metrics/replication_stats.hpp), so a plot draws error bars without
// redoing statistics in awk.
//
// Columns: the point's parameters (seed left out, as in the per-run CSV),
// label (the run folder's name), policy, runs, then <key>.mean, <key>.sd,
// <key>.n, <key>.ci95 for every numeric key but seed. A key is numeric when
// every non-empty cell of it, over all runs, is a number. Rows in first-seen
// order of their (parameters, label).
#include <ostream>

#include "sim/metrics/summary_csv.hpp"

namespace servesim {

void write_sweep_points_csv(const SummaryCsvCollector& runs, std::ostream& out);

}  // namespace servesim
