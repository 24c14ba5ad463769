#include "policies/mark/training_work.hpp"

#include <cmath>

namespace servesim::mark {

double lstm_training_work(std::size_t samples, std::size_t window, const LstmSettings& settings) {
  const double units = static_cast<double>(settings.units);
  const double per_sample = 4 * units * (units + 2) + units * static_cast<double>(window);
  return static_cast<double>(samples) * static_cast<double>(settings.epochs) * per_sample;
}

std::string training_time_text(double work) {
  const double seconds = work / kLstmWorkPerSecond;
  if (seconds < 120) return "about " + std::to_string(static_cast<long long>(std::ceil(seconds))) + " s";
  return "about " + std::to_string(static_cast<long long>(std::ceil(seconds / 60))) + " min";
}

}  // namespace servesim::mark
