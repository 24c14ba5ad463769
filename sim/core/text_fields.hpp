#pragma once
// Small, locale-independent helpers shared by every text-file reader (traces,
// spot price series, profile importers): splitting a
// line into fields and parsing numbers. std::from_chars is used because
// stream extraction depends on the global locale and accepts trailing junk.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace servesim {

// The whole field as a finite number, or nullopt (empty, junk, inf, nan).
std::optional<double> parse_number(std::string_view field);

// Strips surrounding spaces, tabs and a trailing '\r' (CRLF files).
std::string_view trim(std::string_view text);

// Comma-separated if the line holds a comma, whitespace-separated otherwise,
// so "10,1,300" and "10 1 300" read the same. Fields are trimmed.
std::vector<std::string_view> split_fields(std::string_view line);

// One line of a CSV file the project wrote (RFC 4180 quoting: a field in
// double quotes may hold commas and doubled quotes). Fields are not trimmed.
std::vector<std::string> split_csv_record(std::string_view line);

// Text made safe for a one-line error message: control bytes become \n, \r,
// \t or \xNN, and so do bytes that are not part of valid UTF-8 (binary
// traces), so a message never spans lines or carries raw binary. Every
// InputError passes its message through this.
std::string printable(std::string_view text);

// The first `max` bytes of text, then "..." if there was more.
std::string clipped(std::string_view text, std::size_t max);

// A value quoted for an error message: at most kQuotedMax bytes of it (then
// "..."), made printable. A 1 MB value gives a short line, not a 1 MB one.
inline constexpr std::size_t kQuotedMax = 80;
std::string quote_field(std::string_view field);

}  // namespace servesim
