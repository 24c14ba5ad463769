#include "sim/core/random_stream.hpp"

#include <boost/random/gamma_distribution.hpp>
#include <boost/random/normal_distribution.hpp>
#include <cmath>

namespace servesim {
namespace {

std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

constexpr std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

}  // namespace

std::uint64_t derive_stream_seed(std::uint64_t seed, std::string_view name) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a offset basis
  for (unsigned char c : name) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  std::uint64_t state = seed ^ rotl(h, 17);
  splitmix64(state);
  return splitmix64(state) ^ h;
}

RandomStream::RandomStream(std::uint64_t seed, std::string_view name) {
  std::uint64_t state = derive_stream_seed(seed, name);
  for (auto& word : s_) word = splitmix64(state);
}

RandomStream::result_type RandomStream::operator()() {
  const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
  const std::uint64_t t = s_[1] << 17;
  s_[2] ^= s_[0];
  s_[3] ^= s_[1];
  s_[1] ^= s_[2];
  s_[0] ^= s_[3];
  s_[2] ^= t;
  s_[3] = rotl(s_[3], 45);
  return result;
}

double RandomStream::uniform01() { return static_cast<double>((*this)() >> 11) * 0x1.0p-53; }

double RandomStream::uniform_open_zero() { return (static_cast<double>((*this)() >> 11) + 1.0) * 0x1.0p-53; }

std::uint64_t RandomStream::below(std::uint64_t n) {
  // Lemire's multiply-shift with rejection: unbiased and branch-light.
  std::uint64_t x = (*this)();
  __uint128_t m = static_cast<__uint128_t>(x) * n;
  std::uint64_t low = static_cast<std::uint64_t>(m);
  if (low < n) {
    const std::uint64_t threshold = -n % n;
    while (low < threshold) {
      x = (*this)();
      m = static_cast<__uint128_t>(x) * n;
      low = static_cast<std::uint64_t>(m);
    }
  }
  return static_cast<std::uint64_t>(m >> 64);
}

double RandomStream::exponential(double mean) { return -mean * std::log(uniform_open_zero()); }

double RandomStream::gamma_mean_cv(double mean, double cv) {
  if (cv == 1.0) return exponential(mean);
  const double shape = 1.0 / (cv * cv);
  boost::random::gamma_distribution<double> dist(shape, mean / shape);
  return dist(*this);
}

double RandomStream::normal(double mean, double sd) {
  boost::random::normal_distribution<double> dist(mean, sd);
  return dist(*this);
}

double RandomStream::lognormal_mean_cv(double mean, double cv) {
  const double sigma2 = std::log1p(cv * cv);
  const double mu = std::log(mean) - 0.5 * sigma2;
  return std::exp(normal(mu, std::sqrt(sigma2)));
}

}  // namespace servesim
