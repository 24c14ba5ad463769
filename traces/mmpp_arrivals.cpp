#include "traces/mmpp_arrivals.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace servesim {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Checks shape and signs and rewrites the diagonal as minus the row's exit
// rate, so rounding in a user's matrix cannot leak probability.
RateMatrix normalized_generator(RateMatrix q, std::size_t n) {
  if (q.size() != n) throw std::invalid_argument("generator must be " + std::to_string(n) + " x " + std::to_string(n));
  for (std::size_t i = 0; i < n; ++i) {
    if (q[i].size() != n) throw std::invalid_argument("generator row " + std::to_string(i) + " must have " + std::to_string(n) + " entries");
    double exit = 0, scale = std::abs(q[i][i]);
    for (std::size_t j = 0; j < n; ++j) {
      if (!std::isfinite(q[i][j])) throw std::invalid_argument("generator entries must be finite");
      if (j == i) continue;
      if (q[i][j] < 0) throw std::invalid_argument("generator off-diagonal entries must be >= 0");
      exit += q[i][j];
      scale = std::max(scale, q[i][j]);
    }
    if (std::abs(q[i][i] + exit) > 1e-9 * std::max(1.0, scale)) {
      throw std::invalid_argument("generator row " + std::to_string(i) + " must sum to 0");
    }
    q[i][i] = -exit;
  }
  return q;
}

bool irreducible(const RateMatrix& q) {
  const std::size_t n = q.size();
  for (std::size_t from = 0; from < n; ++from) {
    std::vector<bool> seen(n, false);
    std::vector<std::size_t> todo{from};
    seen[from] = true;
    while (!todo.empty()) {
      const std::size_t i = todo.back();
      todo.pop_back();
      for (std::size_t j = 0; j < n; ++j) {
        if (!seen[j] && q[i][j] > 0) seen[j] = true, todo.push_back(j);
      }
    }
    if (std::find(seen.begin(), seen.end(), false) != seen.end()) return false;
  }
  return true;
}

// Solves a x = b in place by Gaussian elimination with partial pivoting;
// n is the number of states, a handful, so nothing fancier is needed.
std::vector<double> solve(RateMatrix a, std::vector<double> b) {
  const std::size_t n = b.size();
  for (std::size_t col = 0; col < n; ++col) {
    std::size_t pivot = col;
    for (std::size_t r = col + 1; r < n; ++r) {
      if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
    }
    if (std::abs(a[pivot][col]) < 1e-300) throw std::invalid_argument("singular generator");
    std::swap(a[col], a[pivot]);
    std::swap(b[col], b[pivot]);
    for (std::size_t r = col + 1; r < n; ++r) {
      const double f = a[r][col] / a[col][col];
      for (std::size_t c = col; c < n; ++c) a[r][c] -= f * a[col][c];
      b[r] -= f * b[col];
    }
  }
  std::vector<double> x(n);
  for (std::size_t r = n; r-- > 0;) {
    double s = b[r];
    for (std::size_t c = r + 1; c < n; ++c) s -= a[r][c] * x[c];
    x[r] = s / a[r][r];
  }
  return x;
}

// Jump probabilities from state i when none are given: any other state alike.
std::vector<double> uniform_jumps(std::size_t n, std::size_t i) {
  std::vector<double> p(n, 1.0 / static_cast<double>(n - 1));
  p[i] = 0;
  return p;
}

void check_jump_row(const std::vector<double>& p, std::size_t n, std::size_t i) {
  const std::string row = "transitions row " + std::to_string(i);
  if (p.size() != n) throw std::invalid_argument(row + " must have " + std::to_string(n) + " entries");
  double sum = 0;
  for (double x : p) {
    if (!(std::isfinite(x) && x >= 0 && x <= 1)) throw std::invalid_argument(row + ": probabilities must be in [0, 1]");
    sum += x;
  }
  if (p[i] != 0) throw std::invalid_argument(row + ": the diagonal must be 0 (a self-jump is a longer sojourn)");
  if (std::abs(sum - 1.0) > 1e-9) throw std::invalid_argument(row + " must sum to 1");
}

std::size_t draw_index(const std::vector<double>& weights, RandomStream& rng) {
  double total = 0;
  for (double w : weights) total += w;
  double u = rng.uniform01() * total;
  std::size_t last_positive = 0;
  for (std::size_t i = 0; i < weights.size(); ++i) {
    if (weights[i] <= 0) continue;
    last_positive = i;
    if (u < weights[i]) return i;
    u -= weights[i];
  }
  return last_positive;  // rounding left u just above the last weight
}

class MmppStream : public ArrivalStream {
 public:
  MmppStream(std::vector<double> rates, MarkovModulator chain, RandomStream rng)
      : rates_(std::move(rates)), chain_(std::move(chain)), rng_(rng) {}

  std::optional<Arrival> next() override {
    while (true) {
      // Poisson gaps are memoryless, so a gap cut short by a switch is simply
      // redrawn at the new state's rate.
      const double rate = rates_[chain_.state()];
      const double candidate = rate > 0 ? now_s_ + rng_.exponential(1.0 / rate) : kInfinity;
      if (candidate < chain_.next_switch_s()) {
        now_s_ = candidate;
        return Arrival{at_seconds(now_s_)};
      }
      // Past the longest run any scenario may ask for, nothing is ever used:
      // stop, so a chain that rarely reaches a busy state cannot walk forever.
      if (std::isinf(chain_.next_switch_s()) || chain_.next_switch_s() > kMaxTimeSpanS) return std::nullopt;
      now_s_ = chain_.next_switch_s();
      chain_.jump();
    }
  }

 private:
  std::vector<double> rates_;
  MarkovModulator chain_;
  RandomStream rng_;
  double now_s_ = 0;
};

}  // namespace

MarkovModulator::MarkovModulator(RateMatrix generator, std::size_t initial_state, double start_s, RandomStream rng)
    : q_(std::move(generator)), state_(initial_state), rng_(rng) {
  draw_sojourn(start_s);
}

void MarkovModulator::draw_sojourn(double from_s) {
  const double exit = -q_[state_][state_];
  // At least 1 ns per sojourn: a switch that does not move the clock would
  // let the stream jump forever at one instant.
  next_switch_s_ = exit > 0 ? from_s + std::max(1e-9, rng_.exponential(1.0 / exit)) : kInfinity;
}

void MarkovModulator::jump() {
  std::vector<double> out = q_[state_];
  out[state_] = 0;
  state_ = draw_index(out, rng_);
  draw_sojourn(next_switch_s_);
}

std::vector<double> stationary_distribution(const RateMatrix& q) {
  const std::size_t n = q.size();
  if (!irreducible(q)) throw std::invalid_argument("the chain must be irreducible (every state reachable from every other)");
  // pi Q = 0 is Q^T pi^T = 0; one equation is redundant, so replace it with sum(pi) = 1.
  RateMatrix a(n, std::vector<double>(n));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < n; ++j) a[i][j] = q[j][i];
  }
  std::fill(a[n - 1].begin(), a[n - 1].end(), 1.0);
  std::vector<double> b(n, 0.0);
  b[n - 1] = 1.0;
  std::vector<double> pi = solve(std::move(a), std::move(b));
  double total = 0;
  for (double& p : pi) total += (p = std::max(0.0, p));
  for (double& p : pi) p /= total;
  return pi;
}

MmppArrivals::MmppArrivals(std::vector<double> rates, RateMatrix generator, std::optional<std::size_t> initial_state)
    : rates_(std::move(rates)), initial_state_(initial_state) {
  if (rates_.empty()) throw std::invalid_argument("an MMPP needs at least one state");
  bool any_positive = false;
  for (double r : rates_) {
    if (!(std::isfinite(r) && r >= 0)) throw std::invalid_argument("state rates must be >= 0");
    any_positive = any_positive || r > 0;
  }
  if (!any_positive) throw std::invalid_argument("at least one state must have a rate > 0");
  q_ = normalized_generator(std::move(generator), rates_.size());
  if (initial_state_ && *initial_state_ >= rates_.size()) {
    throw std::invalid_argument("initial state must be below " + std::to_string(rates_.size()));
  }
  stationary_ = stationary_distribution(q_);
}

std::shared_ptr<MmppArrivals> MmppArrivals::from_sojourns(std::vector<double> rates,
                                                          const std::vector<double>& mean_sojourn_s,
                                                          const RateMatrix& transitions,
                                                          std::optional<std::size_t> initial_state) {
  const std::size_t n = rates.size();
  if (mean_sojourn_s.size() != n) throw std::invalid_argument("one mean sojourn per state");
  if (!transitions.empty() && transitions.size() != n) throw std::invalid_argument("transitions must be n x n");
  RateMatrix q(n, std::vector<double>(n, 0.0));
  for (std::size_t i = 0; i < n; ++i) {
    const double s = mean_sojourn_s[i];
    if (!(std::isfinite(s) && s > 0)) throw std::invalid_argument("mean sojourn must be > 0");
    if (n == 1) break;  // a single state never leaves
    const std::vector<double> p = transitions.empty() ? uniform_jumps(n, i) : transitions[i];
    check_jump_row(p, n, i);
    for (std::size_t j = 0; j < n; ++j) q[i][j] = j == i ? -1.0 / s : p[j] / s;
  }
  return std::make_shared<MmppArrivals>(std::move(rates), std::move(q), initial_state);
}

double MmppArrivals::mean_rate() const {
  double mean = 0;
  for (std::size_t i = 0; i < rates_.size(); ++i) mean += stationary_[i] * rates_[i];
  return mean;
}

std::unique_ptr<ArrivalStream> MmppArrivals::open(std::uint64_t seed, const std::string& name) const {
  std::size_t first = 0;
  if (initial_state_) {
    first = *initial_state_;
  } else {
    RandomStream initial(seed, name + "/initial");
    first = draw_index(stationary_, initial);
  }
  MarkovModulator chain(q_, first, 0.0, RandomStream(seed, name + "/states"));
  return std::make_unique<MmppStream>(rates_, std::move(chain), RandomStream(seed, name + "/arrivals"));
}

}  // namespace servesim
