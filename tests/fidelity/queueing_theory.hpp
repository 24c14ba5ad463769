#pragma once
// Closed forms of the textbook single-station queues the engine must reproduce.
// Rates are per second, times in seconds; mu is one server's service rate.
#include <stdexcept>

namespace servesim::fidelity {

// M/M/1: mean wait in queue and mean time in system.
inline double mm1_wait(double lambda, double mu) { return lambda / mu / (mu - lambda); }
inline double mm1_sojourn(double lambda, double mu) { return 1.0 / (mu - lambda); }

// M/D/1 (Pollaczek-Khinchine with zero service variance).
inline double md1_wait(double lambda, double mu) {
  const double rho = lambda / mu;
  return rho / (2 * mu * (1 - rho));
}

// Erlang C: probability that an arrival to an M/M/c queue with offered load
// a = lambda / mu waits. Built from the Erlang B recurrence
// B(0) = 1, B(k) = a B(k-1) / (k + a B(k-1)), which never forms a^c or c!.
inline double erlang_c(unsigned c, double a) {
  if (a >= c) throw std::invalid_argument("erlang_c: unstable (a >= c)");
  double b = 1;
  for (unsigned k = 1; k <= c; ++k) b = a * b / (k + a * b);
  return c * b / (c - a * (1 - b));
}

inline double mmc_wait(unsigned c, double lambda, double mu) {
  return erlang_c(c, lambda / mu) / (c * mu - lambda);
}

}  // namespace servesim::fidelity
