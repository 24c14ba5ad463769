#pragma once
// Helpers for the scenario tests: a private temp folder, running the real
// servesim binary with stdout and stderr captured, and file reading.
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
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
            ("servesim_scenario_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
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

}  // namespace servesim::test
