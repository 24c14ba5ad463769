#pragma once
// Simulated time as integer nanoseconds. No floating-point clock: float ties and
// rounding drift would make runs depend on evaluation order.
#include <cmath>
#include <compare>
#include <cstdint>
#include <limits>

namespace servesim {

struct Duration {
  std::int64_t ns = 0;

  static constexpr Duration zero() { return Duration{0}; }
  static constexpr Duration infinite() { return Duration{std::numeric_limits<std::int64_t>::max()}; }
  constexpr bool is_infinite() const { return ns == std::numeric_limits<std::int64_t>::max(); }

  constexpr double seconds() const { return static_cast<double>(ns) * 1e-9; }
  constexpr double millis() const { return static_cast<double>(ns) * 1e-6; }

  constexpr auto operator<=>(const Duration&) const = default;
  constexpr Duration operator+(Duration o) const { return Duration{ns + o.ns}; }
  constexpr Duration operator-(Duration o) const { return Duration{ns - o.ns}; }
  constexpr Duration& operator+=(Duration o) { ns += o.ns; return *this; }
  constexpr Duration& operator-=(Duration o) { ns -= o.ns; return *this; }
};

struct SimTime {
  std::int64_t ns = 0;

  static constexpr SimTime zero() { return SimTime{0}; }
  static constexpr SimTime never() { return SimTime{std::numeric_limits<std::int64_t>::max()}; }
  constexpr bool is_never() const { return ns == std::numeric_limits<std::int64_t>::max(); }

  constexpr double seconds() const { return static_cast<double>(ns) * 1e-9; }

  constexpr auto operator<=>(const SimTime&) const = default;
  // Saturates at never() so "now + infinite timeout" stays never.
  constexpr SimTime operator+(Duration d) const {
    if (d.is_infinite() || is_never()) return never();
    return SimTime{ns + d.ns};
  }
  constexpr SimTime operator-(Duration d) const { return SimTime{ns - d.ns}; }
  constexpr Duration operator-(SimTime o) const { return Duration{ns - o.ns}; }
  constexpr SimTime& operator+=(Duration d) { *this = *this + d; return *this; }
};

// Conversions round to the nearest nanosecond; callers pass user-facing units.
// Beyond the clock's range (about 292 years) they saturate to infinite, so an
// absurdly long gap (a rate of 1e-300) means "never", not an overflow.
inline Duration from_nanos_double(double ns) {
  if (!(ns < 9.2e18)) return Duration::infinite();
  if (ns < -9.2e18) return Duration{-std::numeric_limits<std::int64_t>::max()};
  return Duration{static_cast<std::int64_t>(std::llround(ns))};
}
inline Duration from_seconds(double s) { return from_nanos_double(s * 1e9); }
inline Duration from_millis(double ms) { return from_nanos_double(ms * 1e6); }
inline SimTime at_seconds(double s) { return SimTime{from_seconds(s).ns}; }

}  // namespace servesim
