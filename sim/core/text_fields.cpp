#include "sim/core/text_fields.hpp"

#include <charconv>
#include <cmath>

namespace servesim {

std::optional<double> parse_number(std::string_view field) {
  field = trim(field);
  if (!field.empty() && field.front() == '+') field.remove_prefix(1);
  if (field.empty()) return std::nullopt;
  double value = 0;
  const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
  if (ec != std::errc() || end != field.data() + field.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

std::string_view trim(std::string_view text) {
  const auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!text.empty() && is_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_space(text.back())) text.remove_suffix(1);
  return text;
}

std::vector<std::string_view> split_fields(std::string_view line) {
  std::vector<std::string_view> fields;
  line = trim(line);
  if (line.empty()) return fields;
  if (line.find(',') != std::string_view::npos) {
    std::size_t begin = 0;
    while (true) {
      const std::size_t comma = line.find(',', begin);
      fields.push_back(trim(line.substr(begin, comma - begin)));
      if (comma == std::string_view::npos) break;
      begin = comma + 1;
    }
    return fields;
  }
  std::size_t pos = 0;
  while (pos < line.size()) {
    const std::size_t begin = line.find_first_not_of(" \t\r", pos);
    if (begin == std::string_view::npos) break;
    const std::size_t end = line.find_first_of(" \t\r", begin);
    fields.push_back(line.substr(begin, end - begin));
    pos = end;
  }
  return fields;
}

std::vector<std::string> split_csv_record(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted && c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
      fields.back() += '"';
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      fields.emplace_back();
    } else {
      fields.back() += c;
    }
  }
  return fields;
}

namespace {

// The length of the valid UTF-8 sequence starting at text[i], or 0.
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char lead = byte(i);
  const std::size_t n = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3 : lead >= 0xF0 && lead <= 0xF4 ? 4 : 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (std::size_t k = i + 1; k < i + n; ++k) {
    if ((byte(k) & 0xC0) != 0x80) return 0;
  }
  return n;
}

}  // namespace

std::string printable(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7F) {
      out.push_back(static_cast<char>(c));
      ++i;
    } else if (const std::size_t n = c >= 0x80 ? utf8_length(text, i) : 0) {
      out.append(text.substr(i, n));
      i += n;
    } else {
      out.append(c == '\n' ? "\\n" : c == '\r' ? "\\r" : c == '\t' ? "\\t" : "");
      if (c != '\n' && c != '\r' && c != '\t') out.append({'\\', 'x', kHex[c >> 4], kHex[c & 0xF]});
      ++i;
    }
  }
  return out;
}

std::string clipped(std::string_view text, std::size_t max) {
  std::string out(text.substr(0, max));
  if (text.size() > max) out.append("...");
  return out;
}

std::string quote_field(std::string_view field) {
  // Built by append: GCC 12 warns (-Wrestrict, falsely) on "\"" + std::string.
  std::string out;
  out.push_back('"');
  out.append(printable(clipped(field, kQuotedMax)));
  out.push_back('"');
  return out;
}

}  // namespace servesim
