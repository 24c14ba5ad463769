#include "sim/metrics/report_format.hpp"

#include <array>
#include <charconv>
#include <cmath>

namespace servesim {
namespace {

// Wide enough for a fixed-point DBL_MAX (309 digits) plus sign and decimals.
constexpr std::size_t kNumberBuffer = 512;

std::string_view to_fixed(std::array<char, kNumberBuffer>& buf, double value, int decimals) {
  auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), value, std::chars_format::fixed, decimals);
  if (ec != std::errc{}) return {};
  std::string_view text(buf.data(), static_cast<std::size_t>(end - buf.data()));
  // A negative value that rounds to zero would read "-0.00": a sign on nothing.
  if (!text.empty() && text.front() == '-' && text.find_first_of("123456789") == std::string_view::npos) {
    text.remove_prefix(1);
  }
  return text;
}

std::string_view trim_zeros(std::string_view text) {
  if (text.find('.') == std::string_view::npos) return text;
  while (text.back() == '0') text.remove_suffix(1);
  if (text.back() == '.') text.remove_suffix(1);
  return text;
}

}  // namespace

void append_number(std::string& out, double value, int decimals) {
  if (!std::isfinite(value)) return;
  std::array<char, kNumberBuffer> buf;
  out += trim_zeros(to_fixed(buf, value, decimals));
}

std::string format_number(double value, int decimals) {
  std::string out;
  append_number(out, value, decimals);
  return out;
}

void append_significant(std::string& out, double value, int digits) {
  if (!std::isfinite(value)) return;
  std::array<char, kNumberBuffer> buf;
  auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), value, std::chars_format::general, digits);
  if (ec == std::errc{}) out.append(buf.data(), end);
}

std::string format_fixed(double value, int decimals) {
  if (!std::isfinite(value)) return "-";
  std::array<char, kNumberBuffer> buf;
  return std::string(to_fixed(buf, value, decimals));
}

void append_uint(std::string& out, std::uint64_t value) {
  std::array<char, 24> buf;
  auto [end, ec] = std::to_chars(buf.data(), buf.data() + buf.size(), value);
  (void)ec;  // 24 characters always hold a 64-bit integer
  out.append(buf.data(), end);
}

void append_csv_field(std::string& out, std::string_view field) {
  if (field.find_first_of(",\"\r\n") == std::string_view::npos) {
    out += field;
    return;
  }
  out += '"';
  for (char c : field) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

void append_json_string(std::string& out, std::string_view text) {
  static constexpr std::string_view kHex = "0123456789abcdef";
  out += '"';
  for (char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (byte < 0x20) {
      out += "\\u00";
      out += kHex[byte >> 4];
      out += kHex[byte & 0xF];
    } else {
      out += c;
    }
  }
  out += '"';
}

void append_optional(std::string& out, const std::optional<double>& value) {
  if (value) append_number(out, *value);
}

}  // namespace servesim
