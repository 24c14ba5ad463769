#pragma once
// How reports spell values. Every number in summary.json and the CSV files goes
// through here so that the same run writes byte-identical files on every
// machine: std::to_chars is exactly rounded and ignores the C locale, unlike
// printf and iostreams.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace servesim {

// Six decimals resolve a nanosecond in milliseconds and a micro-dollar.
inline constexpr int kReportDecimals = 6;

// Fixed point with `decimals` digits, trailing zeros and a bare point trimmed
// ("12.5", "3"); "-0" is written "0". A non-finite number appends nothing:
// reports write it as missing (JSON null, empty CSV cell), never as "nan".
void append_number(std::string& out, double value, int decimals = kReportDecimals);
// Nothing for a missing value: an empty CSV cell, never a 0 that looks real.
void append_optional(std::string& out, const std::optional<double>& value);
std::string format_number(double value, int decimals = kReportDecimals);

// `digits` significant digits, like printf's %.<digits>g but locale-free
// ("13", "3.60555128", "1.5e-07"); nothing when not finite. For statistics,
// whose scale the writer does not know.
void append_significant(std::string& out, double value, int digits);

// Fixed point without trimming, for aligned table columns; "-" when not finite.
std::string format_fixed(double value, int decimals);

void append_uint(std::string& out, std::uint64_t value);

// RFC 4180: quoted only when the field holds a comma, quote, CR or LF.
void append_csv_field(std::string& out, std::string_view field);

// A JSON string literal, quotes included; control characters as \u00XX.
void append_json_string(std::string& out, std::string_view text);

}  // namespace servesim
