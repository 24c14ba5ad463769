#include "sim/core/text_lines.hpp"

#include <fstream>
#include <string_view>

#include "sim/core/input_error.hpp"
#include "sim/core/input_file.hpp"
#include "sim/core/text_fields.hpp"

namespace servesim {

namespace fs = std::filesystem;

std::vector<Line> read_lines(const fs::path& path, const JsonNode& field) {
  if (const auto problem = input_file_problem(path, kMaxTextFileBytes, "a text file")) {
    field.fail(path.string() + ": " + *problem);
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) field.fail("cannot open " + path.string());
  std::vector<Line> lines;
  std::string text;
  std::size_t number = 0;
  while (std::getline(in, text)) {
    ++number;
    if (number == 1 && text.rfind("\xEF\xBB\xBF", 0) == 0) text.erase(0, 3);
    if (!text.empty() && text.back() == '\r') text.pop_back();
    if (trim(text).empty()) continue;
    lines.push_back({number, std::move(text)});
  }
  return lines;
}

[[noreturn]] void fail_at(const fs::path& file, std::size_t line, const std::string& what) {
  throw InputError(file.string() + ":" + std::to_string(line), what);
}

std::vector<std::string> split_csv(const std::string& text, const fs::path& file, std::size_t line) {
  std::vector<std::string> fields;
  std::size_t i = 0;
  while (true) {
    std::string field;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    if (i < text.size() && text[i] == '"') {
      ++i;
      while (true) {
        if (i >= text.size()) fail_at(file, line, "unterminated quoted field");
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            field.push_back('"');
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        field.push_back(text[i++]);
      }
      while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
      if (i < text.size() && text[i] != ',') fail_at(file, line, "unexpected text after a quoted field");
    } else {
      const std::size_t comma = text.find(',', i);
      field = trim(std::string_view(text).substr(i, comma == std::string::npos ? std::string::npos : comma - i));
      i = comma == std::string::npos ? text.size() : comma;
    }
    fields.push_back(std::move(field));
    if (i >= text.size()) break;
    ++i;  // the comma
    if (i == text.size()) {  // a trailing comma ends with an empty field
      fields.emplace_back();
      break;
    }
  }
  return fields;
}

}  // namespace servesim
