#include "sim/scenario/claims_ledger.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <set>

#include "sim/core/input_error.hpp"
#include "sim/core/json_node.hpp"
#include "sim/core/text_fields.hpp"

namespace servesim {
namespace {

namespace fs = std::filesystem;

std::string paper_value_of(const JsonNode& item) {
  if (!item.has("paper_value")) return "";
  const JsonNode v = item.at("paper_value");
  if (v.raw().is_number()) return v.raw().dump();
  return v.string();
}

std::vector<std::string> sets_of(const JsonNode& list) {
  std::vector<std::string> sets;
  for (const JsonNode& s : list.items()) sets.push_back(s.string());
  return sets;
}

std::map<std::string, std::vector<std::string>> named_runs_of(const JsonNode& item) {
  std::map<std::string, std::vector<std::string>> runs;
  const auto node = item.find("runs");
  if (!node) return runs;
  if (!node->raw().is_object()) node->fail("expected an object from a run name to its --set overrides");
  for (const std::string& name : node->keys()) {
    if (!is_run_name(name)) {
      node->fail("run name " + quote_field(name) +
                 ": expected a letter or '_', then letters, digits, '_', '-' or '.' (no '/' or ':'; not \"value\")");
    }
    runs[name] = sets_of(node->at(name));
  }
  return runs;
}

std::string run_names(const Claim& claim) {
  if (claim.runs.empty()) return "the claim has no \"runs\"";
  std::string names;
  for (const auto& [name, _] : claim.runs) names += (names.empty() ? "" : ", ") + name;
  return "the claim's runs: " + names;
}

// A mistyped run name is caught here, not after every run has finished.
void check_run_references(const Claim& claim, const ClaimExpression& expression) {
  for (const std::string& label : expression.labels()) {
    const std::string run = split_run_label(label).run;
    if (!run.empty() && !claim.runs.contains(run)) {
      throw InputError(expression.where(), "unknown run " + quote_field(run) + " (" + run_names(claim) + ")");
    }
  }
}

Claim parse_claim(const JsonNode& item, const fs::path& base) {
  item.expect_object({"id", "paper", "where", "claim", "paper_value", "scenario", "set", "runs", "value", "unit",
                      "holds", "asserted", "explanation"});
  const std::string at = item.where();
  Claim c{.id = item.string("id"),
          .paper = item.string("paper"),
          .where = item.string_or("where", ""),
          .text = item.string("claim"),
          .paper_value = paper_value_of(item),
          .scenario = (base / item.string("scenario")).lexically_normal().string(),
          .sets = item.has("set") ? sets_of(item.at("set")) : std::vector<std::string>{},
          .runs = named_runs_of(item),
          .values = {},
          .unit = item.has("unit") ? item.at("unit").choice({"x", "%", ""}) : "",
          .holds = ClaimExpression(item.string("holds"), at + ".holds"),
          .asserted = item.boolean_or("asserted", false),
          .explanation = item.string_or("explanation", ""),
          .json_path = item.path()};
  if (const auto v = item.find("value")) {
    if (v->raw().is_array()) {
      for (const JsonNode& e : v->items()) c.values.emplace_back(e.string(), e.where());
    } else {
      c.values.emplace_back(v->string(), at + ".value");
    }
  }
  for (const ClaimExpression& e : c.values) check_run_references(c, e);
  check_run_references(c, c.holds);
  return c;
}

std::string run_key(std::size_t index, const std::string& scenario) {
  const std::string number = std::to_string(index + 1);
  return std::string(number.size() < 2 ? 2 - number.size() : 0, '0') + number + "-" + fs::path(scenario).stem().string();
}

// The index of the run of `scenario` with `sets`, added if no claim used it yet.
std::size_t run_index(ClaimsLedger& ledger, const std::string& scenario, const std::vector<std::string>& sets) {
  const auto same = [&](const ClaimRun& run) { return run.scenario == scenario && run.sets == sets; };
  const auto found = std::find_if(ledger.runs.begin(), ledger.runs.end(), same);
  if (found != ledger.runs.end()) return static_cast<std::size_t>(found - ledger.runs.begin());
  ledger.runs.push_back({scenario, sets, run_key(ledger.runs.size(), scenario)});
  return ledger.runs.size() - 1;
}

std::map<std::string, std::size_t> named_run_indices(ClaimsLedger& ledger, const Claim& claim) {
  std::map<std::string, std::size_t> indices;
  for (const auto& [name, more_sets] : claim.runs) {
    std::vector<std::string> sets = claim.sets;
    sets.insert(sets.end(), more_sets.begin(), more_sets.end());
    indices[name] = run_index(ledger, claim.scenario, sets);
  }
  return indices;
}

}  // namespace

ClaimsLedger load_claims(const std::string& file) {
  const nlohmann::json document = read_json_file(file);
  const JsonNode root(document, file);
  root.expect_object({"description", "claims"});
  ClaimsLedger ledger;
  ledger.file = file;
  std::set<std::string> ids;
  const fs::path base = fs::path(file).parent_path();
  for (const JsonNode& item : root.items("claims")) {
    Claim claim = parse_claim(item, base);
    if (!ids.insert(claim.id).second) item.at("id").fail("duplicate claim id \"" + claim.id + "\"");
    ledger.run_of.push_back(run_index(ledger, claim.scenario, claim.sets));
    ledger.named_runs_of.push_back(named_run_indices(ledger, claim));
    ledger.claims.push_back(std::move(claim));
  }
  if (ledger.claims.empty()) root.at("claims").fail("expected at least one claim");
  return ledger;
}

ClaimResult evaluate_claim(const Claim& claim, const ClaimValues& values) {
  ClaimResult r;
  try {
    for (const ClaimExpression& e : claim.values) r.values.push_back(e.evaluate(values));
    const double* value = r.values.empty() ? nullptr : &r.values.front();
    r.holds = claim.holds.evaluate(values, value) != 0;
  } catch (const InputError& e) {
    r.error = e.what();
    r.holds.reset();
  }
  return r;
}

}  // namespace servesim
