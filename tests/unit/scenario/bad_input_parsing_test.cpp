// Input that once crashed the reader itself (issue 11, "Parsing that cannot
// crash"): deep nesting, duplicate keys, numbers no double holds, values with
// newlines or binary bytes, huge values, files named by a scenario field, and
// the CLI's own arguments. Each must give exit status 2 and ONE line naming the
// file (or --set assignment) and the field, through the real binary.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "bad_input_harness.hpp"
#include "tests/support/cli_runner.hpp"

namespace servesim::test::bad_input_parsing_test {  // its own: unity builds join test files
namespace {

using nlohmann::json;

// The base scenario as compact text with `from` replaced by `to` once: for
// documents no JSON library writes (a key twice, 1e999).
std::string base_text_with(const std::string& from, const std::string& to) {
  std::string text = base_scenario().dump();
  const auto pos = text.find(from);
  if (pos == std::string::npos) throw std::logic_error("base scenario has no " + from);
  return text.replace(pos, from.size(), to);
}

std::string nested_arrays(std::size_t depth) { return std::string(depth, '[') + std::string(depth, ']'); }

// A segments workload `levels` deep around a Poisson one, as text (8,000
// levels built as a json value would be copied level by level).
std::string nested_segments_text(int levels) {
  std::string open, close;
  for (int i = 0; i < levels; ++i) {
    open += R"({"kind":"segments","segments":[{"duration_s":1,"workload":)";
    close += "}]}";
  }
  return open + R"({"kind":"poisson","rate":5})" + close;
}

// The base's inline model catalog written to catalogs/models.json (with
// `edit` applied to its text) and referenced from the scenario.
void models_file(json& s, const TempDir& d, const std::string& from = "", const std::string& to = "") {
  std::string text = s["catalogs"]["models"][0].dump();
  if (!from.empty()) text.replace(text.find(from), from.size(), to);
  d.write("catalogs/models.json", text);
  s["catalogs"]["models"] = json::array({"catalogs/models.json"});
}

const std::vector<Case>& cases() {
  static const std::vector<Case> table = {
      // Duplicate keys: rejected while parsing, naming the path and the key.
      {"duplicate_key_nested", {}, {"$DIR/scenario.json: applications[0].slo_ms", "duplicate key \"slo_ms\""},
       {}, "validate", base_text_with("\"slo_ms\":100", "\"slo_ms\":100,\"slo_ms\":50")},
      {"duplicate_key_top_level", {}, {"$DIR/scenario.json: seed", "duplicate key \"seed\""},
       {}, "validate", base_text_with("\"seed\":3", "\"seed\":3,\"seed\":4")},
      // Depth: an integer field holding arrays 100,000 deep used to crash in
      // the error message's dump(); a segments workload 8,000 deep overflowed
      // the workload reader's recursion.
      {"deep_array_in_integer_field", {},
       {"$DIR/scenario.json: seed[0][0][0]", "nested more than 64 levels deep"},
       {}, "validate", base_text_with("\"seed\":3", "\"seed\":" + nested_arrays(100000))},
      {"deep_segments_document", {},
       {"$DIR/scenario.json: applications[0].workload.segments[0].workload.segments[0]", "nested more than 64 levels deep"},
       {}, "validate",
       base_text_with("{\"kind\":\"poisson\",\"rate\":20}", nested_segments_text(8000))},
      {"segments_nested_17_deep", [](json& s, const TempDir&) { app0(s)["workload"] = json::parse(nested_segments_text(17)); },
       {"$DIR/scenario.json: applications[0].workload" + [] {
          std::string p;
          for (int i = 0; i < 16; ++i) p += ".segments[0].workload";
          return p;
        }() + ":",
        "workloads nest at most 16 levels deep"}},
      // Numbers beyond a double (nlohmann's out_of_range, once exit 3).
      {"number_overflow_in_scenario", {}, {"$DIR/scenario.json: applications[0].slo_ms", "number overflow", "1e999"},
       {}, "validate", base_text_with("\"slo_ms\":100", "\"slo_ms\":1e999")},
      {"integer_beyond_int64", {}, {"$DIR/scenario.json: seed", "below 2^63", "18446744073709551615"},
       {}, "validate", base_text_with("\"seed\":3", "\"seed\":18446744073709551615")},
      {"syntax_error_names_line_and_field", {}, {"$DIR/scenario.json: applications[0].slo_ms", "invalid JSON", "line 1"},
       {}, "validate", base_text_with("\"slo_ms\":100", "\"slo_ms\":fast")},
      // Values are quoted at most 80 characters long, newlines escaped.
      {"newline_in_value_escaped", [](json& s, const TempDir&) { app0(s)["family"] = "toy\nsecond line"; },
       {"$DIR/scenario.json: applications[0].family", "unknown model family \"toy\\nsecond line\""}},
      {"huge_value_clipped", [](json& s, const TempDir&) { app0(s)["workload"]["kind"] = std::string(1 << 20, 'x'); },
       {"$DIR/scenario.json: applications[0].workload.kind", "got \"" + std::string(80, 'x') + "...\""}},
      {"wrong_type_names_type_not_value", [](json& s, const TempDir&) { s["seed"] = json::array({1, 2}); },
       {"$DIR/scenario.json: seed", "expected an integer, got an array"}},
      // Trace errors: binary bytes escaped, and the scenario field named.
      {"trace_binary_bytes_escaped", [](json& s, const TempDir& d) { replay(s, d, std::string("0\n100\n\x01\0ab\xff\n", 12)); },
       {"$DIR/scenario.json: applications[0].workload.file: $DIR/trace.csv:3", "\"\\x01\\x00ab\\xff\""}},
      {"trace_error_names_scenario_field", [](json& s, const TempDir& d) { replay(s, d, "0\n100\nabc\n"); },
       {"$DIR/scenario.json: applications[0].workload.file: $DIR/trace.csv:3", "\"abc\""}},
      // Catalog file errors: the scenario field that named the file, then the file's own error.
      {"catalog_file_error_names_scenario_field",
       [](json& s, const TempDir& d) { models_file(s, d, "\"memory_mb\":100", "\"memroy_mb\":100"); },
       {"$DIR/scenario.json: catalogs.models[0]: $DIR/catalogs/models.json: families[0].variants", "memroy_mb",
        "unknown key"}},
      {"catalog_file_duplicate_key",
       [](json& s, const TempDir& d) { models_file(s, d, "\"max_batch\":4", "\"max_batch\":4,\"max_batch\":8"); },
       {"$DIR/scenario.json: catalogs.models[0]: $DIR/catalogs/models.json: families[0].variants[0].max_batch",
        "duplicate key \"max_batch\""}},
      {"catalog_file_number_overflow",
       [](json& s, const TempDir& d) { models_file(s, d, "\"memory_mb\":100", "\"memory_mb\":-1e999"); },
       {"$DIR/scenario.json: catalogs.models[0]: $DIR/catalogs/models.json: families[0].variants[0].memory_mb",
        "number overflow"}},
      // --set values go through the same reader; the assignment is named.
      {"set_number_overflow", {}, {"--set applications[0].slo_ms=1e999", "number overflow"},
       {"--set", "applications[0].slo_ms=1e999"}},
      {"set_index_overflow", {}, {"--set applications[99999999999999999999].slo_ms=1", "out of range"},
       {"--set", "applications[99999999999999999999].slo_ms=1"}},
      {"set_duplicate_key", {}, {"--set applications[0].workload={", ": rate", "duplicate key \"rate\""},
       {"--set", R"(applications[0].workload={"kind":"poisson","rate":1,"rate":2})"}},
      {"set_deep_value", {}, {"--set seed=[[[", "nested more than 64 levels deep"}, {"--set", "seed=" + nested_arrays(5000)}},
      {"set_deep_path", {}, {"--set ", "more than 64 levels deep"}, {"--set", [] {
         std::string path = "serving";
         for (int i = 0; i < 100; ++i) path += ".a";
         return path + "=1";
       }()}},
      {"set_newline_in_value", {}, {"$DIR/scenario.json: applications[0].family", "\"toy\\nx\""},
       {"--set", "applications[0].family=toy\nx"}},
      // --jobs must be at least 1 (unsigned parsing once turned -1 into 4294967295).
      {"jobs_zero", {}, {"--jobs", ">= 1, got 0"}, {"--jobs", "0"}, "run"},
      {"jobs_negative", {}, {"--jobs", ">= 1, got -1"}, {"--jobs=-1"}, "run"},
  };
  return table;
}

class BadInputParsing : public ::testing::TestWithParam<Case> {};

TEST_P(BadInputParsing, ExitsTwoWithOneLineNamingFileAndField) { expect_bad_input(GetParam()); }

INSTANTIATE_TEST_SUITE_P(Parsing, BadInputParsing, ::testing::ValuesIn(cases()), case_name);

// The harness checks one line; a 1 MB value must also give a short one.
TEST(BadInputParsingMessages, HugeValueGivesAShortLine) {
  TempDir dir;
  json s = base_scenario();
  app0(s)["family"] = std::string(1 << 20, 'y');
  dir.write_json("scenario.json", s);
  const CliResult r = run_servesim({"validate", (dir.path() / "scenario.json").string()}, dir.path());
  EXPECT_EQ(r.status, 2);
  EXPECT_LT(r.err.size(), 400u) << r.err.substr(0, 400);
}

// An unknown command: one error line with its hint, not the whole usage;
// collect without a folder likewise.
TEST(BadInputParsingMessages, UnknownCommandGivesErrorAndHint) {
  TempDir dir;
  const CliResult r = run_servesim({"bogus"}, dir.path());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "servesim: unknown command \"bogus\" (try: servesim --help)\n");
  const CliResult collect = run_servesim({"collect"}, dir.path());
  EXPECT_EQ(collect.status, 2);
  EXPECT_EQ(collect.err, "servesim collect: expected at least one DIR (see --help)\n");
}

// The claims ledger is read by the same reader.
TEST(BadInputParsingMessages, LedgerDuplicateKeyIsOneLine) {
  TempDir dir;
  const auto ledger = dir.write("claims.json", R"({"claims": [], "claims": []})");
  const CliResult r = run_servesim({"claims", ledger.string(), "--out", (dir.path() / "out").string()}, dir.path());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.err, "servesim: " + ledger.string() + ": claims: duplicate key \"claims\"\n");
}

// A claim's reference to a run it does not name is refused before any run.
TEST(BadInputParsingMessages, LedgerUnknownRunIsOneLine) {
  TempDir dir;
  const auto ledger = dir.write("claims.json", R"({"claims": [{"id": "a", "paper": "P", "claim": "c",
    "kind": "direction", "paper_value": "v", "scenario": "s.json", "runs": {"online-alone": []}, "value": "alone/p:x", "holds": "1"}]})");
  const CliResult r = run_servesim({"claims", ledger.string(), "--out", (dir.path() / "out").string()}, dir.path());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.err, "servesim: " + ledger.string() +
                       ": claims[0] (a).value: unknown run \"alone\" (the claim's runs: online-alone)\n");
}

// A --scenario that matches no claim is refused, not reported as "0 of 1 hold".
TEST(BadInputParsingMessages, ClaimsScenarioMatchingNoClaimIsOneLine) {
  TempDir dir;
  const auto ledger = dir.write("claims.json", R"({"claims": [{"id": "a", "paper": "P", "claim": "c",
    "kind": "direction", "paper_value": "v", "scenario": "s.json", "runs": {"r": []}, "value": "r/p:x", "holds": "1"}]})");
  const CliResult r = run_servesim(
      {"claims", ledger.string(), "--scenario", "t.json", "--out", (dir.path() / "out").string()}, dir.path());
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_EQ(r.err, "servesim claims --scenario: no claim of " + ledger.string() +
                       " names scenario \"t.json\" (give it as the ledger writes it)\n");
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "out"));
}

}  // namespace
}  // namespace servesim::test::bad_input_parsing_test
