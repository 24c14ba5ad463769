#pragma once
// A spot price over simulated time, piecewise constant (AWS changes a spot
// price at discrete moments; its price history is a list of (time, price)
// changes). Read from a CSV file:
//
//   time_s,price_per_hour        <- optional header
//   0,0.0354
//   3600,0.0381                  <- the price from t = 3600 s on
//
// Rules: two comma-separated numbers per row; blank lines and lines starting
// with '#' are skipped; the first time is 0 (the run's start); times strictly
// increase; prices are > 0 dollars per instance-hour; the last price holds
// forever. The file is read one line at a time; every malformed row is an
// InputError naming file:line.
//
// Copies share the points (a scenario hands the same series to every run).
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "sim/core/time.hpp"

namespace servesim {

class SpotPriceSeries {
 public:
  struct Point {
    SimTime at;
    double price_per_hour;
  };

  // Throws InputError (naming `origin`) if the points break the rules above.
  explicit SpotPriceSeries(std::vector<Point> points, const std::string& origin = "spot price series");
  static SpotPriceSeries read(const std::filesystem::path& file);

  double price_at(SimTime t) const;
  // Dollars for one instance held over [from, to]: the integral of the price
  // (0 if to <= from). Times before 0 are priced at the first price.
  double cost(SimTime from, SimTime to) const;
  const std::vector<Point>& points() const { return data_->points; }

 private:
  struct Data {
    std::vector<Point> points;
    std::vector<double> cumulative;  // dollars from time 0 to points[i].at
  };
  std::size_t segment(SimTime t) const;
  double cost_since_zero(SimTime t) const;

  std::shared_ptr<const Data> data_;
};

}  // namespace servesim
