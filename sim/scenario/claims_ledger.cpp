#include "sim/scenario/claims_ledger.hpp"

#include <cmath>
#include <filesystem>
#include <set>

#include "sim/core/input_error.hpp"
#include "sim/core/json_node.hpp"

namespace servesim {
namespace {

namespace fs = std::filesystem;

std::string paper_value_of(const JsonNode& item) {
  if (!item.has("paper_value")) return "";
  const JsonNode v = item.at("paper_value");
  if (v.raw().is_number()) return v.raw().dump();
  return v.string();
}

Claim parse_claim(const JsonNode& item, const fs::path& base) {
  item.expect_object({"id", "paper", "where", "claim", "paper_value", "scenario", "set", "value", "unit", "holds",
                      "asserted", "explanation"});
  const std::string at = item.where();
  Claim c{.id = item.string("id"),
          .paper = item.string("paper"),
          .where = item.string_or("where", ""),
          .text = item.string("claim"),
          .paper_value = paper_value_of(item),
          .scenario = (base / item.string("scenario")).lexically_normal().string(),
          .sets = {},
          .values = {},
          .unit = item.has("unit") ? item.at("unit").choice({"x", "%", ""}) : "",
          .holds = ClaimExpression(item.string("holds"), at + ".holds"),
          .asserted = item.boolean_or("asserted", false),
          .explanation = item.string_or("explanation", ""),
          .json_path = item.path()};
  if (item.has("set")) {
    for (const JsonNode& s : item.items("set")) c.sets.push_back(s.string());
  }
  if (const auto v = item.find("value")) {
    if (v->raw().is_array()) {
      for (const JsonNode& e : v->items()) c.values.emplace_back(e.string(), e.where());
    } else {
      c.values.emplace_back(v->string(), at + ".value");
    }
  }
  return c;
}

std::string run_key(std::size_t index, const std::string& scenario) {
  const std::string number = std::to_string(index + 1);
  return std::string(number.size() < 2 ? 2 - number.size() : 0, '0') + number + "-" + fs::path(scenario).stem().string();
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
    std::size_t run = 0;
    while (run < ledger.runs.size() &&
           (ledger.runs[run].scenario != claim.scenario || ledger.runs[run].sets != claim.sets)) {
      ++run;
    }
    if (run == ledger.runs.size()) ledger.runs.push_back({claim.scenario, claim.sets, run_key(run, claim.scenario)});
    ledger.run_of.push_back(run);
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
