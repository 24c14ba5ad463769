// Does the engine reproduce queueing theory? Each test builds one replica
// through the public scenario path, runs a long Poisson workload and compares
// the measured waits with the closed form (M/M/1, M/D/1, M/M/c) or with exact
// reasoning (batching).
//
// How the tolerance is derived. The waits of consecutive customers are
// strongly correlated, so their sample variance says nothing about the error
// of their mean. We use the method of batch means (batch_means.hpp): after a
// warm-up of 5 % of the customers (the run starts empty) the remaining
// customers, in arrival order, are cut into kBatches = 40 contiguous batches;
// the 40 batch means are treated as i.i.d. normal, and the estimate's 99.9 %
// interval is mean +/- t(0.9995, 39) * sd / sqrt(40), t = 3.56. Each test
// asserts (1) the theoretical value lies inside that interval and (2) the
// half-width is below 5 % of the theoretical value, so that the test has the
// power to see an error of a few percent (a wrong engine cannot pass by being
// noisy). Only customers that arrived before 95 % of the horizon are used:
// they have all finished, so the end of the run does not censor long waits.
//
// Why the batches are long enough. The correlation length of an M/M/1 queue
// is its relaxation time, about (1 + rho) / (mu (1 - rho)^2): at rho = 0.9,
// 1.9 / (100/s * 0.01) = 1.9 s, i.e. lambda * 1.9 s = 171 customers (at rho
// 0.5: 3 customers). M/M/4 at rho 0.9 relaxes like an M/M/1 with service rate
// 4 mu, again ~170 customers; M/D/1 relaxes faster than M/M/1. Our batches hold
// 24,000 to 142,000 customers, over 100 relaxation times, so adjacent batch
// means are correlated by well under 1 % and each is close to normal by the
// central limit theorem; the warm-up (>= 50,000 customers) is likewise hundreds
// of relaxation times. Every printed line also reports the lag-1
// autocorrelation of the batch means, which should be near 0 (+/- 0.3 is the
// noise of 40 samples).
//
// Run lengths are set by (2): the relative variance of the mean M/M/1 wait
// grows like 1 / (1 - rho)^4, so rho = 0.9 needs 4-6 million customers where
// rho = 0.5 needs 1-2 million (measured half-widths: 0.1-3.5 %). The seeds
// are fixed, so each test is deterministic.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "batch_means.hpp"
#include "queueing_theory.hpp"
#include "single_station.hpp"

namespace servesim::fidelity {
namespace {

constexpr double kConfidence = 0.999;
constexpr std::size_t kBatches = 40;
constexpr double kMaxRelativeHalfWidth = 0.05;
constexpr double kServiceMs = 10.0;                 // batch-1 latency of the M/x/c tests
constexpr double kMu = 1000.0 / kServiceMs;        // per server, per second
constexpr double kNsToS = 1e-9;

// Long enough that `customers` arrive before the 95 % cut.
double horizon_for(double customers, double lambda) { return customers / lambda / 0.95; }

StationSetup queue_setup(std::string name, double lambda, std::string service, double customers,
                         std::uint32_t servers = 1, std::uint64_t seed = 1) {
  StationSetup s;
  s.name = std::move(name);
  s.rate = lambda;
  s.service = std::move(service);
  s.concurrency = servers;
  s.duration_s = horizon_for(customers, lambda);
  s.seed = seed;
  return s;
}

std::vector<double> waits_s(std::span<const QueryTimes> q) {
  std::vector<double> out;
  out.reserve(q.size());
  for (const auto& x : q) out.push_back(static_cast<double>(x.wait_ns) * kNsToS);
  return out;
}

std::vector<double> sojourns_s(std::span<const QueryTimes> q) {
  std::vector<double> out;
  out.reserve(q.size());
  for (const auto& x : q) out.push_back(static_cast<double>(x.finish_ns - x.arrival_ns) * kNsToS);
  return out;
}

std::vector<double> waited(std::span<const QueryTimes> q) {
  std::vector<double> out;
  out.reserve(q.size());
  for (const auto& x : q) out.push_back(x.wait_ns > 0 ? 1.0 : 0.0);
  return out;
}

Interval interval_of(const std::vector<double>& samples) {
  return batch_means_interval(samples, kBatches, kConfidence);
}

void print(const char* what, const Interval& ci, double theory) {
  std::printf("[fidelity] %-26s estimate %.6g  half-width %.3g (%.2f %%)  theory %.6g  (%zu x %zu, lag-1 %+.2f)\n",
              what, ci.estimate, ci.half_width, 100 * ci.half_width / theory, theory, ci.batches, ci.batch_size,
              ci.lag1);
}

// The engine agrees with `theory`, and the run was long enough to tell.
void expect_agrees(const char* what, const Interval& ci, double theory) {
  print(what, ci, theory);
  EXPECT_TRUE(ci.contains(theory)) << what << ": theory " << theory << " outside [" << ci.low() << ", "
                                   << ci.high() << "]";
  EXPECT_LT(ci.half_width, kMaxRelativeHalfWidth * theory) << what << ": the run is too short to have power";
}

// The reported utilisation against the run's own service times: with one
// batch at a time, the device was busy for the service times of the finished
// queries, plus part of the batch running at the end (which started after the
// last finish). And the busy fraction is rho: its relative error over millions
// of customers is ~0.1 %, so 1 % is a loose bound.
void check_utilisation(const StationRun& run, double rho) {
  double served_s = 0, last_finish_s = 0;
  for (const auto& x : run.queries) {
    if (!x.finished()) continue;
    served_s += static_cast<double>(x.finish_ns - x.arrival_ns - x.wait_ns) * kNsToS;
    last_finish_s = std::max(last_finish_s, static_cast<double>(x.finish_ns) * kNsToS);
  }
  const double busy_s = run.utilisation * run.horizon_s;
  std::printf("[fidelity] utilisation %.5f (rho %.2f); busy %.3f s, served %.3f s, tail %.3f s\n", run.utilisation,
              rho, busy_s, served_s, run.horizon_s - last_finish_s);
  EXPECT_GE(busy_s, served_s - 1e-6);
  EXPECT_LE(busy_s, served_s + (run.horizon_s - last_finish_s) + 1e-6);
  EXPECT_NEAR(run.utilisation, rho, 0.01 * rho);
}

// ---- M/M/1 -----------------------------------------------------------------

void check_mm1(double rho, double customers) {
  const double lambda = rho * kMu;
  const StationRun run = run_station(queue_setup("mm1", lambda, "exponential", customers));
  const auto q = run.steady();
  expect_agrees("M/M/1 Wq", interval_of(waits_s(q)), mm1_wait(lambda, kMu));
  expect_agrees("M/M/1 W", interval_of(sojourns_s(q)), mm1_sojourn(lambda, kMu));
  check_utilisation(run, rho);
}

TEST(Fidelity, MM1WaitAtRho05) { check_mm1(0.5, 1.0e6); }
TEST(Fidelity, MM1WaitAtRho09) { check_mm1(0.9, 6.0e6); }

// ---- M/D/1 -----------------------------------------------------------------

void check_md1(double rho, double customers) {
  const double lambda = rho * kMu;
  const StationRun run = run_station(queue_setup("md1", lambda, "deterministic", customers));
  const auto q = run.steady();
  // Deterministic service: every query spends exactly the profiled 10 ms in service.
  std::size_t off = 0;
  for (const auto& x : q) off += (x.finish_ns - x.arrival_ns - x.wait_ns) != 10'000'000;
  EXPECT_EQ(off, 0u) << "queries whose service time is not exactly the profiled latency";
  expect_agrees("M/D/1 Wq", interval_of(waits_s(q)), md1_wait(lambda, kMu));
  check_utilisation(run, rho);
}

TEST(Fidelity, MD1WaitAtRho05) { check_md1(0.5, 1.0e6); }
TEST(Fidelity, MD1WaitAtRho09) { check_md1(0.9, 4.0e6); }

// ---- M/M/c -----------------------------------------------------------------

TEST(Fidelity, ErlangCRecurrence) {
  // Hand values: C(1, a) = a; C(2, 1) = 1/3; C(4, 3.6) from the closed form.
  EXPECT_NEAR(erlang_c(1, 0.9), 0.9, 1e-12);
  EXPECT_NEAR(erlang_c(2, 1.0), 1.0 / 3.0, 1e-12);
  const double a = 3.6;
  double sum = 0, term = 1;
  for (unsigned k = 0; k < 4; ++k) {
    sum += term;
    term *= a / (k + 1);
  }
  const double top = term * 4 / (4 - a);  // a^4/4! * c/(c-a)
  EXPECT_NEAR(erlang_c(4, a), top / (sum + top), 1e-12);
}

// The station `setup` builds is an M/M/c queue: its waits agree with Erlang C
// and its busy fraction is rho.
void expect_mmc(const StationSetup& setup, unsigned c, double rho) {
  const double lambda = setup.rate;
  const StationRun run = run_station(setup);
  const auto q = run.steady();
  expect_agrees((setup.name + " P(wait)").c_str(), interval_of(waited(q)), erlang_c(c, lambda / kMu));
  expect_agrees((setup.name + " Wq").c_str(), interval_of(waits_s(q)), mmc_wait(c, lambda, kMu));
  std::printf("[fidelity] utilisation %.5f (rho %.2f)\n", run.utilisation, rho);
  EXPECT_NEAR(run.utilisation, rho, 0.01 * rho);
}

// One replica with c concurrent batches, each 1/c of the device.
void check_mmc(unsigned c, double rho, double customers) {
  expect_mmc(queue_setup("mmc", rho * c * kMu, "exponential", customers, c), c, rho);
}

TEST(Fidelity, MMcErlangCAtRho05) { check_mmc(4, 0.5, 2.0e6); }
TEST(Fidelity, MMcErlangCAtRho09) { check_mmc(4, 0.9, 6.0e6); }

// The same station built from c one-core replicas on c devices sharing one
// central queue (ClusterControl::attach_central_queue): M/M/c again, where
// per-replica queues behind random routing would make c M/M/1 queues (at rho
// 0.9: 9 service times of wait against Erlang C's 2).
void check_central_mmc(unsigned c, double rho, double customers) {
  StationSetup setup = queue_setup("mmc-central-queue", rho * c * kMu, "exponential", customers);
  setup.replicas = c;
  setup.routing = "central_queue";
  expect_mmc(setup, c, rho);
}

TEST(Fidelity, CentralQueueMMcAtRho05) { check_central_mmc(4, 0.5, 2.0e6); }
TEST(Fidelity, CentralQueueMMcAtRho09) { check_central_mmc(4, 0.9, 6.0e6); }

// Control: the same four replicas behind random routing are four M/M/1
// queues at rho, so the central queue's formula must be rejected.
TEST(Fidelity, RandomlyRoutedReplicasAreSeparateMM1Queues) {
  const double rho = 0.9, lambda = rho * 4 * kMu;
  StationSetup setup = queue_setup("mm1x4-weighted", lambda, "exponential", 2.0e6);
  setup.replicas = 4;
  setup.routing = "weighted";
  const StationRun run = run_station(setup);
  const Interval ci = interval_of(waits_s(run.steady()));
  expect_agrees("random split Wq", ci, mm1_wait(lambda / 4, kMu));
  EXPECT_FALSE(ci.contains(mmc_wait(4, lambda, kMu)));
}

// ---- The tolerance machinery can fail -------------------------------------

// The same estimator, applied to the right data and a wrong theory, must
// reject it: M/M/1 waits against the M/D/1 formula (half the M/M/1 value) and
// M/D/1 waits against the M/M/1 formula (twice). If these passed, the
// intervals above would be too wide to mean anything.
TEST(Fidelity, WrongTheoryIsRejected) {
  const double lambda = 0.9 * kMu;
  const auto mm1 = run_station(queue_setup("wrong_mm1", lambda, "exponential", 1.0e6, 1, 7));
  const Interval exp_ci = interval_of(waits_s(mm1.steady()));
  print("M/M/1 Wq vs M/D/1 formula", exp_ci, md1_wait(lambda, kMu));
  EXPECT_FALSE(exp_ci.contains(md1_wait(lambda, kMu)));

  const auto md1 = run_station(queue_setup("wrong_md1", lambda, "deterministic", 1.0e6, 1, 7));
  const Interval det_ci = interval_of(waits_s(md1.steady()));
  print("M/D/1 Wq vs M/M/1 formula", det_ci, mm1_wait(lambda, kMu));
  EXPECT_FALSE(det_ci.contains(mm1_wait(lambda, kMu)));
}

// ---- Batching --------------------------------------------------------------

// Groups the finished queries (FIFO, one batch at a time, so finish times do
// not decrease with the id) into batches: (finish time, size).
std::vector<std::pair<std::int64_t, std::uint32_t>> batches_of(const std::vector<QueryTimes>& queries) {
  std::vector<std::pair<std::int64_t, std::uint32_t>> out;
  for (const auto& x : queries) {
    if (!x.finished()) continue;
    if (!out.empty() && out.back().first == x.finish_ns) {
      ++out.back().second;
    } else {
      out.emplace_back(x.finish_ns, 1);
    }
  }
  return out;
}

// A greedy batcher over an overloaded replica. Derivation: the server never
// idles after the first arrival t0 (the queue only grows: 2000/s arrive, at
// most 400/s leave), and a batch of b costs L(b) >= b L(B) / B of server time
// (the profile's per-query cost falls with b). So the N completed queries used
// N L(B) / B <= T of server time: N <= B T / L(B). Conversely, once a batch
// finds >= B queued, every later batch is full and back to back; only the
// start-up batches (before the queue reaches B, a few ms) and the batch cut off
// at T are lost, so N >= B T / L(B) - 2B. With T = 60 s that pins the
// throughput to within 0.07 %, and the lattice of finish times is exact.
TEST(Fidelity, GreedyBatchSaturationThroughput) {
  constexpr std::uint32_t kB = 8;
  constexpr double kLatencyB_ms = 20.0;
  StationSetup s;
  s.name = "saturation";
  s.rate = 2000;
  s.profile = nlohmann::json::parse("[[1, 5.0], [4, 12.0], [8, 20.0]]");
  s.variant_max_batch = kB;
  s.batcher = {{"kind", "greedy"}, {"max_batch", kB}};
  s.duration_s = 60;
  const StationRun run = run_station(s);

  const auto batches = batches_of(run.queries);
  std::uint64_t completed = 0;
  for (const auto& b : batches) completed += b.second;
  const double capacity = kB * s.duration_s / (kLatencyB_ms * 1e-3);  // B T / L(B)
  std::printf("[fidelity] saturation: completed %llu, B T / L(B) = %.0f, throughput %.3f/s vs %.3f/s, in flight %llu\n",
              static_cast<unsigned long long>(completed), capacity, completed / s.duration_s,
              capacity / s.duration_s, static_cast<unsigned long long>(run.in_flight));
  EXPECT_LE(static_cast<double>(completed), capacity);
  EXPECT_GE(static_cast<double>(completed), capacity - 2 * kB);
  EXPECT_EQ(run.arrived, completed + run.in_flight) << "with drop none, nothing else leaves";

  // After the first full batch: every batch is full and starts as the previous
  // one ends, so finish times are exactly L(B) apart.
  std::size_t first_full = 0;
  while (first_full < batches.size() && batches[first_full].second != kB) ++first_full;
  ASSERT_LT(first_full, 5u) << "the queue should fill within a few batches";
  std::size_t off_lattice = 0, partial = 0;
  for (std::size_t i = first_full + 1; i < batches.size(); ++i) {
    off_lattice += batches[i].first - batches[i - 1].first != 20'000'000;
    partial += batches[i].second != kB;
  }
  EXPECT_EQ(off_lattice, 0u);
  EXPECT_EQ(partial, 0u);
  // The batch running at T would have finished after T: the server was busy to the end.
  EXPECT_GT(batches.back().first + 20'000'000, static_cast<std::int64_t>(s.duration_s * 1e9));
}

// A timeout batcher at low load. With L(b) <= 4 ms < timeout = 5 ms and a
// batch of 32 all but impossible (Poisson(1) >= 31), the replica is always
// free by the time a head's timeout expires, so the run is a renewal process
// of cycles: a head arrives to an empty queue and waits exactly the timeout;
// the N ~ Poisson(lambda tau) queries arriving during its window wait
// uniformly less. Renewal-reward: mean wait = tau (1 + lambda tau / 2) / (1 + lambda tau),
// here 3.75 ms at lambda tau = 1; a fraction 1 / (1 + lambda tau) waits exactly tau.
TEST(Fidelity, TimeoutBatcherWaitAtLowLoad) {
  constexpr double kTau = 5e-3;
  StationSetup s;
  s.name = "timeout_low";
  s.rate = 200;
  s.profile = nlohmann::json::parse("[[1, 2.0], [32, 4.0]]");
  s.variant_max_batch = 32;
  s.batcher = {{"kind", "timeout"}, {"max_batch", 32}, {"timeout_ms", kTau * 1e3}};
  s.duration_s = horizon_for(1.0e6, s.rate);
  const StationRun run = run_station(s);
  const auto q = run.steady();
  const double x = s.rate * kTau;
  expect_agrees("timeout batcher mean wait", interval_of(waits_s(q)), kTau * (1 + x / 2) / (1 + x));
  std::vector<double> heads;
  heads.reserve(q.size());
  std::size_t longer = 0;
  for (const auto& t : q) {
    heads.push_back(t.wait_ns == 5'000'000 ? 1.0 : 0.0);
    longer += t.wait_ns > 5'000'000;
  }
  EXPECT_EQ(longer, 0u) << "no query may wait longer than the timeout here";
  expect_agrees("timeout: P(wait == tau)", interval_of(heads), 1 / (1 + x));
}

// The timeout batcher's exact rule, checked batch by batch. The replica serves
// one batch at a time in FIFO order, so the engine's batches are the runs of
// consecutive ids with one finish time, and a batch of k started at
// finish - L(k). With head i (arrived a_i) and the replica free since the
// previous batch's finish, the rule says the batch starts at
//   max(free, min(a_i + tau, a_{i+B-1}))
// (the timeout, or the moment B are queued, never before the replica is free)
// with min(B, queued at that moment) queries, and each waits start - a_j. An
// arrival at exactly the start time (other than the B-th, which triggers a
// fill) may go either way, as event order decides (the engine's wake-up was
// scheduled first, so such an arrival waits for the next batch): for those
// only min(B, #a_j < start) <= k <= min(B, #a_j <= start) is asserted. The load is
// set so that batches fill, time out, and find the replica busy, thousands of
// times each; every check is to the nanosecond.
TEST(Fidelity, TimeoutBatcherMatchesExactRule) {
  constexpr std::uint32_t kB = 8;
  constexpr std::int64_t kTauNs = 5'000'000;
  StationSetup s;
  s.name = "timeout_exact";
  s.rate = 1500;
  s.profile = nlohmann::json::parse("[[1, 2.0], [8, 4.0]]");
  s.variant_max_batch = kB;
  s.batcher = {{"kind", "timeout"}, {"max_batch", kB}, {"timeout_ms", 5}};
  s.duration_s = 200;
  const StationRun run = run_station(s);
  const auto q = run.steady(0.0, 0.95);
  // The profile's linear interpolation, rounded to the nanosecond as the engine does.
  std::vector<std::int64_t> latency_ns(kB + 1);
  for (std::uint32_t b = 1; b <= kB; ++b) {
    const double f = static_cast<double>(b - 1) / (kB - 1);
    latency_ns[b] = std::llround((2.0 + f * (4.0 - 2.0)) * 1e6);
  }

  std::size_t batches = 0, bad_start = 0, bad_size = 0, bad_wait = 0;
  std::size_t filled = 0, timed_out = 0, busy = 0, ties = 0;
  std::int64_t free_at = 0;
  for (std::size_t i = 0; i < q.size();) {
    std::size_t end = i;
    while (end < q.size() && q[end].finish_ns == q[i].finish_ns) ++end;
    if (end == q.size()) break;  // the last batch may hold queries beyond the sample
    const auto k = static_cast<std::uint32_t>(end - i);
    ASSERT_LE(k, kB);
    const std::int64_t start = q[i].finish_ns - latency_ns[k];
    std::int64_t trigger = q[i].arrival_ns + kTauNs;
    if (i + kB - 1 < q.size()) trigger = std::min(trigger, q[i + kB - 1].arrival_ns);
    bad_start += start != std::max(free_at, trigger);
    std::size_t before = 0, at_or_before = 0;
    for (std::size_t j = i; j < q.size() && q[j].arrival_ns <= start && at_or_before < kB + 1; ++j) {
      before += q[j].arrival_ns < start;
      ++at_or_before;
    }
    // The B-th arrival triggers a fill and is always in it; any other arrival
    // at exactly the start time is a genuine tie.
    const bool fill = i + kB - 1 < q.size() && start == q[i + kB - 1].arrival_ns;
    const bool tie = before != at_or_before && !fill;
    const std::size_t low = std::min<std::size_t>(kB, tie ? before : at_or_before);
    bad_size += k < low || k > std::min<std::size_t>(kB, at_or_before);
    ties += tie;
    for (std::size_t j = i; j < end; ++j) bad_wait += q[j].wait_ns != start - q[j].arrival_ns;
    ++batches;
    filled += k == kB;
    timed_out += k < kB && start == q[i].arrival_ns + kTauNs;
    busy += free_at > trigger;
    free_at = q[i].finish_ns;
    i = end;
  }
  std::printf("[fidelity] timeout exact rule: %zu batches: %zu full, %zu timed out, %zu waited for a busy replica, "
              "%zu arrival/start ties\n", batches, filled, timed_out, busy, ties);
  EXPECT_EQ(bad_start, 0u);
  EXPECT_EQ(bad_size, 0u);
  EXPECT_EQ(bad_wait, 0u);
  EXPECT_GT(batches * kB, q.size() / 2) << "the batches must cover the sample";
  EXPECT_GT(filled, 1000u) << "the test should exercise full batches";
  EXPECT_GT(timed_out, 1000u) << "the test should exercise the timeout";
  EXPECT_GT(busy, 1000u) << "the test should exercise a busy replica at the trigger";
}

}  // namespace
}  // namespace servesim::fidelity
