#include "tests/fuzz/entry_points.hpp"

#include <sys/stat.h>

#include <fstream>
#include <stdexcept>
#include <utility>

#include "tests/fuzz/child_process.hpp"
#include "tests/fuzz/outcome.hpp"
#include "tests/unit/scenario/toy_scenario.hpp"

namespace servesim::fuzz {

namespace fs = std::filesystem;

namespace {

void write_file(const fs::path& path, const std::string& content) {
  std::ofstream(path, std::ios::binary) << content;
}

// The toy scenario, short enough that a run of it is a fraction of a second.
Json toy_scenario() { return Json::parse(servesim::test::base_scenario().dump()); }

// Files a mutated path may name, each a way a path goes wrong; all inside
// `dir`, so that no mutant reaches outside it (renaming over "zero"
// replaces the link, never /dev/zero).
void write_traps(const fs::path& dir) {
  fs::create_directories(dir / "folder");
  ::mkfifo((dir / "fifo").c_str(), 0600);
  fs::create_symlink("loop", dir / "loop");
  fs::create_symlink("/dev/zero", dir / "zero");
  fs::create_symlink("nowhere", dir / "dangling");
}

const std::vector<std::string>& nasty_tokens() {
  static const std::vector<std::string> tokens = {
      "", "-", "--", "--=", "=", "-j", "--jobs", "--set", "--out", "-o", "--policy", "-p", "--help", "--version",
      "--dry-run", "--quiet", "--points", "--doc", "--check-ledger", "--reuse", "--scenario", "--grid", "--seeds",
      "--replications", "--binary", "--slurm", "--time", "0", "-1", "1e999", "nan", "99999999999999999999",
      "2147483648", "a=b", "x[0", "x]=1", "applications[0].slo_ms=", "applications[99].slo_ms=5",
      "applications[0].slo_ms=1,,2", "policies[0].params={", "seed=1,2", "duration_s=1e300", "1,,2",
      std::string(5000, 'a'), "\xff\xfe", "caf\xc3", "./fifo", "./loop", "./folder", "./zero", "./dangling",
      "./missing.json", "scenario.json", "ledger.json", "runs", "static", "policies", "catalog", "batchers"};
  return tokens;
}

// 1-3 edits of an argument list: a token deleted, repeated, swapped,
// replaced or inserted, or the list cut short.
std::vector<std::string> mutate_tokens(Mutator& m, std::vector<std::string> args) {
  const auto nasty = [&] { return nasty_tokens()[m.below(nasty_tokens().size())]; };
  const std::uint64_t edits = 1 + m.below(3);
  for (std::uint64_t e = 0; e < edits; ++e) {
    const std::size_t n = args.size();
    switch (m.below(6)) {
      case 0:
        if (n > 0) args.erase(args.begin() + static_cast<std::ptrdiff_t>(m.below(n)));
        break;
      case 1:
        if (n > 0) {
          const std::size_t i = m.below(n);
          args.insert(args.begin() + static_cast<std::ptrdiff_t>(i), args[i]);
        }
        break;
      case 2:
        if (n > 1) std::swap(args[m.below(n)], args[m.below(n)]);
        break;
      case 3:
        if (n > 0) args[m.below(n)] = nasty();
        break;
      case 4:
        args.insert(args.begin() + static_cast<std::ptrdiff_t>(m.below(n + 1)), nasty());
        break;
      default:
        args.resize(m.below(n + 1));
        break;
    }
  }
  return args;
}

// An entry point that runs the tools.
class ToolEntry : public EntryPoint {
 public:
  explicit ToolEntry(Tools tools) : tools_(std::move(tools)) {}

 protected:
  Tools tools_;
};

// A finished run of the toy scenario, as a sweep point holds it.
class CollectEntry : public ToolEntry {
 public:
  using ToolEntry::ToolEntry;
  std::string name() const override { return "collect"; }
  std::vector<std::string> stages() const override { return {"collect"}; }

  std::vector<Step> prepare(Mutator* m, const fs::path& dir) const override {
    write_traps(dir);
    const fs::path point = dir / "runs" / "rate=20" / "seed=1";
    fs::create_directories(point);
    fs::copy(tools_.base / "static", point / "static", fs::copy_options::recursive);
    const Json point_json = {
        {"parameters",
         {{{"name", "rate"}, {"path", "applications[0].workload.rate"}, {"value", "20"}},
          {{"name", "seed"}, {"path", "seed"}, {"value", "1"}}}},
        {"hash", "0123abcd"},
        {"wall_s", 0.5}};
    write_file(point / "point.json", point_json.dump(1));
    std::vector<std::string> argv = {tools_.servesim, "collect", "runs"};
    if (!m) return {{"collect", argv}};
    if (m->chance(0.5)) argv.insert(argv.end(), {"--points", "points.csv"});
    const fs::path summary = point / "static" / "summary.json";
    switch (m->below(5)) {
      case 0:
      case 1:
        write_file(summary, m->mutate_json(Json::parse(std::ifstream(summary))));
        break;
      case 2:
        write_file(point / "point.json", m->mutate_json(point_json));
        break;
      case 3:
        damage(*m, m->chance(0.5) ? summary : point / "point.json");
        break;
      default:
        write_file(point / "static" / "timeseries.csv", m->mutate_text("window_start_s,window_end_s\n0,1\n"));
        write_file(summary, m->mutate_json(Json::parse(std::ifstream(summary))));
        break;
    }
    return {{"collect", argv}};
  }

 private:
  // The file becomes something a file should not be.
  static void damage(Mutator& m, const fs::path& file) {
    fs::remove(file);
    switch (m.below(6)) {
      case 0: fs::create_directories(file); break;
      case 1: fs::create_symlink(file.filename(), file); break;  // a loop
      case 2: ::mkfifo(file.c_str(), 0600); break;
      case 3: fs::create_symlink("/dev/zero", file); break;
      case 4: write_file(file, ""); break;
      default:
        write_file(file, "{}");
        fs::resize_file(file, std::uintmax_t{300} << 20);  // sparse: no disk used
        break;
    }
  }
};

// A ledger with a direction claim over two runs and an input claim.
Json toy_ledger() {
  return Json::parse(R"json({"claims": [
    {"id": "more-load", "paper": "P", "claim": "more load, more queries", "kind": "direction", "paper_value": "v",
     "scenario": "scenario.json", "runs": {"quiet": ["applications[0].workload.rate=2"]},
     "value": ["static:queries.arrived", "quiet/static:queries.arrived"],
     "holds": "static:queries.arrived > quiet/static:queries.arrived and -(-quiet/static:queries.arrived) > 0"},
    {"id": "arrive", "paper": "P", "claim": "queries arrive", "kind": "direction", "paper_value": "v",
     "scenario": "scenario.json", "set": ["seed=4"], "holds": "(static:queries.arrived) > 0"}]})json");
}

class ClaimsEntry : public ToolEntry {
 public:
  using ToolEntry::ToolEntry;
  std::string name() const override { return "claims"; }
  std::vector<std::string> stages() const override { return {"claims-check", "claims-run"}; }

  std::vector<Step> prepare(Mutator* m, const fs::path& dir) const override {
    write_file(dir / "scenario.json", toy_scenario().dump(1));
    write_file(dir / "ledger.json", m ? m->mutate_json(toy_ledger()) : toy_ledger().dump(1));
    const std::vector<std::string> check = {tools_.servesim, "claims", "ledger.json", "--check-ledger"};
    const std::vector<std::string> run = {tools_.servesim, "claims", "ledger.json", "--out", "out", "--doc", "claims.md"};
    // A ledger that loads is run a third of the time (a fraction of a second).
    if (!m || m->chance(0.33)) return {{"claims-check", check}, {"claims-run", run}};
    return {{"claims-check", check}};
  }
};

// Every subcommand's argument list on the toy scenario.
class ArgsEntry : public ToolEntry {
 public:
  using ToolEntry::ToolEntry;
  std::string name() const override { return "args"; }
  std::vector<std::string> stages() const override { return {"args"}; }

  std::vector<Step> prepare(Mutator* m, const fs::path& dir) const override {
    write_traps(dir);
    write_file(dir / "scenario.json", toy_scenario().dump(1));
    write_file(dir / "ledger.json", toy_ledger().dump(1));
    fs::create_directories(dir / "runs");
    fs::copy(tools_.base / "static", dir / "runs" / "static", fs::copy_options::recursive);
    const std::vector<std::vector<std::string>> bases = {
        {"run", "scenario.json", "--out", "out", "-p", "static", "-j", "1", "--set", "duration_s=1", "--quiet"},
        {"run", "scenario.json", "--dry-run", "--set", "applications[0].slo_ms=50"},
        {"validate", "scenario.json", "--set", "seed=2"},
        {"list", "policies"},
        {"list", "policies", "mark"},
        {"schema"},
        {"schema", "--reference"},
        {"list", "catalog", "scenario.json"},
        {"collect", "runs", "--points", "points.csv"},
        {"claims", "ledger.json", "--check-ledger"},
        {"--version"},
    };
    std::vector<std::string> args = bases[m ? m->below(bases.size()) : 0];
    if (m) args = mutate_tokens(*m, std::move(args));
    args.insert(args.begin(), tools_.servesim);
    return {{"args", args}};
  }
};

class SweepEntry : public ToolEntry {
 public:
  using ToolEntry::ToolEntry;
  std::string name() const override { return "sweep"; }
  std::vector<std::string> stages() const override { return {"sweep"}; }

  std::vector<Step> prepare(Mutator* m, const fs::path& dir) const override {
    write_traps(dir);
    write_file(dir / "scenario.json", toy_scenario().dump(1));
    std::vector<std::string> args = {"scenario.json", "out", "--binary", tools_.servesim, "--seeds", "1",
                                     "--jobs", "1", "--grid", "applications[0].slo_ms=40,50",
                                     "--", "--set", "duration_s=1"};
    if (m) args = mutate_tokens(*m, std::move(args));
    args.insert(args.begin(), {"/bin/bash", (tools_.source / "scripts" / "sweep.sh").string()});
    return {{"sweep", args, "sweep.sh"}};
  }
};

}  // namespace

std::vector<std::unique_ptr<EntryPoint>> entry_points(const Tools& tools) {
  std::vector<std::unique_ptr<EntryPoint>> out;
  out.push_back(std::make_unique<CollectEntry>(tools));
  out.push_back(std::make_unique<ClaimsEntry>(tools));
  out.push_back(std::make_unique<ArgsEntry>(tools));
  out.push_back(std::make_unique<SweepEntry>(tools));
  return out;
}

void make_base(const Tools& tools, const ChildLimits& limits) {
  fs::remove_all(tools.base);
  fs::create_directories(tools.base);
  write_file(tools.base / "scenario.json", toy_scenario().dump(1));
  const ChildResult r = run_child({tools.servesim, "run", (tools.base / "scenario.json").string(), "--out",
                                   tools.base.string(), "--quiet"},
                                  tools.base, limits);
  if (classify(r) != Outcome::ok) throw std::runtime_error("the base run of the toy scenario failed: " + r.err);
}

}  // namespace servesim::fuzz
