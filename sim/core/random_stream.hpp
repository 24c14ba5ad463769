#pragma once
// One independent random stream per named subsystem or entity, derived from
// (scenario seed, name). Adding a component with a new name never perturbs the
// draws of the others, and every policy run of a scenario sees the same workload
// (common random numbers). The generator is xoshiro256** and the distributions
// are our own or Boost's, so draws do not depend on the standard library.
#include <cstdint>
#include <limits>
#include <string_view>

namespace servesim {

class RandomStream {
 public:
  using result_type = std::uint64_t;

  RandomStream(std::uint64_t seed, std::string_view name);

  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return std::numeric_limits<result_type>::max(); }
  result_type operator()();

  // Uniform in [0, 1) with 53 random bits.
  double uniform01();
  // Uniform in (0, 1]: safe to take the logarithm of.
  double uniform_open_zero();
  // Uniform integer in [0, n).
  std::uint64_t below(std::uint64_t n);
  double exponential(double mean);
  // Gamma with the given mean and coefficient of variation (sd / mean); shape 1/cv^2.
  double gamma_mean_cv(double mean, double cv);
  double normal(double mean, double sd);
  // Log-normal with the given mean and coefficient of variation.
  double lognormal_mean_cv(double mean, double cv);

 private:
  std::uint64_t s_[4];
};

// The 64-bit seed of stream `name` under scenario seed `seed` (FNV-1a of the
// name mixed with the seed through splitmix64). Exposed for tests.
std::uint64_t derive_stream_seed(std::uint64_t seed, std::string_view name);

}  // namespace servesim
