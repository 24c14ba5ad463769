#include <boost/program_options.hpp>
#include <iostream>

#include "sim/cli/commands.hpp"
#include "sim/core/input_error.hpp"
#include "sim/metrics/summary_csv.hpp"
#include "sim/metrics/sweep_points_csv.hpp"
#include "sim/scenario/atomic_file.hpp"

namespace servesim::cli {
namespace po = boost::program_options;

namespace {

constexpr const char* kCollectUsage =
    "usage: servesim collect DIR... [--points FILE]\n"
    "\n"
    "Prints one CSV row per summary.json found under the DIRs (files, or folders searched\n"
    "recursively in sorted path order), the summary flattened to dotted keys: run_dir (the\n"
    "summary's folder), then the union of keys in first-seen order.\n"
    "\n"
    "A summary in a sweep's grid point (scripts/sweep.sh writes point.json in the summary's\n"
    "folder or the one above) gets the point's parameters as leading columns, before run_dir\n"
    "(the union of names in first-seen order, seed left out: the summary has its own).\n"
    "\n"
    "--points FILE also writes one row per grid point and run label (the run folder's name),\n"
    "the seeds being its replications: the parameters, label, policy, runs, then for every\n"
    "numeric key but seed <key>.mean, <key>.sd (sample), <key>.n (non-empty values) and\n"
    "<key>.ci95 (half-width of the 95 % Student-t confidence interval of the mean); sd and ci95\n"
    "are empty for one value, all four for none. Written under a temporary name, then renamed.\n"
    "\n"
    "Exit status: 0 done, 2 bad input (a missing folder, a malformed summary.json or point.json).\n";

}  // namespace

int collect_command(const std::vector<std::string>& args) {
  std::vector<std::string> dirs;
  std::string points;
  po::options_description visible("collect");
  visible.add_options()("dir", po::value(&dirs)->composing(), "run folders or sweep folders to search")(
      "points", po::value(&points), "also write the per-grid-point statistics CSV to FILE")("help,h", "this help");
  po::positional_options_description positional;
  positional.add("dir", -1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(visible).positional(positional).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << kCollectUsage;
    return 0;
  }
  if (dirs.empty()) throw InputError("servesim collect", "expected at least one DIR (see --help)");
  if (vm.count("points") && points.empty()) throw InputError("servesim collect --points", "expected a file name");
  SummaryCsvCollector collector;
  for (const auto& d : dirs) collector.add(d);
  if (!points.empty()) {
    AtomicFile file(points);
    write_sweep_points_csv(collector, file.stream());
    file.commit();
  }
  collector.write_csv(std::cout);
  return 0;
}

}  // namespace servesim::cli
