#pragma once
// What a run's policy did, in its own words (summary.json's "policy" object):
// named counters a policy reports at the end of its run (solves, upgrades,
// workers added, ...), in the order it reports them. Wall-clock figures (a
// solver's measured time) differ between identical runs, so they are kept
// apart and go to timing.json only.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace servesim {

class PolicyCounters {
 public:
  using Entries = std::vector<std::pair<std::string, double>>;

  // A deterministic figure: a count, a rate, a planned factor, a modelled delay.
  void add(std::string_view name, double value) { counters_.emplace_back(name, value); }
  // Wall-clock seconds spent by the policy on something (timing.json).
  void add_wall_seconds(std::string_view name, double seconds) { wall_seconds_.emplace_back(name, seconds); }

  const Entries& counters() const { return counters_; }
  const Entries& wall_seconds() const { return wall_seconds_; }

 private:
  Entries counters_;
  Entries wall_seconds_;
};

}  // namespace servesim
