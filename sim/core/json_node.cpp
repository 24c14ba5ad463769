#include "sim/core/json_node.hpp"

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <limits>

#include "sim/core/input_error.hpp"
#include "sim/core/text_fields.hpp"

namespace servesim {
namespace {

std::string type_name(const nlohmann::json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return "a boolean";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_array()) return "an array";
  return "an object";
}

std::string join(std::span<const std::string_view> items) {
  std::string out;
  for (auto it = items.begin(); it != items.end(); ++it) {
    if (it != items.begin()) out += ", ";
    out.append(1, '"').append(*it).append(1, '"');
  }
  return out;
}

}  // namespace

std::string number_text(double v) {
  std::ostringstream out;
  out.precision(15);
  out << v;
  return out.str();
}

JsonNode::JsonNode(const nlohmann::json& value, std::string file, std::string path, JsonObjectObserver* observer)
    : value_(&value), file_(std::move(file)), path_(std::move(path)), observer_(observer) {}

std::string JsonNode::where() const { return path_.empty() ? file_ : file_ + ": " + path_; }

void JsonNode::fail(const std::string& expected) const {
  throw InputError(where(), expected);
}

void JsonNode::expect_object(std::initializer_list<std::string_view> allowed_keys) const {
  expect_object(std::span<const std::string_view>(allowed_keys.begin(), allowed_keys.size()));
}

void JsonNode::expect_object(std::span<const std::string_view> allowed_keys) const {
  if (!value_->is_object()) fail("expected an object, got " + type_name(*value_));
  if (observer_) observer_->object_read(*this, allowed_keys);
  for (const auto& [key, _] : value_->items()) {
    if (std::find(allowed_keys.begin(), allowed_keys.end(), key) == allowed_keys.end()) {
      JsonNode(value_->at(key), file_, path_.empty() ? key : path_ + "." + key)
          .fail("unknown key (expected one of " + join(allowed_keys) + ")");
    }
  }
}

bool JsonNode::has(std::string_view key) const {
  return value_->is_object() && value_->contains(key);
}

JsonNode JsonNode::at(std::string_view key) const {
  const std::string child = path_.empty() ? std::string(key) : path_ + "." + std::string(key);
  if (!value_->is_object()) fail("expected an object, got " + type_name(*value_));
  auto it = value_->find(key);
  if (it == value_->end()) throw InputError(file_ + ": " + child, "missing required field");
  return JsonNode(*it, file_, child, observer_);
}

std::optional<JsonNode> JsonNode::find(std::string_view key) const {
  if (!has(key)) return std::nullopt;
  return at(key);
}

std::vector<std::string> JsonNode::keys() const {
  if (!value_->is_object()) fail("expected an object, got " + type_name(*value_));
  std::vector<std::string> out;
  for (const auto& [key, _] : value_->items()) out.push_back(key);
  return out;
}

std::vector<JsonNode> JsonNode::items() const {
  if (!value_->is_array()) fail("expected an array, got " + type_name(*value_));
  std::vector<JsonNode> out;
  out.reserve(value_->size());
  for (std::size_t i = 0; i < value_->size(); ++i) {
    out.emplace_back((*value_)[i], file_, path_ + "[" + std::to_string(i) + "]", observer_);
  }
  return out;
}

double JsonNode::number() const {
  if (!value_->is_number()) fail("expected a number, got " + type_name(*value_));
  const double v = value_->get<double>();
  if (!std::isfinite(v)) fail("expected a finite number");
  return v;
}

double JsonNode::positive() const {
  const double v = number();
  if (!(v > 0)) fail("expected a number > 0, got " + shown());
  return v;
}

double JsonNode::non_negative() const {
  const double v = number();
  if (v < 0) fail("expected a number >= 0, got " + shown());
  return v;
}

double JsonNode::probability() const {
  const double v = number();
  if (v < 0 || v > 1) fail("expected a probability in [0, 1], got " + shown());
  return v;
}

std::int64_t JsonNode::integer() const {
  if (!value_->is_number_integer()) fail("expected an integer, got " + shown());
  // nlohmann keeps 2^63 .. 2^64-1 as unsigned; get<int64_t> would wrap it negative.
  if (value_->is_number_unsigned() && value_->get<std::uint64_t>() > std::numeric_limits<std::int64_t>::max()) {
    fail("expected an integer below 2^63, got " + shown());
  }
  return value_->get<std::int64_t>();
}

std::int64_t JsonNode::positive_integer() const {
  const std::int64_t v = integer();
  if (v <= 0) fail("expected an integer > 0, got " + shown());
  return v;
}

namespace {
// A value of the wrong sign is the commonest mistake: say so first
// ("> 0", ">= 0"), then the whole range.
std::string sign_hint(double v, double low) {
  if (low > 0 && v <= 0) return " > 0,";
  if (low == 0 && v < 0) return " >= 0,";
  return "";
}
}  // namespace

double JsonNode::number_in(double low, double high, std::string_view unit) const {
  const double v = number();
  if (!(v >= low && v <= high)) {
    fail("expected a number" + sign_hint(v, low) + " in [" + number_text(low) + ", " + number_text(high) + "]" +
         (unit.empty() ? "" : " " + std::string(unit)) + ", got " + shown());
  }
  return v;
}

std::int64_t JsonNode::integer_in(std::int64_t low, std::int64_t high) const {
  const std::int64_t v = integer();
  if (v < low || v > high) {
    fail("expected an integer" + sign_hint(static_cast<double>(v), static_cast<double>(low)) + " in [" +
         std::to_string(low) + ", " + std::to_string(high) + "], got " + shown());
  }
  return v;
}

Duration JsonNode::seconds_in(double low_s, double high_s) const { return from_seconds(number_in(low_s, high_s, "s")); }
Duration JsonNode::millis_in(double low_ms, double high_ms) const { return from_millis(number_in(low_ms, high_ms, "ms")); }

std::string JsonNode::string() const {
  if (!value_->is_string()) fail("expected a string, got " + type_name(*value_));
  return value_->get<std::string>();
}

bool JsonNode::boolean() const {
  if (!value_->is_boolean()) fail("expected true or false, got " + type_name(*value_));
  return value_->get<bool>();
}

std::string JsonNode::choice(std::initializer_list<std::string_view> choices) const {
  return choice(std::span<const std::string_view>(choices.begin(), choices.size()));
}

std::string JsonNode::choice(std::span<const std::string_view> choices) const {
  std::string v = string();
  if (std::find(choices.begin(), choices.end(), v) == choices.end()) {
    fail("expected one of " + join(choices) + ", got " + quote_field(v));
  }
  return v;
}

std::string JsonNode::shown() const {
  if (value_->is_string()) return quote_field(value_->get_ref<const std::string&>());
  if (value_->is_array() || value_->is_object()) return type_name(*value_);
  return value_->dump();  // a number, true, false or null: short
}

double JsonNode::number_or(std::string_view key, double fallback) const {
  return has(key) ? at(key).number() : fallback;
}
double JsonNode::positive_or(std::string_view key, double fallback) const {
  return has(key) ? at(key).positive() : fallback;
}
double JsonNode::non_negative_or(std::string_view key, double fallback) const {
  return has(key) ? at(key).non_negative() : fallback;
}
std::int64_t JsonNode::positive_integer_or(std::string_view key, std::int64_t fallback) const {
  return has(key) ? at(key).positive_integer() : fallback;
}
std::int64_t JsonNode::integer_or(std::string_view key, std::int64_t fallback) const {
  return has(key) ? at(key).integer() : fallback;
}
double JsonNode::number_in_or(std::string_view key, double low, double high, double fallback,
                              std::string_view unit) const {
  return has(key) ? at(key).number_in(low, high, unit) : fallback;
}
std::int64_t JsonNode::integer_in_or(std::string_view key, std::int64_t low, std::int64_t high,
                                     std::int64_t fallback) const {
  return has(key) ? at(key).integer_in(low, high) : fallback;
}
std::string JsonNode::string_or(std::string_view key, std::string fallback) const {
  return has(key) ? at(key).string() : fallback;
}
bool JsonNode::boolean_or(std::string_view key, bool fallback) const {
  return has(key) ? at(key).boolean() : fallback;
}

}  // namespace servesim
