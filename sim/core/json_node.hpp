#pragma once
// A JSON value together with where it came from (file and JSON path), so that
// every validation error names the file, the field and what was expected.
// Readers of scenarios, catalogs and workloads all go through this class.
#include <cstdint>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/input_error.hpp"
#include "sim/core/json_object_observer.hpp"
#include "sim/core/json_reader.hpp"  // read_json_file: every reader's documents come from there
#include "sim/core/time.hpp"

namespace servesim {

// A number as messages show a bound: enough digits that it reads as written
// (315360000, 0.001, 1e+07).
std::string number_text(double v);

class JsonNode {
 public:
  // `observer` (optional, not owned) hears of every expect_object on this node
  // and on the nodes reached from it.
  JsonNode(const nlohmann::json& value, std::string file, std::string path = "",
           JsonObjectObserver* observer = nullptr);

  const nlohmann::json& raw() const { return *value_; }
  const std::string& file() const { return file_; }
  const std::string& path() const { return path_; }
  JsonObjectObserver* observer() const { return observer_; }
  // "file: path" (or just "file" at the root).
  std::string where() const;
  [[noreturn]] void fail(const std::string& expected) const;

  // Objects. Unknown keys are errors: call expect_object first with every key
  // the reader understands.
  void expect_object(std::initializer_list<std::string_view> allowed_keys) const;
  void expect_object(std::span<const std::string_view> allowed_keys) const;
  bool has(std::string_view key) const;
  JsonNode at(std::string_view key) const;  // missing -> error naming the field
  std::optional<JsonNode> find(std::string_view key) const;
  std::vector<std::string> keys() const;  // in document order is not kept: sorted

  // Arrays.
  std::vector<JsonNode> items() const;  // not an array -> error
  std::vector<JsonNode> items(std::string_view key) const { return at(key).items(); }

  // Scalars at this node.
  double number() const;
  double positive() const;      // > 0
  double non_negative() const;  // >= 0
  double probability() const;   // in [0, 1]
  std::int64_t integer() const;
  std::int64_t positive_integer() const;
  // Numbers with a stated range [low, high] (docs/scenario.md, "Limits"): the
  // error names the range. Counts go through integer_in before any narrowing.
  double number_in(double low, double high, std::string_view unit = "") const;
  std::int64_t integer_in(std::int64_t low, std::int64_t high) const;
  // A time in seconds (or milliseconds) within [low, high] seconds (ms),
  // converted to the clock: the one checked conversion the readers use.
  Duration seconds_in(double low_s, double high_s = kMaxTimeSpanS) const;
  Duration millis_in(double low_ms, double high_ms = kMaxTimeSpanS * 1e3) const;
  std::string string() const;
  bool boolean() const;
  // A string that must be one of `choices`.
  std::string choice(std::initializer_list<std::string_view> choices) const;
  std::string choice(std::span<const std::string_view> choices) const;
  // The value as an error message shows it: a number as written, a string
  // quoted and clipped (quote_field), an array or object by its type only.
  std::string shown() const;

  // Scalars of a member, required or with a default.
  double number(std::string_view key) const { return at(key).number(); }
  double positive(std::string_view key) const { return at(key).positive(); }
  double non_negative(std::string_view key) const { return at(key).non_negative(); }
  std::int64_t positive_integer(std::string_view key) const { return at(key).positive_integer(); }
  std::string string(std::string_view key) const { return at(key).string(); }
  double number_in(std::string_view key, double low, double high, std::string_view unit = "") const {
    return at(key).number_in(low, high, unit);
  }
  std::int64_t integer_in(std::string_view key, std::int64_t low, std::int64_t high) const {
    return at(key).integer_in(low, high);
  }
  double number_in_or(std::string_view key, double low, double high, double fallback, std::string_view unit = "") const;
  std::int64_t integer_in_or(std::string_view key, std::int64_t low, std::int64_t high, std::int64_t fallback) const;
  double number_or(std::string_view key, double fallback) const;
  double positive_or(std::string_view key, double fallback) const;
  double non_negative_or(std::string_view key, double fallback) const;
  std::int64_t positive_integer_or(std::string_view key, std::int64_t fallback) const;
  std::int64_t integer_or(std::string_view key, std::int64_t fallback) const;
  std::string string_or(std::string_view key, std::string fallback) const;
  bool boolean_or(std::string_view key, bool fallback) const;

 private:
  const nlohmann::json* value_;
  std::string file_;
  std::string path_;
  JsonObjectObserver* observer_;
};

// Runs read(), which reads the file that `field` names (a catalog, a trace); an
// InputError from inside the file comes out prefixed by the field, so the user
// learns both the file's own error and which line of the scenario led there:
// "scenario.json: catalogs.models[0]: models.json: families[0].name: ...".
template <class Read>
auto read_file_named_by(const JsonNode& field, Read read) -> decltype(read()) {
  try {
    return read();
  } catch (const InputError& e) {
    throw InputError(field.where(), e.what());
  }
}

}  // namespace servesim
