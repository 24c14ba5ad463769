#include "sim/metrics/partial_summary.hpp"

#include "sim/metrics/json_writer.hpp"

namespace servesim {

void write_partial_summary_json(const PartialRun& run, std::ostream& out) {
  JsonWriter w(out);
  w.begin_object();
  w.string("scenario", run.identity.scenario);
  w.string("policy", run.identity.policy);
  w.string("policy_name", run.identity.policy_name);
  w.integer("seed", run.identity.seed);
  w.number("duration_s", run.identity.duration_s);
  w.boolean("partial", true);
  w.string("partial_reason", run.reason);
  w.number("stopped_at_s", run.stopped_at_s);
  w.integer("arrived", run.arrived);
  w.end_object();
}

}  // namespace servesim
