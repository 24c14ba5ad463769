// A parameter table (policies/param_table.hpp) as a policy's parser uses it:
// the check names the field of each kind of mistake, reads give the declared
// default where a key is absent, and the schema and the reference say the
// same ranges and defaults the reads apply.
#include <gtest/gtest.h>

#include <stdexcept>

#include "policies/param_table.hpp"
#include "sim/core/input_error.hpp"

namespace servesim {
namespace {

const ParamTable& table() {
  static const ParamTable t({
      required_name_param("instance_type", "the type"),
      integer_param("count", 1, 10, 3, "how many"),
      number_param("factor", 0.5, 2, 1.5, "how much"),
      seconds_param("tick_s", 1e-3, 60, 10, "how often"),
      boolean_param("on", true, "whether"),
      choice_param("mode", {"paper", "public_code"}, "which"),
      name_param("types", "every type", "which types", true),
  });
  return t;
}

// The InputError's text for params `text`, or "" when the check passes.
std::string check_error(const std::string& text) {
  const nlohmann::json doc = nlohmann::json::parse(text);
  try {
    table().check(JsonNode(doc, "s.json", "policies[0].params"));
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ParamTable, TheCheckNamesTheFieldOfEachKindOfMistake) {
  EXPECT_EQ(check_error(R"({"instance_type": "a"})"), "");
  const std::pair<const char*, const char*> cases[] = {
      {R"({})", "policies[0].params.instance_type"},
      {R"({"instance_type": "a", "cuont": 2})", "policies[0].params.cuont: unknown key"},
      {R"({"instance_type": "a", "count": 11})", "policies[0].params.count: expected an integer in [1, 10]"},
      {R"({"instance_type": "a", "count": 2.5})", "policies[0].params.count"},
      {R"({"instance_type": "a", "factor": 0.25})", "policies[0].params.factor: expected a number in [0.5, 2]"},
      {R"({"instance_type": "a", "tick_s": 0})", "policies[0].params.tick_s: expected a number > 0, in [0.001, 60] s"},
      {R"({"instance_type": "a", "on": 1})", "policies[0].params.on: expected true or false"},
      {R"({"instance_type": "a", "mode": "both"})", R"(policies[0].params.mode: expected one of "paper", "public_code")"},
      {R"({"instance_type": "a", "types": []})", "policies[0].params.types: expected at least one name"},
      {R"({"instance_type": 7})", "policies[0].params.instance_type: expected a string"},
  };
  for (const auto& [params, expected] : cases) {
    SCOPED_TRACE(params);
    EXPECT_NE(check_error(params).find(expected), std::string::npos) << check_error(params);
  }
}

TEST(ParamTable, ReadsGiveTheDeclaredDefaultWhereAKeyIsAbsent) {
  const nlohmann::json empty = nlohmann::json::object();
  const JsonNode none(empty, "s.json", "p");
  EXPECT_EQ(table().integer(none, "count"), 3);
  EXPECT_EQ(table().number(none, "factor"), 1.5);
  EXPECT_EQ(table().seconds(none, "tick_s"), from_seconds(10));
  EXPECT_TRUE(table().boolean(none, "on"));
  EXPECT_EQ(table().choice(none, "mode"), "paper");

  const nlohmann::json given = {{"count", 7}, {"factor", 2}, {"tick_s", 0.5}, {"on", false}, {"mode", "public_code"}};
  const JsonNode some(given, "s.json", "p");
  EXPECT_EQ(table().integer(some, "count"), 7);
  EXPECT_EQ(table().number(some, "factor"), 2);
  EXPECT_EQ(table().seconds(some, "tick_s"), from_seconds(0.5));
  EXPECT_FALSE(table().boolean(some, "on"));
  EXPECT_EQ(table().choice(some, "mode"), "public_code");
}

TEST(ParamTable, AReadOfAnUndeclaredKeyOrAnotherKindIsTheProgramsMistake) {
  const nlohmann::json empty = nlohmann::json::object();
  const JsonNode none(empty, "s.json", "p");
  EXPECT_THROW(table().integer(none, "cout"), std::logic_error);
  EXPECT_THROW(table().number(none, "count"), std::logic_error);
}

TEST(ParamTable, ATableThatCannotBeMeantIsRefused) {
  EXPECT_THROW(ParamTable({integer_param("a", 1, 2, 1, ""), boolean_param("a", true, "")}), std::logic_error);
  EXPECT_THROW(ParamTable({integer_param("a", 3, 2, 3, "")}), std::logic_error);
  EXPECT_THROW(ParamTable({integer_param("a", 1, 2, 5, "")}), std::logic_error);
  EXPECT_THROW(ParamTable({choice_param("a", {}, "")}), std::logic_error);
}

TEST(ParamTable, ADurationWithoutADefaultIsReadOnlyWhereItIsGiven) {
  const ParamTable t({optional_seconds_param("replan_s", 10, 100, "off", "how often")});
  const nlohmann::json empty = nlohmann::json::object();
  const nlohmann::json given = {{"replan_s", 20}};
  EXPECT_EQ(t.seconds(JsonNode(given, "s.json", "p"), "replan_s"), from_seconds(20));
  EXPECT_THROW(t.seconds(JsonNode(empty, "s.json", "p"), "replan_s"), std::logic_error);
  EXPECT_NE(t.reference().find("  replan_s: seconds in [10, 100], default off\n"), std::string::npos);
  EXPECT_EQ(t.schema().at("properties").at("replan_s").at("description"), "how often (default off)");
}

TEST(ParamTable, TheSchemaAndTheReferenceSayTheRangesAndDefaultsTheReadsApply) {
  const nlohmann::json schema = table().schema();
  EXPECT_EQ(schema.at("required"), nlohmann::json::array({"instance_type"}));
  EXPECT_EQ(schema.at("additionalProperties"), false);
  const nlohmann::json& count = schema.at("properties").at("count");
  EXPECT_EQ(count.at("type"), "integer");
  EXPECT_EQ(count.at("minimum"), 1);
  EXPECT_EQ(count.at("maximum"), 10);
  EXPECT_EQ(count.at("description"), "how many (default 3)");
  EXPECT_EQ(schema.at("properties").at("tick_s").at("description"), "how often (default 10 s)");
  EXPECT_EQ(schema.at("properties").at("mode").at("enum"), nlohmann::json::array({"paper", "public_code"}));
  EXPECT_EQ(schema.at("properties").at("types").at("minItems"), 1);

  const std::string reference = table().reference();
  EXPECT_NE(reference.find("  count: an integer in [1, 10], default 3\n      how many\n"), std::string::npos);
  EXPECT_NE(reference.find("  instance_type: a name, required\n"), std::string::npos);
  EXPECT_NE(reference.find("  mode: one of paper, public_code, default paper\n"), std::string::npos);
  EXPECT_NE(reference.find("  types: a list of names, default every type\n"), std::string::npos);
}

// A value of its own shape is left to the policy's reader: the table lets the
// key in, gives the schema it was handed and says in words what it takes.
TEST(ParamTable, ACustomValueIsTheParsersToReadAndTheTableDescribesIt) {
  const nlohmann::json shape = {{"type", "object"}, {"additionalProperties", {{"type", "integer"}}}};
  const ParamTable t({custom_param("workers", shape, "{\"type\": count}", "none", "the pools"),
                      required(custom_param("policy", {{"type", "string"}}, "a policy's name", "", "the inner one"))});
  const nlohmann::json odd = {{"workers", "not an object"}, {"policy", 3}};
  EXPECT_NO_THROW(t.check(JsonNode(odd, "s.json", "p")));  // its reader's business
  const nlohmann::json missing = {{"workers", nlohmann::json::object()}};
  EXPECT_THROW(t.check(JsonNode(missing, "s.json", "p")), InputError);
  nlohmann::json expected = shape;
  expected["description"] = "the pools (default none)";
  EXPECT_EQ(t.schema().at("properties").at("workers"), expected);
  EXPECT_EQ(t.schema().at("required"), nlohmann::json::array({"policy"}));
  EXPECT_NE(t.reference().find("  workers: {\"type\": count}, default none\n"), std::string::npos);
  EXPECT_NE(t.reference().find("  policy: a policy's name, required\n"), std::string::npos);
}

// A default the policy works out (from the history, the flavor) is said in
// words; the range still holds, and a choice is then read only where given.
TEST(ParamTable, ADefaultSaidInWordsKeepsTheRangeAndIsNotReadAsAChoice) {
  const ParamTable t({default_said(integer_param("initial", 1, 100, 1, "at the start"), "from the history"),
                      default_said(choice_param("routing", {"plan", "uniform"}, "how"), "the flavor's")});
  const nlohmann::json empty = nlohmann::json::object();
  EXPECT_THROW(t.choice(JsonNode(empty, "s.json", "p"), "routing"), std::logic_error);
  const nlohmann::json big = {{"initial", 101}};
  EXPECT_THROW(t.check(JsonNode(big, "s.json", "p")), InputError);
  EXPECT_NE(t.reference().find("  initial: an integer in [1, 100], default from the history\n"), std::string::npos);
  EXPECT_EQ(t.schema().at("properties").at("routing").at("description"), "how (default the flavor's)");
}

// A number's unit is part of its range wherever the range is said.
TEST(ParamTable, ANumbersUnitIsSaidWithItsRange) {
  const ParamTable t({number_param("slack_qps", 0, 100, 0, "slack", "QPS")});
  const nlohmann::json over = {{"slack_qps", 200}};
  try {
    t.check(JsonNode(over, "s.json", "p"));
    ADD_FAILURE() << "200 passed";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("p.slack_qps: expected a number in [0, 100] QPS, got 200"), std::string::npos)
        << e.what();
  }
  EXPECT_NE(t.reference().find("  slack_qps: a number in [0, 100] QPS, default 0 QPS\n"), std::string::npos);
}

// The markdown reference is one row per key, its cells free of the table's
// separators, whatever the help says.
TEST(ParamTable, TheMarkdownReferenceIsOneRowPerKey) {
  const ParamTable t({integer_param("count", 1, 10, 3, "how many | at most"),
                      required_name_param("instance_type", "the type")});
  EXPECT_EQ(t.markdown(),
            "| key | takes | default | meaning |\n|---|---|---|---|\n"
            "| `count` | an integer in [1, 10] | 3 | how many \\| at most |\n"
            "| `instance_type` | a name | required | the type |\n");
}

}  // namespace
}  // namespace servesim
