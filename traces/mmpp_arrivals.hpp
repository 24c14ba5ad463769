#pragma once
// Markov-modulated Poisson process: a continuous-time Markov chain over n
// states switches the Poisson rate. It reproduces bursty load with a known
// mean, state occupancy and burst length, the usual fitted model of web and
// Twitter traffic.
#include <cstddef>
#include <memory>
#include <optional>
#include <vector>

#include "sim/core/random_stream.hpp"
#include "traces/arrival_stream.hpp"

namespace servesim {

using RateMatrix = std::vector<std::vector<double>>;

// The modulating chain alone (exposed so tests can measure occupancy).
class MarkovModulator {
 public:
  // generator: a validated Q matrix (rows sum to 0). The first sojourn starts at start_s.
  MarkovModulator(RateMatrix generator, std::size_t initial_state, double start_s, RandomStream rng);
  std::size_t state() const { return state_; }
  // When the chain leaves the current state (infinity if it never does).
  double next_switch_s() const { return next_switch_s_; }
  // Moves to next_switch_s() and into the next state.
  void jump();

 private:
  void draw_sojourn(double from_s);

  RateMatrix q_;
  std::size_t state_;
  double next_switch_s_ = 0;
  RandomStream rng_;
};

class MmppArrivals : public WorkloadSpec {
 public:
  // rates[i] >= 0 is the Poisson rate (per second) in state i, at least one > 0.
  // generator[i][j] >= 0 (i != j) is the jump rate from i to j; rows must sum
  // to 0 (the diagonal is recomputed exactly from the off-diagonal). The chain
  // must be irreducible, so every state is visited and the stationary
  // distribution is unique. initial_state: nullopt draws the first state from
  // the stationary distribution, so the process is stationary from time 0.
  // Throws std::invalid_argument on any violation.
  MmppArrivals(std::vector<double> rates, RateMatrix generator, std::optional<std::size_t> initial_state = {});

  // The chain given by mean sojourn times (seconds) and jump probabilities:
  // transitions[i][j] is the probability that a jump from i goes to j
  // (diagonal 0, rows sum to 1); empty means "any other state, uniformly".
  static std::shared_ptr<MmppArrivals> from_sojourns(std::vector<double> rates, const std::vector<double>& mean_sojourn_s,
                                                     const RateMatrix& transitions = {},
                                                     std::optional<std::size_t> initial_state = {});

  const std::vector<double>& rates() const { return rates_; }
  const RateMatrix& generator() const { return q_; }
  const std::vector<double>& stationary() const { return stationary_; }
  double mean_rate() const;

  // Draws the initial state from (seed, name + "/initial"), the chain from
  // name + "/states" and the arrivals from name + "/arrivals".
  std::unique_ptr<ArrivalStream> open(std::uint64_t seed, const std::string& name) const override;

 private:
  std::vector<double> rates_;
  RateMatrix q_;
  std::optional<std::size_t> initial_state_;
  std::vector<double> stationary_;
};

// pi with pi Q = 0 and sum(pi) = 1 for an irreducible generator.
std::vector<double> stationary_distribution(const RateMatrix& generator);

}  // namespace servesim
