#pragma once
// The stated ranges of the numbers a scenario, catalog or trace gives, other
// than times (those are in time.hpp). Each has a reason; docs/scenario.md,
// "Limits", lists them per field. Readers check them with JsonNode::number_in
// and integer_in, so an out-of-range value is an input error naming the range.
#include <cstdint>

namespace servesim {

// Arrival rates. The engine simulates about 2-3 M queries per wall-clock
// second, so 10 M QPS is already seconds of work per simulated second; the
// floor (one query in about 11 days) keeps a generator that walks through
// rate pieces from walking forever before its first arrival.
inline constexpr double kMaxRateQps = 1e7;
inline constexpr double kMinRateQps = 1e-6;

// Counts of things the engine holds one object for (devices, instances,
// replicas, batch slots, Lambda concurrency): a million is far past any
// cluster of the cited papers and keeps every count inside 32 bits with room.
inline constexpr std::int64_t kMaxCount = 1'000'000;

// Far above any accelerator's useful batch (the largest in the shipped
// catalogs is 64); bounds the per-replica latency table.
inline constexpr std::int64_t kMaxBatch = 4096;

// Prices in dollars per hour (or per GB-second, per request, ...): finite and
// bounded so that a year of a thousand instances still sums to a finite cost.
inline constexpr double kMaxPrice = 1e6;

// The cheapest priced thing must still cost something where a price is
// required (an instance type); 1e-9 $/h is a billionth of a cent-hour.
inline constexpr double kMinPrice = 1e-9;

// Memory in MB: a kilobyte to a petabyte; sums over a fleet stay finite and
// placement's comparisons exact enough.
inline constexpr double kMinMemoryMb = 1e-3;
inline constexpr double kMaxMemoryMb = 1e9;

// A measured latency (a profile point, a model load, a cold start) in ms:
// 1 ns to an hour. Nothing served takes an hour per batch, and a pipeline's
// summed stage latencies stay far inside the clock.
inline constexpr double kMinLatencyMs = 1e-6;
inline constexpr double kMaxLatencyMs = 3.6e6;

// Dispersion of renewal gaps, service times and noise (sd / mean): below
// 0.001 a Gamma shape of 1e6 is a constant in disguise; above 100 the draws
// are nearly all 0 with rare huge ones, which no trace shows.
inline constexpr double kMinCv = 1e-3;
inline constexpr double kMaxCv = 100;

// The interference model's threshold, slope and smaller-model weight: a
// hundredfold slowdown per unit of load and co-runner is far past INFaaS
// Figure 1's few-fold, and keeps the latency factor finite.
inline constexpr double kMaxInterferenceParameter = 100;

// Burstable CPU credits (one credit is one vCPU-minute): AWS caps a balance
// at a day of earning, under 10^4 for any t3; 10^7 leaves room and keeps the
// credit sums exact.
inline constexpr double kMaxCpuCredits = 1e7;

// An accuracy as a profile file states it, before it is normalised: any
// metric's scale (percent, mAP, BLEU) is far below a million.
inline constexpr double kMaxRawAccuracy = 1e6;

// The most arrivals an applications[i].history may hold (its rate x its
// duration): 11x the largest shipped, MArk's two weeks of Twitter at 148 QPS
// (1.8e8); drawn at load time, at most about a minute of work. A history only
// feeds a predictor or a planner, which sample it per second or keep its tail.
inline constexpr std::uint64_t kMaxHistoryArrivals = 2'000'000'000;
// Arrivals drawn to estimate a history's size before drawing it all: a few
// milliseconds of work.
inline constexpr std::uint64_t kHistoryProbeArrivals = 1'000'000;

// Random seeds: the docs promise a positive integer; 2^53 keeps a seed
// exact when tools round-trip the scenario through a double.
inline constexpr std::int64_t kMaxSeed = std::int64_t{1} << 53;

}  // namespace servesim
