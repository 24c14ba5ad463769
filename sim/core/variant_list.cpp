#include "sim/core/variant_list.hpp"

#include <algorithm>

#include "sim/core/text_fields.hpp"
#include "sim/core/text_lines.hpp"

namespace servesim {

namespace fs = std::filesystem;

std::vector<ListedVariant> read_variant_list(const fs::path& file, const JsonNode& field) {
  std::vector<ListedVariant> out;
  for (const Line& line : read_lines(file, field)) {
    const auto fields = split_csv(line.text, file, line.number);
    if (fields.size() != 2 || fields[0].empty()) {
      fail_at(file, line.number, "expected \"variant,accuracy_percent\", got \"" + line.text + "\"");
    }
    if (!parse_number(fields[1])) {
      fail_at(file, line.number, "expected a number as accuracy_percent, got \"" + fields[1] + "\"");
    }
    out.push_back({fields[0], file, line.number});
  }
  if (out.empty()) field.fail(file.string() + " lists no variants");
  return out;
}

std::vector<std::pair<std::string, fs::path>> variant_list_files(const fs::path& dir, const JsonNode& field) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) field.fail("cannot open the folder " + dir.string());
  std::vector<std::pair<std::string, fs::path>> files;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string name = e.path().filename().string();
    if (name.empty() || name[0] == '.' || !e.is_regular_file()) continue;
    files.emplace_back(name, e.path());
  }
  if (ec) field.fail("cannot list the folder " + dir.string());
  std::sort(files.begin(), files.end());
  if (files.empty()) field.fail("no family files in " + dir.string());
  return files;
}

}  // namespace servesim
