#pragma once
// Sample series shared by the tests of MArk's LSTM.
#include <cmath>
#include <cstddef>
#include <vector>

#include "policies/mark/predictor_settings.hpp"

namespace servesim::mark::test {

// A load with a 48-sample period and a small saw-tooth on top.
inline std::vector<double> wavy_history(std::size_t n) {
  std::vector<double> s(n);
  for (std::size_t t = 0; t < n; ++t)
    s[t] = 600 + 300 * std::sin(2 * M_PI * static_cast<double>(t) / 48.0) + (t % 7) * 5;
  return s;
}

// A network and training small enough for a unit test.
inline LstmSettings small_settings() {
  LstmSettings s;
  s.units = 4;
  s.epochs = 3;
  return s;
}

}  // namespace servesim::mark::test
