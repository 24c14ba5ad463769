#include "sim/core/input_file.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "sim/core/input_error.hpp"

namespace servesim {

namespace fs = std::filesystem;

std::optional<std::string> input_file_problem(const fs::path& path, std::uintmax_t max_bytes,
                                              const std::string& what) {
  std::error_code error;
  const fs::file_status status = fs::status(path, error);
  if (error) return "cannot open file (" + error.message() + ")";
  if (fs::is_directory(status)) return "is a folder, expected " + what;
  if (!fs::is_regular_file(status)) {
    return "is not a regular file (a device, FIFO or socket), expected " + what + "; servesim reads only regular files";
  }
  const std::uintmax_t bytes = fs::file_size(path, error);
  if (error) return "cannot read file (" + error.message() + ")";
  if (bytes > max_bytes) {
    return "is " + std::to_string(bytes) + " bytes, more than " + what + " may be (" + std::to_string(max_bytes) +
           " bytes, docs/scenario.md, \"Limits\")";
  }
  return std::nullopt;
}

void check_input_file(const fs::path& path, std::uintmax_t max_bytes, const std::string& what) {
  if (const auto problem = input_file_problem(path, max_bytes, what)) throw InputError(path.string(), *problem);
}

std::string read_input_file(const fs::path& path, std::uintmax_t max_bytes, const std::string& what) {
  check_input_file(path, max_bytes, what);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path.string(), "cannot open file (" + std::string(std::strerror(errno)) + ")");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError(path.string(), "cannot read file (" + std::string(std::strerror(errno)) + ")");
  return text.str();
}

}  // namespace servesim
