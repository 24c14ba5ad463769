#pragma once
// A minimal streaming JSON writer for the reports. nlohmann::json would print
// doubles in shortest round-trip form and sort keys; reports need a fixed key
// order (the order of the calls) and fixed-precision numbers instead, so that
// identical runs give byte-identical files.
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace servesim {

class JsonWriter {
 public:
  explicit JsonWriter(std::ostream& out) : out_(out) {}

  void begin_object();  // the document root
  void begin_object(std::string_view key);
  // Closing the root writes the document, ending with a newline.
  void end_object();

  void string(std::string_view key, std::string_view value);
  void integer(std::string_view key, std::uint64_t value);
  void number(std::string_view key, double value);  // null when not finite
  void number(std::string_view key, std::optional<double> value);  // null when empty
  void boolean(std::string_view key, bool value);
  void null(std::string_view key);
  void strings(std::string_view key, const std::vector<std::string>& values);  // on one line

 private:
  void open_member(std::string_view key);
  void indent(std::size_t depth);

  std::ostream& out_;
  std::string text_;
  std::vector<bool> has_members_;  // one entry per open object
};

}  // namespace servesim
