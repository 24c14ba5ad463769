#include "policies/param_table.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace servesim {
namespace {

bool ranged(ParamKind kind) {
  return kind == ParamKind::kInteger || kind == ParamKind::kNumber || kind == ParamKind::kSeconds;
}

std::string joined(const std::vector<std::string>& words, std::string_view separator) {
  std::string out;
  for (const std::string& w : words) out += (out.empty() ? "" : std::string(separator)) + w;
  return out;
}

// A number's text followed by its unit, if it has one.
std::string with_unit(const ParamSpec& s, const std::string& text) { return s.unit.empty() ? text : text + " " + s.unit; }

// What the key takes, as the reference says it: "an integer in [1, 10000]".
std::string takes_text(const ParamSpec& s) {
  const std::string range = "[" + number_text(s.min) + ", " + number_text(s.max) + "]";
  switch (s.kind) {
    case ParamKind::kInteger: return "an integer in " + range;
    case ParamKind::kNumber: return with_unit(s, "a number in " + range);
    case ParamKind::kSeconds: return "seconds in " + range;
    case ParamKind::kBoolean: return "true or false";
    case ParamKind::kChoice: return "one of " + joined(s.choices, ", ");
    case ParamKind::kName: return "a name";
    case ParamKind::kNames: return "a list of names";
    case ParamKind::kCustom: return s.takes;
  }
  return "";
}

nlohmann::json bound(const ParamSpec& s, double v) {
  if (s.kind == ParamKind::kInteger) return static_cast<std::int64_t>(v);
  return v;
}

// The schema of one key's value, without its description.
nlohmann::json value_schema(const ParamSpec& s) {
  switch (s.kind) {
    case ParamKind::kInteger:
    case ParamKind::kNumber:
    case ParamKind::kSeconds:
      return {{"type", s.kind == ParamKind::kInteger ? "integer" : "number"},
              {"minimum", bound(s, s.min)},
              {"maximum", bound(s, s.max)}};
    case ParamKind::kBoolean: return {{"type", "boolean"}};
    case ParamKind::kChoice: return {{"type", "string"}, {"enum", s.choices}};
    case ParamKind::kName: return {{"type", "string"}};
    case ParamKind::kNames: return {{"type", "array"}, {"items", {{"type", "string"}}}, {"minItems", 1}};
    case ParamKind::kCustom: return s.custom_schema;
  }
  return {};
}

// The default as the reference and the schema say it; empty for a required
// key or a name without one.
std::string default_shown(const ParamSpec& s) {
  if (s.required) return "";
  if (!s.default_text.empty()) return s.default_text;
  switch (s.kind) {
    case ParamKind::kInteger:
    case ParamKind::kNumber: return with_unit(s, number_text(s.fallback));
    case ParamKind::kSeconds: return number_text(s.fallback) + " s";
    case ParamKind::kBoolean: return s.fallback != 0 ? "true" : "false";
    default: return "";
  }
}

// A table cell: no line breaks, no column separators.
std::string cell(const std::string& text) {
  std::string out;
  for (const char c : text) out += c == '|' ? std::string("\\|") : std::string(1, c == '\n' ? ' ' : c);
  return out;
}

std::string description(const ParamSpec& s) {
  if (s.required) return s.help + " (required)";
  const std::string shown = default_shown(s);
  return shown.empty() ? s.help : s.help + " (default " + shown + ")";
}

// The value's type and range: what check() asks of a present key.
void check_value(const ParamSpec& s, const JsonNode& value) {
  switch (s.kind) {
    case ParamKind::kInteger:
      value.integer_in(static_cast<std::int64_t>(s.min), static_cast<std::int64_t>(s.max));
      return;
    case ParamKind::kNumber: value.number_in(s.min, s.max, s.unit); return;
    case ParamKind::kSeconds: value.seconds_in(s.min, s.max); return;
    case ParamKind::kBoolean: value.boolean(); return;
    case ParamKind::kChoice: {
      const std::vector<std::string_view> choices(s.choices.begin(), s.choices.end());
      value.choice(choices);
      return;
    }
    case ParamKind::kName: value.string(); return;
    case ParamKind::kNames: {
      const std::vector<JsonNode> items = value.items();
      if (items.empty()) value.fail("expected at least one name");
      for (const JsonNode& item : items) item.string();
      return;
    }
    case ParamKind::kCustom: return;  // the policy's parser reads it
  }
}

}  // namespace

ParamSpec integer_param(std::string key, double min, double max, double fallback, std::string help) {
  ParamSpec s = number_param(std::move(key), min, max, fallback, std::move(help));
  s.kind = ParamKind::kInteger;
  return s;
}

ParamSpec number_param(std::string key, double min, double max, double fallback, std::string help,
                       std::string unit) {
  ParamSpec s;
  s.unit = std::move(unit);
  s.key = std::move(key);
  s.kind = ParamKind::kNumber;
  s.min = min;
  s.max = max;
  s.fallback = fallback;
  s.help = std::move(help);
  return s;
}

ParamSpec seconds_param(std::string key, double min_s, double max_s, double fallback_s, std::string help) {
  ParamSpec s = number_param(std::move(key), min_s, max_s, fallback_s, std::move(help));
  s.kind = ParamKind::kSeconds;
  return s;
}

ParamSpec optional_seconds_param(std::string key, double min_s, double max_s, std::string off_text, std::string help) {
  ParamSpec s = seconds_param(std::move(key), min_s, max_s, std::numeric_limits<double>::quiet_NaN(), std::move(help));
  s.default_text = std::move(off_text);
  return s;
}

ParamSpec boolean_param(std::string key, bool fallback, std::string help) {
  ParamSpec s;
  s.key = std::move(key);
  s.kind = ParamKind::kBoolean;
  s.fallback = fallback ? 1 : 0;
  s.help = std::move(help);
  return s;
}

ParamSpec choice_param(std::string key, std::vector<std::string> choices, std::string help) {
  ParamSpec s;
  s.key = std::move(key);
  s.kind = ParamKind::kChoice;
  s.default_text = choices.empty() ? "" : choices.front();
  s.choices = std::move(choices);
  s.help = std::move(help);
  return s;
}

ParamSpec name_param(std::string key, std::string default_text, std::string help, bool list) {
  ParamSpec s;
  s.key = std::move(key);
  s.kind = list ? ParamKind::kNames : ParamKind::kName;
  s.default_text = std::move(default_text);
  s.help = std::move(help);
  return s;
}

ParamSpec required_name_param(std::string key, std::string help) {
  return required(name_param(std::move(key), "", std::move(help)));
}

ParamSpec custom_param(std::string key, nlohmann::json schema, std::string takes, std::string default_text,
                       std::string help) {
  ParamSpec s;
  s.key = std::move(key);
  s.kind = ParamKind::kCustom;
  s.custom_schema = std::move(schema);
  s.takes = std::move(takes);
  s.default_text = std::move(default_text);
  s.help = std::move(help);
  return s;
}

nlohmann::json schema_ref(std::string_view definition) {
  return {{"$ref", "#/definitions/" + std::string(definition)}};
}

ParamSpec default_said(ParamSpec spec, std::string text) {
  spec.default_text = std::move(text);
  spec.default_in_words = true;
  return spec;
}

ParamSpec required(ParamSpec spec) {
  spec.required = true;
  spec.default_text.clear();
  return spec;
}

ParamTable::ParamTable(std::vector<ParamSpec> specs, nlohmann::json extra_schema)
    : specs_(std::move(specs)), extra_schema_(std::move(extra_schema)) {
  for (std::size_t i = 0; i < specs_.size(); ++i) {
    const ParamSpec& s = specs_[i];
    const auto same_key = [&](const ParamSpec& other) { return other.key == s.key; };
    if (std::any_of(specs_.begin() + static_cast<std::ptrdiff_t>(i) + 1, specs_.end(), same_key)) {
      throw std::logic_error("parameter \"" + s.key + "\" declared twice");
    }
    if (ranged(s.kind) && !(s.min <= s.max)) throw std::logic_error("parameter \"" + s.key + "\": empty range");
    if (s.kind == ParamKind::kChoice && !s.default_in_words &&
        std::find(s.choices.begin(), s.choices.end(), s.default_text) == s.choices.end()) {
      throw std::logic_error("parameter \"" + s.key + "\": its default is not one of its choices");
    }
    const bool off_when_absent = s.kind == ParamKind::kSeconds && std::isnan(s.fallback);
    if (ranged(s.kind) && !s.required && !off_when_absent && !(s.fallback >= s.min && s.fallback <= s.max)) {
      throw std::logic_error("parameter \"" + s.key + "\": its default is out of its range");
    }
  }
}

void ParamTable::check(const JsonNode& params) const {
  std::vector<std::string_view> keys;
  for (const ParamSpec& s : specs_) keys.push_back(s.key);
  params.expect_object(keys);
  for (const ParamSpec& s : specs_) {
    if (params.has(s.key)) {
      check_value(s, params.at(s.key));
    } else if (s.required) {
      params.at(s.key);  // the loader's own "missing" error, naming the field
    }
  }
}

const ParamSpec& ParamTable::spec(std::string_view key, ParamKind kind) const {
  for (const ParamSpec& s : specs_) {
    if (s.key != key) continue;
    if (s.kind != kind) throw std::logic_error("parameter \"" + s.key + "\" is read as another kind than declared");
    return s;
  }
  throw std::logic_error("parameter \"" + std::string(key) + "\" is read but not declared");
}

std::int64_t ParamTable::integer(const JsonNode& params, std::string_view key) const {
  const ParamSpec& s = spec(key, ParamKind::kInteger);
  return params.integer_in_or(key, static_cast<std::int64_t>(s.min), static_cast<std::int64_t>(s.max),
                              static_cast<std::int64_t>(s.fallback));
}

double ParamTable::number(const JsonNode& params, std::string_view key) const {
  const ParamSpec& s = spec(key, ParamKind::kNumber);
  return params.number_in_or(key, s.min, s.max, s.fallback, s.unit);
}

Duration ParamTable::seconds(const JsonNode& params, std::string_view key) const {
  const ParamSpec& s = spec(key, ParamKind::kSeconds);
  if (params.has(key)) return params.at(key).seconds_in(s.min, s.max);
  if (std::isnan(s.fallback)) throw std::logic_error("parameter \"" + s.key + "\" has no default: read it where present");
  return from_seconds(s.fallback);
}

bool ParamTable::boolean(const JsonNode& params, std::string_view key) const {
  const ParamSpec& s = spec(key, ParamKind::kBoolean);
  return params.boolean_or(key, s.fallback != 0);
}

std::string ParamTable::choice(const JsonNode& params, std::string_view key) const {
  const ParamSpec& s = spec(key, ParamKind::kChoice);
  if (!params.has(key)) {
    if (s.default_in_words) throw std::logic_error("parameter \"" + s.key + "\" has no default choice: read it where present");
    return s.default_text;
  }
  const std::vector<std::string_view> choices(s.choices.begin(), s.choices.end());
  return params.at(key).choice(choices);
}

nlohmann::json ParamTable::schema() const {
  nlohmann::json properties = nlohmann::json::object();
  std::vector<std::string> required;
  for (const ParamSpec& s : specs_) {
    nlohmann::json property = {{"description", description(s)}};
    property.update(value_schema(s));
    properties[s.key] = property;
    if (s.required) required.push_back(s.key);
  }
  nlohmann::json out = {{"type", "object"}, {"properties", properties}};
  if (!required.empty()) out["required"] = required;
  out["additionalProperties"] = false;
  out.update(extra_schema_);
  return out;
}

std::string ParamTable::reference() const {
  std::string out;
  for (const ParamSpec& s : specs_) {
    out += "  " + s.key + ": " + takes_text(s);
    const std::string shown = default_shown(s);
    out += s.required ? ", required" : (shown.empty() ? "" : ", default " + shown);
    out += "\n      " + s.help + "\n";
  }
  return out;
}

std::string ParamTable::markdown() const {
  std::string out = "| key | takes | default | meaning |\n|---|---|---|---|\n";
  for (const ParamSpec& s : specs_) {
    const std::string shown = s.required ? "required" : default_shown(s);
    out += "| `" + s.key + "` | " + cell(takes_text(s)) + " | " + cell(shown) + " | " + cell(s.help) + " |\n";
  }
  return out;
}

}  // namespace servesim
