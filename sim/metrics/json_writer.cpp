#include "sim/metrics/json_writer.hpp"

#include "sim/core/input_error.hpp"
#include "sim/metrics/report_format.hpp"

namespace servesim {

void JsonWriter::begin_object() {
  if (!has_members_.empty()) throw InvariantError("JsonWriter: a nested object needs a key");
  text_ += '{';
  has_members_.push_back(false);
}

void JsonWriter::begin_object(std::string_view key) {
  open_member(key);
  text_ += '{';
  has_members_.push_back(false);
}

void JsonWriter::end_object() {
  if (has_members_.empty()) throw InvariantError("JsonWriter: end_object without begin_object");
  const bool had_members = has_members_.back();
  has_members_.pop_back();
  if (had_members) {
    text_ += '\n';
    indent(has_members_.size());
  }
  text_ += '}';
  if (has_members_.empty()) {
    text_ += '\n';
    out_ << text_;
    text_.clear();
  }
}

void JsonWriter::string(std::string_view key, std::string_view value) {
  open_member(key);
  append_json_string(text_, value);
}

void JsonWriter::integer(std::string_view key, std::uint64_t value) {
  open_member(key);
  append_uint(text_, value);
}

void JsonWriter::number(std::string_view key, double value) {
  open_member(key);
  const std::size_t before = text_.size();
  append_number(text_, value);
  if (text_.size() == before) text_ += "null";
}

void JsonWriter::number(std::string_view key, std::optional<double> value) {
  if (value) {
    number(key, *value);
  } else {
    null(key);
  }
}

void JsonWriter::boolean(std::string_view key, bool value) {
  open_member(key);
  text_ += value ? "true" : "false";
}

void JsonWriter::null(std::string_view key) {
  open_member(key);
  text_ += "null";
}

void JsonWriter::strings(std::string_view key, const std::vector<std::string>& values) {
  open_member(key);
  text_ += '[';
  for (std::size_t i = 0; i < values.size(); ++i) {
    if (i > 0) text_ += ", ";
    append_json_string(text_, values[i]);
  }
  text_ += ']';
}

void JsonWriter::open_member(std::string_view key) {
  if (has_members_.empty()) throw InvariantError("JsonWriter: a member outside any object");
  text_ += has_members_.back() ? ",\n" : "\n";
  has_members_.back() = true;
  indent(has_members_.size());
  append_json_string(text_, key);
  text_ += ": ";
}

void JsonWriter::indent(std::size_t depth) { text_.append(2 * depth, ' '); }

}  // namespace servesim
