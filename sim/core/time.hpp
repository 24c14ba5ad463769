#pragma once
// Simulated time as integer nanoseconds. No floating-point clock: float ties and
// rounding drift would make runs depend on evaluation order.
//
// All arithmetic on times saturates here, in one place: a sum that would pass
// the 64-bit range (about 292 years) becomes infinite / never instead of
// wrapping to a time in the past (arrival + SLO, a timeout, summed stage
// latencies). Inputs are bounded well below that (kMaxTimeSpanS), so saturation
// only ever meets "never" and "infinite", which must stay what they are.
#include <cmath>
#include <compare>
#include <cstdint>
#include <limits>

namespace servesim {

// The stated limits of every time a scenario, catalog or trace gives
// (docs/scenario.md, "Limits"). Ten years: a century of simulated seconds at
// the engine's ~2-3 M queries per second could never finish, and ten years
// stays 29x below the clock's range, so sums of a few such spans cannot overflow.
inline constexpr double kMaxTimeSpanS = 10.0 * 365 * 86400;
// The shortest period of anything that repeats (a policy tick, a diurnal step,
// a rate-series interval, a run): a 1 ms step keeps every loop moving forward
// at a rate a run can afford; shorter has no use at the engine's resolution of work.
inline constexpr double kMinPeriodS = 1e-3;
// The longest history before a run (applications[i].history): a year is kept
// as 31.5 M per-second counts (126 MB), and drawn at load time, so ten years
// would cost more memory and time than any predictor's training window needs
// (MArk trains on two weeks).
inline constexpr double kMaxHistoryS = 365.0 * 86400;

// The clock's unit: times and durations are integer nanoseconds.
inline constexpr std::int64_t kNanosPerSecond = 1'000'000'000;
inline constexpr std::int64_t kNanosPerHour = 3600 * kNanosPerSecond;

namespace time_detail {
inline constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
// a + b, clamped to [-kMax, kMax] (kMax is infinite / never).
constexpr std::int64_t saturating_add(std::int64_t a, std::int64_t b) {
  std::int64_t sum = 0;
  if (__builtin_add_overflow(a, b, &sum) || sum < -kMax) return b > 0 ? kMax : -kMax;
  return sum;
}
constexpr std::int64_t saturating_sub(std::int64_t a, std::int64_t b) {
  return b == std::numeric_limits<std::int64_t>::min() ? kMax : saturating_add(a, -b);
}
}  // namespace time_detail

struct Duration {
  std::int64_t ns = 0;

  static constexpr Duration zero() { return Duration{0}; }
  static constexpr Duration infinite() { return Duration{time_detail::kMax}; }
  constexpr bool is_infinite() const { return ns == time_detail::kMax; }

  constexpr double seconds() const { return static_cast<double>(ns) * 1e-9; }
  constexpr double millis() const { return static_cast<double>(ns) * 1e-6; }

  constexpr auto operator<=>(const Duration&) const = default;
  // Saturating: infinite + anything stays infinite.
  constexpr Duration operator+(Duration o) const {
    if (is_infinite() || o.is_infinite()) return infinite();
    return Duration{time_detail::saturating_add(ns, o.ns)};
  }
  constexpr Duration operator-(Duration o) const { return Duration{time_detail::saturating_sub(ns, o.ns)}; }
  constexpr Duration& operator+=(Duration o) { return *this = *this + o; }
  constexpr Duration& operator-=(Duration o) { return *this = *this - o; }
};

struct SimTime {
  std::int64_t ns = 0;

  static constexpr SimTime zero() { return SimTime{0}; }
  static constexpr SimTime never() { return SimTime{time_detail::kMax}; }
  constexpr bool is_never() const { return ns == time_detail::kMax; }

  constexpr double seconds() const { return static_cast<double>(ns) * 1e-9; }

  constexpr auto operator<=>(const SimTime&) const = default;
  // Saturates at never() so "now + infinite timeout" stays never.
  constexpr SimTime operator+(Duration d) const {
    if (d.is_infinite() || is_never()) return never();
    return SimTime{time_detail::saturating_add(ns, d.ns)};
  }
  constexpr SimTime operator-(Duration d) const { return SimTime{time_detail::saturating_sub(ns, d.ns)}; }
  constexpr Duration operator-(SimTime o) const { return Duration{time_detail::saturating_sub(ns, o.ns)}; }
  constexpr SimTime& operator+=(Duration d) { *this = *this + d; return *this; }
};

// Conversions round to the nearest nanosecond; callers pass user-facing units.
// Beyond the clock's range (about 292 years) they saturate to infinite, so an
// absurdly long gap (a rate of 1e-300) means "never", not an overflow.
inline Duration from_nanos_double(double ns) {
  if (!(ns < 9.2e18)) return Duration::infinite();
  if (ns < -9.2e18) return Duration{-time_detail::kMax};
  // std::llround, inline (libm's is a call, and this runs for every arrival
  // and batch): truncate, then step away from zero on a fraction of at least
  // a half. The fraction is exact (ns and its truncation share sign and
  // exponent range), so ties and all else round exactly as llround does.
  auto whole = static_cast<std::int64_t>(ns);
  const double fraction = ns - static_cast<double>(whole);
  if (fraction >= 0.5) ++whole;
  if (fraction <= -0.5) --whole;
  return Duration{whole};
}
inline Duration from_seconds(double s) { return from_nanos_double(s * 1e9); }
inline Duration from_millis(double ms) { return from_nanos_double(ms * 1e6); }
inline SimTime at_seconds(double s) { return SimTime{from_seconds(s).ns}; }
// d * factor, saturating like the sums (an SLO as a multiple of a latency).
inline Duration scaled(Duration d, double factor) {
  if (d.is_infinite()) return d;
  return from_nanos_double(static_cast<double>(d.ns) * factor);
}

}  // namespace servesim
