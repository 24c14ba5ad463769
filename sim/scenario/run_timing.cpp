#include "sim/scenario/run_timing.hpp"

#include "sim/metrics/json_writer.hpp"

namespace servesim {

void write_timing_json(const RunReport& report, std::ostream& out) {
  JsonWriter w(out);
  w.begin_object();
  w.number("wall_s", report.wall_seconds);
  w.number("policy_control_wall_s", report.policy_wall_seconds);
  w.integer("events", report.events);
  w.integer("simulated_queries", report.simulated_queries);
  w.number("queries_per_wall_s",
           report.wall_seconds > 0 ? static_cast<double>(report.simulated_queries) / report.wall_seconds : 0);
  w.number("process_peak_rss_mib", process_peak_rss_mib());
  w.begin_object("policy");
  for (const auto& [name, seconds] : report.policy_wall) w.number(name, seconds);
  w.end_object();
  w.end_object();
}

}  // namespace servesim
