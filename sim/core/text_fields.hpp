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

// A field quoted for an error message, cut to a readable length.
std::string quote_field(std::string_view field);

}  // namespace servesim
