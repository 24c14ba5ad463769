#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "sim/cli/command_line.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cli/jobs_option.hpp"
#include "sim/core/input_error.hpp"
#include "sim/core/input_file.hpp"
#include "sim/metrics/comparison_table.hpp"
#include "sim/scenario/atomic_file.hpp"
#include "sim/scenario/load_check.hpp"
#include "sim/scenario/scenario_loader.hpp"
#include "sim/scenario/scenario_runner.hpp"

namespace servesim::cli {
namespace po = boost::program_options;

namespace {

struct ScenarioArgs {
  std::string file;
  std::vector<std::string> sets;
};

po::options_description scenario_options(ScenarioArgs& args) {
  po::options_description options("scenario");
  options.add_options()("scenario", po::value(&args.file)->required(), "the scenario JSON file")(
      "set", po::value(&args.sets)->composing(),
      "override a field before validation, e.g. --set applications[0].slo_ms=150 (repeatable)");
  return options;
}

std::string read_if_present(const std::filesystem::path& path) {
  std::error_code missing;
  if (!std::filesystem::exists(path, missing)) return {};
  return read_input_file(path, kMaxTextFileBytes, "a comparison CSV file");
}

// comparison.csv keeps the rows of policies not run this time (--policy),
// each with its config; a note says which came from other overrides.
void write_comparison(const Scenario& scenario, const std::string& config, const ComparisonTable& table,
                      AtomicFile& file) {
  std::ostringstream fresh;
  table.write_csv(fresh);
  std::vector<std::string> labels;
  for (const auto& p : scenario.policies) labels.push_back(p.label);
  const std::string merged = ComparisonTable::merged_csv(read_if_present(file.path()), fresh.str(), labels);
  file.stream() << merged;
  file.commit();
  const auto others = ComparisonTable::labels_of_other_configs(merged, config);
  if (others.empty()) return;
  std::cerr << "servesim: " << file.path().string() << " keeps the rows of";
  for (const auto& label : others) std::cerr << " " << label;
  std::cerr << " from a run with another scenario text or overrides (its \"config\" column; this run's is " << config
            << ")\n";
}

// Before anything runs: a load no configuration of the cluster can carry.
void warn_of_overload(const Scenario& scenario) {
  for (const auto& line : overload_warnings(scenario)) std::cerr << "servesim: " << line << "\n";
}

}  // namespace

int run_command(const std::vector<std::string>& args) {
  ScenarioArgs scenario_args;
  RunOptions options;
  std::string out_dir;
  bool dry_run = false;
  po::options_description visible = scenario_options(scenario_args);
  visible.add_options()("out,o", po::value(&out_dir), "write run folders here instead of the scenario's outputs.dir")(
      "policy,p", po::value(&options.policies)->composing(), "run only the policy with this label (repeatable)")(
      "jobs,j", jobs_value(options.jobs), "runs at once, one thread each")(
      "quiet,q", po::bool_switch(&options.quiet), "no progress lines on stderr")(
      "dry-run", po::bool_switch(&dry_run),
      "check the arguments, the scenario with its overrides and the --policy labels as validate does; run and write "
      "nothing");
  if (!parse_command_line(args, visible, {}, "scenario", "usage: servesim run SCENARIO [options]\n\nRuns every policy of the scenario on the same "
                            "queries; writes <out>/<label>/{summary.json,timeseries.csv,timing.json} and "
                            "<out>/comparison.csv; prints the comparison table.")) {
    return 0;
  }
  options.out_dir = out_dir;
  const Scenario scenario = load_scenario(scenario_args.file, scenario_args.sets);
  warn_of_overload(scenario);
  if (dry_run) {
    validate_policies(scenario, options.policies);
    std::cout << scenario_args.file << ": ok, nothing run (--dry-run)\n";
    return 0;
  }
  const auto dir = options.out_dir.empty() ? scenario.outputs.dir : options.out_dir;
  // Opened before the runs, so that a folder in its way shows before them.
  create_output_folder(dir);
  AtomicFile comparison(dir / "comparison.csv");
  const auto reports = run_scenario(scenario, options);
  ComparisonTable table;
  for (const auto& r : reports) table.add(r.summary, r.wall_seconds);
  write_comparison(scenario, reports.front().summary.identity.provenance.config(), table, comparison);
  std::cout << "scenario " << scenario.name << " (seed " << scenario.world.seed << ", "
            << scenario.world.duration.seconds() << " s simulated) -> " << dir.string() << "\n";
  table.print(std::cout);
  return 0;
}

int validate_command(const std::vector<std::string>& args) {
  ScenarioArgs scenario_args;
  po::options_description visible = scenario_options(scenario_args);
  if (!parse_command_line(args, visible, {}, "scenario", "usage: servesim validate SCENARIO [--set path=value]...\n\nLoads the scenario, its "
                            "catalogs and traces and builds every policy; runs nothing, draws no history, trains no predictor, solves no MILP "
                            "and runs no planner (docs/scenario.md).")) {
    return 0;
  }
  const Scenario scenario = load_scenario(scenario_args.file, scenario_args.sets);
  warn_of_overload(scenario);
  validate_policies(scenario);
  std::uint32_t instances = 0;
  for (const auto& group : scenario.world.cloud.instances) instances += group.count;
  std::cout << scenario_args.file << ": ok (" << scenario.world.applications.size() << " applications, "
            << scenario.world.devices.size() << " fixed devices, " << instances << " initial instances, "
            << scenario.policies.size() << " policies)\n";
  return 0;
}

}  // namespace servesim::cli
