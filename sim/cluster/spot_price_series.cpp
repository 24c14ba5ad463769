#include "sim/cluster/spot_price_series.hpp"

#include "sim/core/text_fields.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <optional>
#include <string_view>

#include "sim/core/input_error.hpp"
#include "sim/core/input_file.hpp"
#include "sim/core/input_limits.hpp"

namespace servesim {
namespace {

// The clock holds about 292 years; a series beyond ~290 years is a unit mistake.
constexpr double kMaxSeconds = kMaxTimeSpanS;  // no run is longer

void check_point(const SpotPriceSeries::Point& p, const SpotPriceSeries::Point* previous, const std::string& where) {
  if (!previous && p.at != SimTime::zero()) throw InputError(where, "expected the first time_s to be 0 (the run's start)");
  if (previous && !(p.at > previous->at)) throw InputError(where, "time_s must increase from row to row");
  if (!(p.price_per_hour > 0 && p.price_per_hour <= kMaxPrice)) {
    throw InputError(where, "expected a price_per_hour > 0 and <= 1000000 (input_limits.hpp)");
  }
}

}  // namespace

SpotPriceSeries::SpotPriceSeries(std::vector<Point> points, const std::string& origin) {
  if (points.empty()) throw InputError(origin, "expected at least one (time_s, price_per_hour) point");
  auto data = std::make_shared<Data>();
  data->cumulative.reserve(points.size());
  double dollars = 0;
  for (std::size_t i = 0; i < points.size(); ++i) {
    check_point(points[i], i ? &points[i - 1] : nullptr, origin + ": point " + std::to_string(i + 1));
    if (i) dollars += points[i - 1].price_per_hour * static_cast<double>((points[i].at - points[i - 1].at).ns) / static_cast<double>(kNanosPerHour);
    data->cumulative.push_back(dollars);
  }
  data->points = std::move(points);
  data_ = std::move(data);
}

SpotPriceSeries SpotPriceSeries::read(const std::filesystem::path& file) {
  const std::string name = file.string();
  check_input_file(file, kMaxTextFileBytes, "a spot price CSV file");
  std::ifstream in(file, std::ios::binary);
  if (!in) throw InputError(name, "cannot open spot price file");
  std::vector<Point> points;
  std::string line;
  std::size_t line_no = 0;
  bool seen_row = false;
  while (std::getline(in, line)) {
    ++line_no;
    const std::string_view text = trim(line);
    if (text.empty() || text.front() == '#') continue;
    const std::string where = name + ":" + std::to_string(line_no);
    const auto comma = text.find(',');
    if (comma == std::string_view::npos || text.find(',', comma + 1) != std::string_view::npos) {
      throw InputError(where, "expected two comma-separated fields \"time_s,price_per_hour\"");
    }
    const std::string_view time_field = trim(text.substr(0, comma));
    const std::string_view price_field = trim(text.substr(comma + 1));
    const std::optional<double> time_s = parse_number(time_field);
    const std::optional<double> price = parse_number(price_field);
    if (!seen_row && !time_s && !price) {  // a header line
      seen_row = true;
      continue;
    }
    seen_row = true;
    if (!time_s || *time_s < 0 || *time_s > kMaxSeconds) {
      throw InputError(where, "expected time_s as a number of seconds in [0, 315360000], got " + quote_field(time_field));
    }
    if (!price) throw InputError(where, "expected price_per_hour as a number, got " + quote_field(price_field));
    const Point p{at_seconds(*time_s), *price};
    check_point(p, points.empty() ? nullptr : &points.back(), where);
    points.push_back(p);
  }
  if (points.empty()) throw InputError(name, "no spot price rows (expected lines \"time_s,price_per_hour\")");
  return SpotPriceSeries(std::move(points), name);
}

std::size_t SpotPriceSeries::segment(SimTime t) const {
  const auto& pts = data_->points;
  // The last point at or before t; points[0] is at 0, so t < 0 maps to it.
  auto it = std::upper_bound(pts.begin(), pts.end(), t, [](SimTime v, const Point& p) { return v < p.at; });
  return it == pts.begin() ? 0 : static_cast<std::size_t>(it - pts.begin()) - 1;
}

double SpotPriceSeries::price_at(SimTime t) const { return data_->points[segment(t)].price_per_hour; }

double SpotPriceSeries::cost_since_zero(SimTime t) const {
  const std::size_t i = segment(t);
  const Point& p = data_->points[i];
  return data_->cumulative[i] + p.price_per_hour * static_cast<double>((t - p.at).ns) / static_cast<double>(kNanosPerHour);
}

double SpotPriceSeries::cost(SimTime from, SimTime to) const {
  if (!(to > from)) return 0;
  return cost_since_zero(to) - cost_since_zero(from);
}

}  // namespace servesim
