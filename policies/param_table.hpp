#pragma once
// A policy's parameters declared once: each key's kind, range, default and
// one line of help, in a table the policy's parser reads through. From the
// table come the check of a params object (an unknown key, a missing required
// one, a wrong type, a value out of range: one line naming the field), the
// policy's fragment of docs/scenario.schema.json (`servesim schema`) and the
// reference `servesim list policies NAME` prints. A check that joins two
// fields (min_instances <= max_instances) stays in the parser, after the
// table's reads.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/json_node.hpp"
#include "sim/core/time.hpp"

namespace servesim {

enum class ParamKind : std::uint8_t {
  kInteger,  // a whole number in [min, max]
  kNumber,   // a number in [min, max]
  kSeconds,  // a duration in seconds, in [min, max]
  kBoolean,
  kChoice,   // one of `choices`
  kName,     // a name the policy looks up in the scenario (an instance type, a Lambda function)
  kNames,    // a non-empty list of such names
  kCustom,   // a value of a shape of its own that the policy's parser reads and checks
};

struct ParamSpec {
  std::string key;
  ParamKind kind = ParamKind::kNumber;
  double min = 0;  // kInteger, kNumber, kSeconds: the closed range
  double max = 0;
  std::vector<std::string> choices;  // kChoice
  // The value where the key is absent: kInteger, kNumber, kSeconds and
  // kBoolean (0 or 1) read it from here, so the default is said once (a table
  // takes it from the policy's struct, e.g. MarkParams{}.tau_steps).
  double fallback = 0;
  // kChoice: the choice made where the key is absent. kName, kNames: what the
  // policy does then, in words ("every c5 and m5 size"). kSeconds without a
  // fallback (optional_seconds_param): what absence means. Others: empty
  // (the reference prints the fallback).
  std::string default_text;
  std::string help;  // one line
  std::string unit;  // kNumber: what the number counts ("QPS", "per s"); said with its range
  bool required = false;
  // default_said: the default is worked out by the policy; a choice is then
  // read only where it is present.
  bool default_in_words = false;
  // kCustom: the value's JSON schema and, in words, what it takes.
  nlohmann::json custom_schema;
  std::string takes;
};

// One line per parameter in a table: the builders fill a ParamSpec.
ParamSpec integer_param(std::string key, double min, double max, double fallback, std::string help);
ParamSpec number_param(std::string key, double min, double max, double fallback, std::string help,
                       std::string unit = "");
ParamSpec seconds_param(std::string key, double min_s, double max_s, double fallback_s, std::string help);
// A duration with no default value: absent, the feature is off (`off_text`
// says so, e.g. "off: never re-plan"); read it only where it is present.
ParamSpec optional_seconds_param(std::string key, double min_s, double max_s, std::string off_text, std::string help);
ParamSpec boolean_param(std::string key, bool fallback, std::string help);
// The first choice is the default.
ParamSpec choice_param(std::string key, std::vector<std::string> choices, std::string help);
// A name (or a list of names, `list`), optional: `default_text` says what
// the policy does without it.
ParamSpec name_param(std::string key, std::string default_text, std::string help, bool list = false);
ParamSpec required_name_param(std::string key, std::string help);
// A value with a shape of its own (a start allocation, a script, a number or
// the word "measured"): the policy's parser reads and checks it; the table
// gives its schema, says in words what it takes (`takes`) and what the policy
// does without it (`default_text`, empty if nothing needs saying).
ParamSpec custom_param(std::string key, nlohmann::json schema, std::string takes, std::string default_text,
                       std::string help);
// The same parameter with its default said in words, where the policy works
// it out (from the history, the catalog); the fallback still bounds the range.
ParamSpec default_said(ParamSpec spec, std::string text);
// A custom value's schema where docs/scenario.schema.json defines its shape
// by hand: {"$ref": "#/definitions/<definition>"}.
nlohmann::json schema_ref(std::string_view definition);
// The same parameter, required.
ParamSpec required(ParamSpec spec);

class ParamTable {
 public:
  // std::logic_error for a table that cannot be meant: a key twice, an empty
  // range, a choice without choices.
  // `extra_schema` is merged into schema(): a rule that joins keys, e.g. the
  // per-stage policy's inner params checked against the inner policy's table.
  explicit ParamTable(std::vector<ParamSpec> specs, nlohmann::json extra_schema = nlohmann::json::object());

  const std::vector<ParamSpec>& specs() const { return specs_; }

  // An unknown key, a missing required one, or a present one of the wrong
  // type or out of range: InputError naming the field.
  void check(const JsonNode& params) const;

  // A declared key's value within the table's range, its declared default
  // where the key is absent. std::logic_error if the key is not declared with
  // that kind (a mistake in the policy, not in the scenario).
  std::int64_t integer(const JsonNode& params, std::string_view key) const;
  double number(const JsonNode& params, std::string_view key) const;
  Duration seconds(const JsonNode& params, std::string_view key) const;
  bool boolean(const JsonNode& params, std::string_view key) const;
  std::string choice(const JsonNode& params, std::string_view key) const;

  // {"type": "object", "properties": {...}, "required": [...], "additionalProperties": false}
  nlohmann::json schema() const;
  // One entry per key: the key, what it takes, its default, its help.
  std::string reference() const;
  // The same as a markdown table (docs/policies.md's parameter reference).
  std::string markdown() const;

 private:
  const ParamSpec& spec(std::string_view key, ParamKind kind) const;

  std::vector<ParamSpec> specs_;
  nlohmann::json extra_schema_;
};

}  // namespace servesim
