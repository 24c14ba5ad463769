#include "policies/proteus/artifact_allocation.hpp"

#include <cmath>
#include <fstream>
#include <map>
#include <optional>

#include "sim/core/input_error.hpp"
#include "sim/core/input_file.hpp"
#include "sim/core/text_fields.hpp"
#include "sim/core/text_lines.hpp"

namespace servesim::proteus {
namespace {

namespace fs = std::filesystem;

// The shares of one query type are solver output: 1 up to rounding.
constexpr double kShareSumTolerance = 1e-6;
// A solution file is six short lines; anything longer is not one.
constexpr std::size_t kMaxLines = 64;

// One key of a dict: a 2-tuple of a string and a string or an integer.
struct Key {
  std::string first;
  std::string second;
  bool second_is_string = true;
};

struct Entry {
  Key key;
  double value = 0;
};

// Reads one dict literal of 2-tuple keys and number values, the only Python
// the artifact's solution files hold.
class DictReader {
 public:
  DictReader(const std::string& text, const fs::path& file, std::size_t line) : text_(text), file_(file), line_(line) {}

  std::vector<Entry> read() {
    std::vector<Entry> entries;
    expect('{');
    while (!accept('}')) {
      entries.push_back(entry());
      if (!accept(',')) {
        expect('}');
        break;
      }
    }
    skip_space();
    if (pos_ != text_.size()) error("unexpected text after the dict");
    return entries;
  }

 private:
  Entry entry() {
    Entry e;
    expect('(');
    e.key.first = quoted();
    expect(',');
    skip_space();
    e.key.second_is_string = peek() == '\'' || peek() == '"';
    e.key.second = e.key.second_is_string ? quoted() : number_text();
    accept(',');
    expect(')');
    expect(':');
    e.value = number();
    return e;
  }

  std::string quoted() {
    skip_space();
    const char quote = peek();
    if (quote != '\'' && quote != '"') error("expected a quoted name");
    const std::size_t end = text_.find(quote, pos_ + 1);
    if (end == std::string::npos) error("unterminated string");
    std::string s = text_.substr(pos_ + 1, end - pos_ - 1);
    pos_ = end + 1;
    return s;
  }

  std::string number_text() {
    skip_space();
    const std::size_t start = pos_;
    while (pos_ < text_.size() && (std::isdigit(static_cast<unsigned char>(text_[pos_])) ||
                                   std::string_view("+-.eE").find(text_[pos_]) != std::string_view::npos)) {
      ++pos_;
    }
    if (pos_ == start) error("expected a number");
    return text_.substr(start, pos_ - start);
  }

  double number() {
    const std::string s = number_text();
    const auto value = parse_number(s);
    if (!value || !std::isfinite(*value)) error("expected a number, got \"" + s + "\"");
    return *value;
  }

  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  char peek() const { return pos_ < text_.size() ? text_[pos_] : '\0'; }
  bool accept(char c) {
    skip_space();
    if (peek() != c) return false;
    ++pos_;
    return true;
  }
  void expect(char c) {
    if (!accept(c)) error(std::string("expected '") + c + "'");
  }
  [[noreturn]] void error(const std::string& what) const {
    fail_at(file_, line_, what + " at column " + std::to_string(pos_ + 1));
  }

  const std::string& text_;
  const fs::path& file_;
  std::size_t line_;
  std::size_t pos_ = 0;
};

std::vector<std::string> read_file_lines(const fs::path& file) {
  check_input_file(file, kMaxTextFileBytes, "an allocation file");
  std::ifstream in(file);
  if (!in) throw InputError(file.string(), "cannot open the allocation file");
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
    if (lines.size() > kMaxLines) fail_at(file, lines.size(), "more lines than an allocation file has");
  }
  return lines;
}

// The dict under `header` (lines are 1-based in errors).
std::vector<Entry> section(const std::vector<std::string>& lines, std::size_t header_index, const std::string& header,
                           const fs::path& file) {
  if (header_index >= lines.size() || lines[header_index] != header + ":") {
    fail_at(file, std::min(header_index + 1, lines.size() + 1), "expected the line \"" + header + ":\"");
  }
  if (header_index + 1 >= lines.size()) fail_at(file, header_index + 2, "expected the " + header + " dict");
  return DictReader(lines[header_index + 1], file, header_index + 2).read();
}

ArtifactDevice device_of(const std::string& name, const fs::path& file, std::size_t line) {
  const std::size_t dash = name.rfind('-');
  const auto index = dash == std::string::npos ? std::nullopt : parse_number(name.substr(dash + 1));
  if (dash == 0 || !index || *index < 0 || *index != std::floor(*index) || *index > 1e6) {
    fail_at(file, line, "expected a device as TYPE-INDEX (e.g. \"CPU-0\"), got \"" + name + "\"");
  }
  return {name.substr(0, dash), static_cast<std::uint32_t>(*index)};
}

std::vector<ArtifactHost> hosts_of(const std::vector<Entry>& entries, const fs::path& file, std::size_t line) {
  std::vector<ArtifactHost> hosts;
  for (const Entry& e : entries) {
    if (!e.key.second_is_string) fail_at(file, line, "ilp_x keys are (variant, device)");
    if (e.value != 1) fail_at(file, line, "ilp_x values are 1 (one variant per device)");
    ArtifactHost host{device_of(e.key.second, file, line), e.key.first};
    for (const ArtifactHost& seen : hosts) {
      if (seen.device == host.device) fail_at(file, line, "device " + host.device.name() + " listed twice in ilp_x");
    }
    hosts.push_back(std::move(host));
  }
  if (hosts.empty()) fail_at(file, line, "ilp_x places no variant");
  return hosts;
}

std::vector<ArtifactShare> shares_of(const std::vector<Entry>& entries, const fs::path& file, std::size_t line) {
  std::vector<ArtifactShare> shares;
  for (const Entry& e : entries) {
    const auto query_type = e.key.second_is_string ? std::nullopt : parse_number(e.key.second);
    if (!query_type || *query_type < 0 || *query_type != std::floor(*query_type) || *query_type > 1e6) {
      fail_at(file, line, "canary_dict keys are (device, query type number)");
    }
    if (e.value < 0 || e.value > 1 + kShareSumTolerance) fail_at(file, line, "a canary share is between 0 and 1");
    ArtifactShare share{device_of(e.key.first, file, line), static_cast<std::uint32_t>(*query_type), e.value};
    for (const ArtifactShare& seen : shares) {
      if (seen.device == share.device && seen.query_type == share.query_type) {
        std::string key = "(";  // appended, not "(" + ...: GCC 12 warns (-Wrestrict) on that concatenation here
        key += share.device.name() + ", " + e.key.second + ")";
        fail_at(file, line, key + " listed twice in canary_dict");
      }
    }
    shares.push_back(std::move(share));
  }
  return shares;
}

void check_share_sums(const std::vector<ArtifactShare>& shares, const fs::path& file, std::size_t line) {
  std::map<std::uint32_t, double> sum;
  for (const ArtifactShare& s : shares) sum[s.query_type] += s.share;
  for (const auto& [query_type, total] : sum) {
    if (std::abs(total - 1) > kShareSumTolerance) {
      fail_at(file, line, "the canary shares of query type " + std::to_string(query_type) + " sum to " +
                           std::to_string(total) + ", not 1");
    }
  }
}

}  // namespace

std::string ArtifactDevice::name() const {
  std::string out = type;
  out += '-';
  out += std::to_string(index);
  return out;
}

ArtifactAllocation read_artifact_allocation(const fs::path& file) {
  const std::vector<std::string> lines = read_file_lines(file);
  section(lines, 0, "required_predictors", file);
  ArtifactAllocation out;
  out.file = file;
  out.shares_line = 4;
  out.hosts_line = 6;
  out.shares = shares_of(section(lines, 2, "canary_dict", file), file, out.shares_line);
  check_share_sums(out.shares, file, out.shares_line);
  out.hosts = hosts_of(section(lines, 4, "ilp_x", file), file, out.hosts_line);
  for (std::size_t i = 6; i < lines.size(); ++i) {
    if (lines[i].find_first_not_of(" \t") != std::string::npos) fail_at(file, i + 1, "unexpected text after ilp_x");
  }
  return out;
}

}  // namespace servesim::proteus
