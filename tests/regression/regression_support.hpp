#pragma once
// Helpers for the regression tests: the quickstart scenario, file fingerprints,
// and a small CSV reader for what servesim writes.
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/support/cli_runner.hpp"

namespace servesim::test {

inline const std::string kQuickstart = std::string(SERVESIM_SOURCE_DIR) + "/configs/scenarios/quickstart.json";
inline const std::vector<std::string> kQuickstartPolicies = {"static-gpu", "static-cpu", "static-mix"};

// 64-bit FNV-1a: a stable fingerprint of a file's bytes.
inline std::uint64_t fnv1a(const std::string& bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

// A CSV with a header and no quoted commas (what servesim writes for one app
// named without commas): rows of fields by column name.
struct Csv {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;

  std::size_t column(const std::string& name) const {
    const auto it = std::find(header.begin(), header.end(), name);
    if (it == header.end()) throw std::runtime_error("no column " + name);
    return static_cast<std::size_t>(it - header.begin());
  }
  std::vector<std::string> values(const std::string& name) const {
    const std::size_t c = column(name);
    std::vector<std::string> out;
    for (const auto& r : rows) out.push_back(r.at(c));
    return out;
  }
};

inline std::vector<std::string> split_csv_line(const std::string& line) {
  std::vector<std::string> fields;
  std::string field;
  std::istringstream in(line);
  while (std::getline(in, field, ',')) fields.push_back(field);
  if (!line.empty() && line.back() == ',') fields.emplace_back();
  return fields;
}

inline Csv read_csv(const std::filesystem::path& file) {
  Csv csv;
  std::ifstream in(file);
  std::string line;
  if (!std::getline(in, line)) return csv;
  csv.header = split_csv_line(line);
  while (std::getline(in, line)) {
    if (!line.empty()) csv.rows.push_back(split_csv_line(line));
  }
  return csv;
}

// `text` with every character a gtest parameter name cannot hold made '_'.
inline std::string test_name_of(std::string text) {
  for (char& c : text) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return text;
}

inline nlohmann::json read_json(const std::filesystem::path& file) { return nlohmann::json::parse(read_text(file)); }

// `servesim run` of the quickstart into `out`, with extra arguments.
inline CliResult run_quickstart(const std::filesystem::path& out, const TempDir& scratch,
                                std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"run", kQuickstart, "--out", out.string(), "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_servesim(args, scratch.path());
}

}  // namespace servesim::test
