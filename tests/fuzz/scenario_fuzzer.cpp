// scenario_fuzzer: mutates scenarios and trace files, runs `servesim validate`
// on each mutant and a short `servesim run` on those that validate, and checks
// the robustness contract (outcome.hpp); and the same for the other entry
// points (entry_points.hpp: run folders for `collect`, ledgers for `claims`,
// argument lists of every subcommand and of scripts/sweep.sh), each input
// going to one of them in turn. Prints the count of each outcome per stage,
// keeps every violating input under OUT/findings/<outcome>/ with its stderr
// and the command, and exits 1 if there was any violation (2 if the fuzzer
// itself failed: a seed that does not pass, a harness error).
//
//   scenario_fuzzer --servesim BIN --source REPO [--out DIR] [--seed S]
//                   [--inputs N] [--minutes M] [--first I] [--jobs J]
//                   [--timeout S] [--memory-mb M] [--asan] [--run-duration-s D]
//                   [--scenario REL]... [--entry NAME]...
//   --entry NAME  only these entry points: scenario, collect, claims, args, sweep
//
// Mutant I of seed S is the same on every machine and in any thread, so
// `--seed S --first I --inputs 1` reproduces one finding.
#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/fuzz/child_process.hpp"
#include "tests/fuzz/entry_points.hpp"
#include "tests/fuzz/mutator.hpp"
#include "tests/fuzz/outcome.hpp"
#include "tests/fuzz/seed_inputs.hpp"

namespace fs = std::filesystem;
using namespace servesim::fuzz;

namespace {

struct Options {
  std::string servesim, source, out = "fuzz-out";
  std::uint64_t seed = 1, first = 0, inputs = 0;
  double minutes = 0, run_duration_s = 60;  // past the paper scenarios' 30 s warm-up; well under a second of wall time
  unsigned jobs = 2;
  std::size_t keep = 20;  // findings kept per outcome; a campaign repeats the same few bugs
  ChildLimits limits;
  std::vector<std::string> scenarios;
  std::vector<std::string> entries;  // empty: all
};

[[noreturn]] void usage(const std::string& why) {
  std::cerr << "scenario_fuzzer: " << why
            << "\nusage: scenario_fuzzer --servesim BIN --source REPO [--out DIR] [--seed S] [--inputs N] "
               "[--minutes M] [--first I] [--jobs J] [--timeout S] [--memory-mb M] [--asan] "
               "[--run-duration-s D] [--scenario REL]... [--entry NAME]...\n";
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--asan") {
      o.limits.address_space_limit = false;
      continue;
    }
    if (i + 1 >= argc) usage("missing value after " + a);
    const std::string v = argv[++i];
    if (a == "--servesim") o.servesim = v;
    else if (a == "--source") o.source = v;
    else if (a == "--out") o.out = v;
    else if (a == "--seed") o.seed = std::stoull(v);
    else if (a == "--first") o.first = std::stoull(v);
    else if (a == "--inputs") o.inputs = std::stoull(v);
    else if (a == "--minutes") o.minutes = std::stod(v);
    else if (a == "--jobs") o.jobs = static_cast<unsigned>(std::max(1, std::stoi(v)));
    else if (a == "--timeout") o.limits.timeout_s = std::stod(v);
    else if (a == "--memory-mb") o.limits.memory_mb = std::stoull(v);
    else if (a == "--run-duration-s") o.run_duration_s = std::stod(v);
    else if (a == "--scenario") o.scenarios.push_back(v);
    else if (a == "--entry") o.entries.push_back(v);
    else usage("unknown option " + a);
  }
  if (o.servesim.empty() || o.source.empty()) usage("--servesim and --source are required");
  // Children run in their input's folder: every path they are given is absolute.
  o.servesim = fs::absolute(o.servesim).string();
  o.source = fs::absolute(o.source).string();
  o.out = fs::absolute(o.out).string();
  if (o.inputs == 0 && o.minutes <= 0) usage("give --inputs or --minutes");
  if (o.scenarios.empty()) o.scenarios = default_scenarios();
  return o;
}

void write_file(const fs::path& path, const std::string& content) {
  std::ofstream(path, std::ios::binary) << content;
}

enum Stage { kValidate, kRun };
constexpr std::array<const char*, 2> kScenarioStages = {"validate", "run"};

bool wanted(const Options& o, const std::string& entry) {
  return o.entries.empty() || std::find(o.entries.begin(), o.entries.end(), entry) != o.entries.end();
}

class Campaign {
 public:
  Campaign(Options options, std::vector<SeedInput> seeds, std::vector<std::unique_ptr<EntryPoint>> entries)
      : o_(std::move(options)), seeds_(std::move(seeds)) {
    if (wanted(o_, "scenario")) stages_.assign(kScenarioStages.begin(), kScenarioStages.end());
    for (auto& entry : entries) {
      if (!wanted(o_, entry->name())) continue;
      for (const auto& stage : entry->stages()) stages_.push_back(stage);
      entries_.push_back(std::move(entry));
    }
    counts_.resize(stages_.size());
  }

  // Runs workers until the inputs are done or the time is up; returns the
  // number of inputs tried.
  std::uint64_t run() {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(o_.minutes * 60);
    next_ = o_.first;
    std::vector<std::thread> workers;
    for (unsigned w = 0; w < o_.jobs; ++w) {
      workers.emplace_back([this, w, deadline] {
        const fs::path dir = fs::path(o_.out) / "work" / std::to_string(w);
        for (;;) {
          if (o_.minutes > 0 && std::chrono::steady_clock::now() > deadline) return;
          const std::uint64_t i = next_++;
          if (o_.inputs > 0 && i >= o_.first + o_.inputs) return;
          // A bug of the fuzzer's own is told, and the campaign goes on.
          try {
            try_input(i, dir);
          } catch (const std::exception& e) {
            ++harness_errors_;
            std::cerr << "scenario_fuzzer: harness error on input " << i << ": " << e.what() << "\n";
          }
          ++done_;
        }
      });
    }
    for (auto& t : workers) t.join();
    return done_;
  }

  std::uint64_t harness_errors() const { return harness_errors_; }

  std::uint64_t violations() const {
    std::uint64_t n = 0;
    for (const auto& stage : counts_)
      for (int k = 0; k < kOutcomes; ++k) n += is_violation(static_cast<Outcome>(k)) ? stage[k] : 0;
    return n;
  }

  void print(std::ostream& out, std::uint64_t inputs, double wall_s) const {
    out << "scenario_fuzzer: seed " << o_.seed << ", inputs " << o_.first << ".." << o_.first + inputs << " ("
        << inputs << "), " << o_.jobs << " jobs, " << std::fixed << std::setprecision(1) << wall_s << " s\n";
    out << std::left << std::setw(14) << "outcome" << std::right;
    for (const auto& stage : stages_) out << std::setw(13) << stage;
    out << "\n";
    for (int k = 0; k < kOutcomes; ++k) {
      out << std::left << std::setw(14) << outcome_name(static_cast<Outcome>(k)) << std::right;
      for (const auto& stage : counts_) out << std::setw(13) << stage[k];
      out << "\n";
    }
    if (harness_errors_ > 0) out << "harness errors: " << harness_errors_ << " (the fuzzer's, see stderr)\n";
    out << "violations: " << violations();
    if (violations() > 0) out << " (inputs, stderr and commands under " << (fs::path(o_.out) / "findings").string() << ")";
    out << "\n";
  }

 private:
  void try_input(std::uint64_t i, const fs::path& dir) {
    // The mutant depends on (seed, i) only; the odd constant spreads
    // neighbouring indexes over the generator's state.
    Mutator m(o_.seed * 0x9E3779B97F4A7C15ull + i);
    const bool scenarios = wanted(o_, "scenario");
    const std::uint64_t target = m.below(entries_.size() + (scenarios ? 1 : 0));
    if (!scenarios || target > 0) return try_entry(i, *entries_[target - (scenarios ? 1 : 0)], &m, dir);
    const SeedInput& seed = seeds_[m.below(seeds_.size())];
    // Mostly the scenario is mutated; with trace files, sometimes only those.
    const bool only_files = !seed.files.empty() && m.chance(0.4);
    SeedInput mutant{seed.name, {}, seed.files};
    for (auto& [name, content] : mutant.files) {
      if (only_files || m.chance(0.3)) content = m.mutate_text(content);
    }
    write_input(dir, mutant, only_files ? seed.scenario.dump(1) : m.mutate_json(seed.scenario));
    if (check(i, stage_index(kScenarioStages[kValidate]), command(kValidate, dir), dir) == Outcome::ok) {
      check(i, stage_index(kScenarioStages[kRun]), command(kRun, dir), dir);
    }
  }

  // An entry point's input: its steps in order, each only if the one before ended ok.
  void try_entry(std::uint64_t i, const EntryPoint& entry, Mutator* m, const fs::path& dir) {
    fs::remove_all(dir);
    fs::create_directories(dir);
    for (const Step& step : entry.prepare(m, dir)) {
      if (check(i, stage_index(step.stage), step.argv, dir, step.program) != Outcome::ok) return;
    }
  }

  std::size_t stage_index(const std::string& stage) const {
    return static_cast<std::size_t>(std::find(stages_.begin(), stages_.end(), stage) - stages_.begin());
  }

  static void write_input(const fs::path& dir, const SeedInput& input, const std::string& scenario) {
    fs::remove_all(dir);
    fs::create_directories(dir);
    write_file(dir / "scenario.json", scenario);
    for (const auto& [name, content] : input.files) write_file(dir / name, content);
    write_file(dir / "seed.txt", input.name + "\n");
  }

  std::vector<std::string> command(Stage stage, const fs::path& dir) const {
    const std::string scenario = (dir / "scenario.json").string();
    if (stage == kValidate) return {o_.servesim, "validate", scenario};
    // A short run: the scenario's own duration may be hours of simulated time.
    std::ostringstream duration;
    duration << "duration_s=" << o_.run_duration_s;
    return {o_.servesim, "run", scenario, "--out", (dir / "out").string(), "--quiet", "--set", duration.str()};
  }

 public:
  // Every seed, unmutated, must validate and run within the limits: else the
  // harness is misconfigured and its violations would be its own. Returns
  // the first seed that does not, with what it printed; empty if all pass.
  std::string unfit_seed() const {
    const fs::path dir = fs::path(o_.out) / "work" / "seed";
    for (const auto& seed : wanted(o_, "scenario") ? seeds_ : std::vector<SeedInput>{}) {
      write_input(dir, seed, seed.scenario.dump(1));
      for (Stage stage : {kValidate, kRun}) {
        const ChildResult r = run_child(command(stage, dir), dir, o_.limits);
        if (classify(r) != Outcome::ok) {
          return seed.name + " (" + kScenarioStages[stage] + ": " + outcome_name(classify(r)) + ") " + r.err;
        }
      }
    }
    for (const auto& entry : entries_) {
      fs::remove_all(dir);
      fs::create_directories(dir);
      for (const Step& step : entry->prepare(nullptr, dir)) {
        const ChildResult r = run_child(step.argv, dir, o_.limits);
        if (classify(r, step.program) != Outcome::ok) {
          return entry->name() + " (" + step.stage + ": " + outcome_name(classify(r, step.program)) + ") " + r.err;
        }
      }
    }
    return {};
  }

 private:
  Outcome check(std::uint64_t i, std::size_t stage, const std::vector<std::string>& argv, const fs::path& dir,
                const std::string& program = "servesim") {
    const ChildResult r = run_child(argv, dir, o_.limits);
    const Outcome outcome = classify(r, program);
    std::lock_guard lock(mutex_);
    const std::uint64_t seen = counts_[stage][static_cast<int>(outcome)]++;
    if (is_violation(outcome) && seen < o_.keep) keep_finding(i, stage, outcome, argv, r, dir);
    return outcome;
  }

  // Copies the mutant (scenario, trace files, stderr) and the command that
  // failed; the work folder is reused for the next input.
  void keep_finding(std::uint64_t i, std::size_t stage, Outcome outcome, const std::vector<std::string>& argv,
                    const ChildResult& r, const fs::path& dir) const {
    const fs::path to = fs::path(o_.out) / "findings" / outcome_name(outcome) /
                        (std::to_string(i) + "-" + stages_[stage]);
    fs::create_directories(to);
    for (const auto& entry : fs::directory_iterator(dir)) {
      std::error_code trap;  // a symlink loop or a FIFO the input holds on purpose
      if (entry.is_regular_file(trap)) fs::copy_file(entry.path(), to / entry.path().filename(), fs::copy_options::overwrite_existing);
    }
    // The command names the copies, so that it reruns as written.
    std::ostringstream command;
    for (std::string a : argv) {
      if (a.rfind(dir.string(), 0) == 0) a.replace(0, dir.string().size(), to.string());
      command << a << " ";
    }
    command << "\n# exit " << r.exit_code << ", signal " << r.signal << ", " << r.wall_s << " s"
            << (r.timed_out ? " (timed out)" : "") << "\n# reproduce the mutant: scenario_fuzzer --seed " << o_.seed
            << " --first " << i << " --inputs 1\n";
    write_file(to / "command.txt", command.str());
  }

  const Options o_;
  const std::vector<SeedInput> seeds_;
  std::vector<std::unique_ptr<EntryPoint>> entries_;
  std::vector<std::string> stages_;
  std::atomic<std::uint64_t> next_{0}, done_{0}, harness_errors_{0};
  std::mutex mutex_;
  std::vector<std::array<std::uint64_t, kOutcomes>> counts_;
};

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  // A sanitized servesim: reports must reach stderr, leaks at exit are not
  // part of the contract, and the memory cap is ASan's (see ChildLimits).
  const std::string asan = "detect_leaks=0:hard_rss_limit_mb=" + std::to_string(o.limits.memory_mb);
  ::setenv("ASAN_OPTIONS", asan.c_str(), 0);
  ::setenv("UBSAN_OPTIONS", "print_stacktrace=1", 0);
  fs::remove_all(fs::path(o.out) / "findings");
  const Tools tools{fs::absolute(o.servesim).string(), fs::absolute(o.source), fs::absolute(fs::path(o.out) / "base")};
  make_base(tools, o.limits);  // under the campaign's limits: an ASan build takes no RLIMIT_AS
  Campaign campaign(o, seed_inputs(o.source, o.scenarios), entry_points(tools));
  if (const std::string unfit = campaign.unfit_seed(); !unfit.empty()) {
    std::cerr << "scenario_fuzzer: seed input " << unfit << "\n";
    return 2;
  }
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t inputs = campaign.run();
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::ostringstream summary;
  campaign.print(summary, inputs, wall);
  std::cout << summary.str();
  write_file(fs::path(o.out) / "summary.txt", summary.str());
  fs::remove_all(fs::path(o.out) / "work");
  if (campaign.harness_errors() > 0) return 2;
  return campaign.violations() > 0 ? 1 : 0;
}
