#pragma once
// Helpers for the regression tests: a private temp folder, running the real
// servesim binary with stdout and stderr captured, and file reading.
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace servesim::test {

// A fresh folder under the system temp dir, removed with its contents at the end.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    path_ = std::filesystem::temp_directory_path() /
            ("servesim_regression_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    std::filesystem::remove_all(path_);
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  std::filesystem::path write(const std::string& name, const std::string& content) const {
    const auto file = path_ / name;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << content;
    return file;
  }
  std::filesystem::path write_json(const std::string& name, const nlohmann::json& doc) const {
    return write(name, doc.dump(2) + "\n");
  }

 private:
  std::filesystem::path path_;
};

inline std::string read_text(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

struct CliResult {
  int status = -1;  // exit status, or -1 if the process did not exit normally (a signal)
  std::string out;
  std::string err;
};

// Runs `servesim args...` with stdout and stderr captured to files in `scratch`.
inline CliResult run_servesim(const std::vector<std::string>& args, const std::filesystem::path& scratch) {
  const auto out_file = scratch / "cli_stdout.txt";
  const auto err_file = scratch / "cli_stderr.txt";
  std::string command = shell_quote(SERVESIM_BINARY);
  for (const auto& a : args) command.append(" ").append(shell_quote(a));
  command.append(" >").append(shell_quote(out_file.string()));
  command.append(" 2>").append(shell_quote(err_file.string()));
  command.append(" </dev/null");
  const int raw = std::system(command.c_str());
  CliResult r;
  if (raw != -1 && WIFEXITED(raw)) r.status = WEXITSTATUS(raw);
  r.out = read_text(out_file);
  r.err = read_text(err_file);
  std::filesystem::remove(out_file);
  std::filesystem::remove(err_file);
  return r;
}

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

inline nlohmann::json read_json(const std::filesystem::path& file) { return nlohmann::json::parse(read_text(file)); }

// `servesim run` of the quickstart into `out`, with extra arguments.
inline CliResult run_quickstart(const std::filesystem::path& out, const TempDir& scratch,
                                std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"run", kQuickstart, "--out", out.string(), "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  return run_servesim(args, scratch.path());
}

}  // namespace servesim::test
