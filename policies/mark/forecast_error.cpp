#include "policies/mark/forecast_error.hpp"

#include <cmath>

namespace servesim::mark {

double ForecastError::Sum::rms() const { return count == 0 ? 0.0 : std::sqrt(squares / static_cast<double>(count)); }

void ForecastError::forecast_made(std::vector<double> forecast) {
  if (!forecast.empty()) pending_.push_back({samples_, std::move(forecast)});
}

void ForecastError::sample_came(double sample) {
  ++samples_;
  for (const Made& made : pending_) {
    const std::size_t h = samples_ - made.after;  // >= 1: made before this sample
    if (h > made.values.size()) continue;
    const double error = made.values[h - 1] - sample;
    over_window_.add(error);
    if (h == horizon_) at_horizon_.add(error);
  }
  while (!pending_.empty() && samples_ - pending_.front().after >= pending_.front().values.size()) {
    pending_.pop_front();
  }
}

double ForecastError::rmse_at_horizon() const { return at_horizon_.rms(); }
double ForecastError::rmse_over_window() const { return over_window_.rms(); }

}  // namespace servesim::mark
