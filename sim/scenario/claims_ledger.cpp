#include "sim/scenario/claims_ledger.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <set>

#include "sim/core/input_error.hpp"
#include "sim/core/json_node.hpp"
#include "sim/core/text_fields.hpp"

namespace servesim {
namespace {

namespace fs = std::filesystem;

std::string paper_value_of(const JsonNode& item) {
  const JsonNode v = item.at("paper_value");
  if (v.raw().is_number()) return v.raw().dump();
  return v.string();
}

std::vector<std::string> sets_of(const JsonNode& list) {
  std::vector<std::string> sets;
  for (const JsonNode& s : list.items()) sets.push_back(s.string());
  return sets;
}

// A named run: a list of overrides that follow the claim's own on its
// scenario, or {"scenario": ..., "set": [...]} for another scenario.
NamedRun named_run_of(const JsonNode& node, const fs::path& base, const std::string& scenario,
                      const std::vector<std::string>& sets) {
  if (!node.raw().is_object()) {
    NamedRun run{scenario, sets};
    for (std::string& set : sets_of(node)) run.sets.push_back(std::move(set));
    return run;
  }
  node.expect_object({"scenario", "set"});
  return {(base / node.string("scenario")).lexically_normal().string(),
          node.has("set") ? sets_of(node.at("set")) : std::vector<std::string>{}};
}

std::map<std::string, NamedRun> named_runs_of(const JsonNode& item, const fs::path& base, const std::string& scenario,
                                              const std::vector<std::string>& sets) {
  std::map<std::string, NamedRun> runs;
  const auto node = item.find("runs");
  if (!node) return runs;
  if (!node->raw().is_object()) node->fail("expected an object from a run name to its --set overrides");
  for (const std::string& name : node->keys()) {
    if (!is_run_name(name)) {
      node->fail("run name " + quote_field(name) +
                 ": expected a letter or '_', then letters, digits, '_', '-' or '.' (no '/' or ':'; not \"value\")");
    }
    runs[name] = named_run_of(node->at(name), base, scenario, sets);
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

// Each kind's fields (read_kind_rules refuses, with the reason, a band
// claim's "holds" and an input claim's "asserted" or "headline"); a finding
// has words of its own and a note.
void expect_fields_of(const JsonNode& item, ClaimKind kind) {
  switch (kind) {
    case ClaimKind::kBand:
      item.expect_object({"id", "paper", "where", "claim", "kind", "paper_value", "quantity", "paper_number", "band",
                          "headline", "requires_env", "scenario", "set", "runs", "value", "unit", "holds", "asserted",
                          "explanation"});
      return;
    case ClaimKind::kDirection:
      item.expect_object({"id", "paper", "where", "claim", "kind", "paper_value", "headline", "requires_env",
                          "scenario", "set", "runs", "value", "unit", "holds", "asserted", "explanation"});
      return;
    case ClaimKind::kInput:
      item.expect_object({"id", "paper", "where", "claim", "kind", "paper_value", "headline", "requires_env",
                          "scenario", "set", "runs", "value", "unit", "holds", "asserted", "explanation"});
      return;
    case ClaimKind::kFinding:
      item.expect_object({"id", "paper", "where", "finding", "requires_env", "scenario", "set", "runs", "value",
                          "unit", "note"});
      return;
  }
}

ClaimKind kind_of(const JsonNode& item) {
  if (!item.has("kind")) {
    item.fail("a claim needs a \"kind\": \"band\" (the paper gives a number), \"direction\" (only an ordering or "
              "a shape) or \"input\" (the value follows from the scenario's inputs); what the paper does not claim "
              "goes to \"findings\"");
  }
  const std::string kind = item.at("kind").choice({"band", "direction", "input"});
  if (kind == "band") return ClaimKind::kBand;
  return kind == "direction" ? ClaimKind::kDirection : ClaimKind::kInput;
}

std::vector<ClaimExpression> values_of(const JsonNode& item) {
  std::vector<ClaimExpression> values;
  if (const auto v = item.find("value")) {
    if (v->raw().is_array()) {
      for (const JsonNode& e : v->items()) values.emplace_back(e.string(), e.where());
    } else {
      values.emplace_back(v->string(), item.where() + ".value");
    }
  }
  return values;
}

std::string declared_names(const ClaimBands& bands) {
  if (bands.empty()) return "the ledger declares no \"bands\"";
  std::string names;
  for (const auto& [name, _] : bands) names += (names.empty() ? "" : ", ") + name;
  return names;
}

// A band claim: its quantity's declared band (or the claim's stated widening)
// around the paper's number, judged on the first value.
void read_band(const JsonNode& item, const ClaimBands& bands, Claim& c) {
  if (item.has("holds")) {
    item.at("holds").fail("a band claim is judged by its band around the paper's number; drop \"holds\" (or make "
                          "it a direction claim if the paper gives no number)");
  }
  if (!item.has("paper_number")) item.fail("a band claim needs the paper's number (\"paper_number\")");
  if (!item.has("quantity")) item.fail("a band claim needs a \"quantity\" (" + declared_names(bands) + ")");
  c.quantity = item.string("quantity");
  const auto declared = bands.find(c.quantity);
  if (declared == bands.end()) {
    item.at("quantity").fail("unknown quantity " + quote_field(c.quantity) + " (declared: " + declared_names(bands) +
                             ")");
  }
  c.band = item.has("band") ? parse_claim_band_override(item.at("band"), declared->second, c.quantity)
                            : declared->second;
  c.paper_number = item.at("paper_number").number();
  if (c.band.rule == ClaimBand::Rule::kFactor && *c.paper_number <= 0) {
    item.at("paper_number").fail("expected a positive number: a " + c.quantity + " band is a factor of it");
  }
  const auto& units = c.band.units;
  if (std::find(units.begin(), units.end(), c.unit) == units.end()) {
    const std::string expected = "a " + c.quantity + " is shown in " + quote_field(units.front());
    if (!item.has("unit")) item.fail(expected + ": set \"unit\"");
    item.at("unit").fail(expected + ", not " + quote_field(c.unit));
  }
  if (c.values.empty()) item.fail("a band claim needs a \"value\": the number judged against the paper's");
}

void read_kind_rules(const JsonNode& item, const ClaimBands& bands, Claim& c) {
  switch (c.kind) {
    case ClaimKind::kBand:
      read_band(item, bands, c);
      break;
    case ClaimKind::kDirection:
      if (!item.has("paper_value")) item.fail("a direction claim needs the paper's words (\"paper_value\")");
      c.holds.emplace(item.string("holds"), item.where() + ".holds");
      break;
    case ClaimKind::kInput:
      if (c.asserted) item.at("asserted").fail("an input claim is never asserted: it is not evidence");
      if (c.headline) item.at("headline").fail("an input claim is never a headline: it is not evidence");
      if (item.has("holds")) c.holds.emplace(item.string("holds"), item.where() + ".holds");
      break;
    case ClaimKind::kFinding:
      break;
  }
}

// A claim (or, with `finding`, one of our own findings). Its errors name the
// claim by index and id: "claims[3] (mark-x).band: ...".
Claim parse_claim(const JsonNode& entry, const fs::path& base, const ClaimBands& bands, bool finding) {
  if (!entry.raw().is_object()) entry.fail("expected an object (a claim)");
  const std::string id = entry.string("id");
  const JsonNode item(entry.raw(), entry.file(), entry.path() + " (" + id + ")", entry.observer());
  const ClaimKind kind = finding ? ClaimKind::kFinding : kind_of(item);
  expect_fields_of(item, kind);
  Claim c{.id = id,
          .paper = item.string("paper"),
          .where = item.string_or("where", ""),
          .text = item.string(finding ? "finding" : "claim"),
          .kind = kind,
          .paper_value = item.has("paper_value") ? paper_value_of(item) : "",
          .paper_number = {},
          .quantity = {},
          .band = {},
          .headline = item.boolean_or("headline", false),
          .requires_env = item.has("requires_env") ? sets_of(item.at("requires_env")) : std::vector<std::string>{},
          .scenario = (base / item.string("scenario")).lexically_normal().string(),
          .sets = item.has("set") ? sets_of(item.at("set")) : std::vector<std::string>{},
          .runs = {},
          .values = values_of(item),
          .unit = item.has("unit") ? claim_unit(item.at("unit")) : "",
          .holds = {},
          .asserted = item.boolean_or("asserted", false),
          .explanation = item.string_or(finding ? "note" : "explanation", ""),
          .json_path = item.path()};
  c.runs = named_runs_of(item, base, c.scenario, c.sets);
  read_kind_rules(item, bands, c);
  for (const ClaimExpression& e : c.values) check_run_references(c, e);
  if (c.holds) check_run_references(c, *c.holds);
  return c;
}

// A folder name that stays the run's own whatever claims come before it, so
// that `servesim claims --reuse` finds a run again after the ledger changed:
// the scenario's stem and a hash (FNV-1a) of its path and overrides.
std::string run_key(const std::string& scenario, const std::vector<std::string>& sets) {
  std::uint64_t hash = 14695981039346656037ull;
  const auto mix = [&](const std::string& text) {
    for (unsigned char c : text) hash = (hash ^ c) * 1099511628211ull;
    hash = (hash ^ 0xffu) * 1099511628211ull;  // a separator no text contains
  };
  mix(scenario);
  for (const std::string& set : sets) mix(set);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string key = fs::path(scenario).stem().string() + "-";
  for (int shift = 28; shift >= 0; shift -= 4) key += kHex[(hash >> shift) & 0xf];
  return key;
}

// The index of the run of `scenario` with `sets`, added if no claim used it yet.
std::size_t run_index(ClaimsLedger& ledger, const std::string& scenario, const std::vector<std::string>& sets) {
  const auto same = [&](const ClaimRun& run) { return run.scenario == scenario && run.sets == sets; };
  const auto found = std::find_if(ledger.runs.begin(), ledger.runs.end(), same);
  if (found != ledger.runs.end()) return static_cast<std::size_t>(found - ledger.runs.begin());
  ledger.runs.push_back({scenario, sets, run_key(scenario, sets)});
  return ledger.runs.size() - 1;
}

std::map<std::string, std::size_t> named_run_indices(ClaimsLedger& ledger, const Claim& claim) {
  std::map<std::string, std::size_t> indices;
  for (const auto& [name, run] : claim.runs) indices[name] = run_index(ledger, run.scenario, run.sets);
  return indices;
}

void add_claim(ClaimsLedger& ledger, Claim claim, const JsonNode& item, std::set<std::string>& ids) {
  if (!ids.insert(claim.id).second) item.at("id").fail("duplicate claim id \"" + claim.id + "\"");
  ledger.run_of.push_back(run_index(ledger, claim.scenario, claim.sets));
  ledger.named_runs_of.push_back(named_run_indices(ledger, claim));
  ledger.claims.push_back(std::move(claim));
}

}  // namespace

const char* kind_name(ClaimKind kind) {
  switch (kind) {
    case ClaimKind::kBand:
      return "band";
    case ClaimKind::kDirection:
      return "direction";
    case ClaimKind::kInput:
      return "input";
    case ClaimKind::kFinding:
      return "finding";
  }
  return "";
}

ClaimsLedger load_claims(const std::string& file) {
  const nlohmann::json document = read_json_file(file);
  const JsonNode root(document, file);
  root.expect_object({"description", "bands", "claims", "findings"});
  ClaimsLedger ledger;
  ledger.file = file;
  if (const auto bands = root.find("bands")) ledger.bands = parse_claim_bands(*bands);
  std::set<std::string> ids;
  const fs::path base = fs::path(file).parent_path();
  for (const JsonNode& item : root.items("claims")) {
    add_claim(ledger, parse_claim(item, base, ledger.bands, false), item, ids);
  }
  if (ledger.claims.empty()) root.at("claims").fail("expected at least one claim");
  if (const auto findings = root.find("findings")) {
    for (const JsonNode& item : findings->items()) {
      add_claim(ledger, parse_claim(item, base, ledger.bands, true), item, ids);
    }
  }
  return ledger;
}

std::string unset_environment(const Claim& claim) {
  std::string unset;
  for (const std::string& name : claim.requires_env) {
    if (std::getenv(name.c_str()) == nullptr) unset += (unset.empty() ? "" : ", ") + name;
  }
  return unset;
}

double shown_value(const Claim& claim, double value) { return claim.unit == "%" ? 100 * value : value; }

ClaimResult evaluate_claim(const Claim& claim, const ClaimValues& values) {
  ClaimResult r;
  try {
    for (const ClaimExpression& e : claim.values) r.values.push_back(e.evaluate(values));
    const double* value = r.values.empty() ? nullptr : &r.values.front();
    if (claim.kind == ClaimKind::kBand) {
      r.holds = claim.band.holds(shown_value(claim, *value), *claim.paper_number);
    } else if (claim.holds) {
      r.holds = claim.holds->evaluate(values, value) != 0;
    }
  } catch (const InputError& e) {
    r.error = e.what();
    r.holds.reset();
  }
  return r;
}

}  // namespace servesim
