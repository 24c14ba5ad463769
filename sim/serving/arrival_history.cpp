#include "sim/serving/arrival_history.hpp"

#include <algorithm>
#include <boost/random/binomial_distribution.hpp>
#include <limits>
#include <utility>

#include "sim/core/input_error.hpp"
#include "sim/core/input_limits.hpp"
#include "sim/core/random_stream.hpp"

namespace servesim {
namespace {

// The workload's stream, cut at the history's end.
class HistoryStream final : public ArrivalStream {
 public:
  HistoryStream(std::unique_ptr<ArrivalStream> inner, SimTime end) : inner_(std::move(inner)), end_(end) {}
  std::optional<Arrival> next() override {
    if (done_) return std::nullopt;
    std::optional<Arrival> arrival = inner_->next();
    if (!arrival || arrival->time >= end_) {
      done_ = true;
      return std::nullopt;
    }
    return arrival;
  }

 private:
  std::unique_ptr<ArrivalStream> inner_;
  SimTime end_;
  bool done_ = false;
};

// Replays a history's arrivals, keeping in each second `kept[k]` of its
// `all[k]`: each arrival with the chance (still to keep) / (still to come).
class SelectedStream final : public ArrivalStream {
 public:
  SelectedStream(std::unique_ptr<ArrivalStream> entry, const std::vector<std::uint32_t>& all,
                 const std::vector<std::uint32_t>& kept, RandomStream rng)
      : entry_(std::move(entry)), all_(all), kept_(kept), rng_(rng) {}
  std::optional<Arrival> next() override {
    while (std::optional<Arrival> arrival = entry_->next()) {
      const auto k = static_cast<std::size_t>(arrival->time.ns / kNanosPerSecond);
      if (k != second_) start_second(k);
      const bool keep = rng_.below(to_come_) < to_keep_;
      --to_come_;
      if (!keep) continue;
      --to_keep_;
      return arrival;
    }
    return std::nullopt;
  }

 private:
  void start_second(std::size_t k) {
    second_ = k;
    to_come_ = all_.at(k);
    to_keep_ = kept_.at(k);
  }

  std::unique_ptr<ArrivalStream> entry_;
  const std::vector<std::uint32_t>& all_;
  const std::vector<std::uint32_t>& kept_;
  RandomStream rng_;
  std::size_t second_ = std::numeric_limits<std::size_t>::max();
  std::uint64_t to_come_ = 0, to_keep_ = 0;
};

// The workload a thinned history replays: its entry's arrivals, selected to
// the thinned counts. It keeps the entry alive, since its streams read its
// counts; `kept` is the thinned history itself, which owns this workload.
class SelectedArrivals final : public WorkloadSpec {
 public:
  SelectedArrivals(std::shared_ptr<const ArrivalHistory> entry, const ArrivalHistory* kept)
      : entry_(std::move(entry)), kept_(kept) {}
  std::unique_ptr<ArrivalStream> open(std::uint64_t seed, const std::string& name) const override {
    return std::make_unique<SelectedStream>(entry_->arrivals(), entry_->per_second(), kept_->per_second(),
                                            RandomStream(seed, name + "/which"));
  }

 private:
  std::shared_ptr<const ArrivalHistory> entry_;
  const ArrivalHistory* kept_;
};

}  // namespace

std::shared_ptr<const ArrivalHistory> ArrivalHistory::thinned(std::shared_ptr<const ArrivalHistory> entry, double keep,
                                                              std::uint64_t seed, const std::string& stream_name) {
  // The counts are drawn on first use, from the entry's (drawn then too).
  Draw draw = [entry, keep, seed, stream_name](const ArrivalHistory&) {
    RandomStream rng(seed, stream_name + "/counts");
    Counts counts;
    counts.per_second.reserve(entry->per_second().size());
    for (const std::uint32_t n : entry->per_second()) {
      // Boost's binomial takes a signed count; a second holds far fewer than 2^31.
      if (n > static_cast<std::uint32_t>(std::numeric_limits<int>::max())) {
        throw InvariantError(stream_name + ": more than 2^31 arrivals in one second of the history");
      }
      const int k = boost::random::binomial_distribution<int, double>(static_cast<int>(n), keep)(rng);
      counts.per_second.push_back(static_cast<std::uint32_t>(k));
      counts.total += static_cast<std::uint32_t>(k);
    }
    return counts;
  };
  const Duration length = entry->length();
  std::shared_ptr<ArrivalHistory> history(
      new ArrivalHistory(nullptr, seed, stream_name, length, "", std::move(draw)));
  history->workload_ = std::make_shared<const SelectedArrivals>(std::move(entry), history.get());
  return history;
}

ArrivalHistory::ArrivalHistory(std::shared_ptr<const WorkloadSpec> workload, std::uint64_t seed,
                               std::string stream_name, Duration length, std::string where, Draw draw)
    : workload_(std::move(workload)),
      seed_(seed),
      stream_name_(std::move(stream_name)),
      length_(length),
      where_(std::move(where)),
      draw_(std::move(draw)) {}

ArrivalHistory::ArrivalHistory(std::shared_ptr<const WorkloadSpec> workload, std::uint64_t seed,
                               std::string stream_name, Duration length, std::string where)
    : ArrivalHistory(std::move(workload), seed, std::move(stream_name), length, std::move(where),
                     [](const ArrivalHistory& self) { return self.draw_from_workload(); }) {}

const ArrivalHistory::Counts& ArrivalHistory::counts() const {
  // A throw leaves the flag unset: the next caller meets the same error.
  std::call_once(drawn_, [this] {
    try {
      counts_ = draw_(*this);
    } catch (const InputError& e) {
      if (where_.empty()) throw;
      throw InputError(where_, e.what());
    }
  });
  return counts_;
}

ArrivalHistory::Counts ArrivalHistory::draw_from_workload() const {
  Counts c;
  c.per_second.assign(static_cast<std::size_t>((length_.ns + kNanosPerSecond - 1) / kNanosPerSecond), 0);
  std::vector<SimTime> ring(kKeptTail);
  const std::unique_ptr<ArrivalStream> stream = arrivals();
  while (const std::optional<Arrival> arrival = stream->next()) {
    ring[c.total % kKeptTail] = arrival->time;
    if (arrival->time < SimTime::zero()) throw InvariantError(stream_name_ + " produced an arrival before its start");
    std::uint32_t& count = c.per_second[static_cast<std::size_t>(arrival->time.ns / kNanosPerSecond)];
    if (count == std::numeric_limits<std::uint32_t>::max()) {
      throw InputError(stream_name_, "more than 4294967295 arrivals in one second of the history");
    }
    ++count;
    if (++c.total > kMaxHistoryArrivals) {  // the rate x duration the estimate at load missed
      throw InputError(stream_name_, "more than " + std::to_string(kMaxHistoryArrivals) +
                                         " arrivals in the history (docs/scenario.md, \"Limits\"): lower its rate or "
                                         "its duration_s");
    }
  }
  const std::size_t kept = static_cast<std::size_t>(std::min<std::uint64_t>(c.total, kKeptTail));
  c.tail.reserve(kept);
  for (std::uint64_t i = c.total - kept; i < c.total; ++i) c.tail.push_back(ring[i % kKeptTail]);
  return c;
}

std::vector<SimTime> ArrivalHistory::last(std::size_t count) const {
  const Counts& c = counts();
  const std::size_t wanted = static_cast<std::size_t>(std::min<std::uint64_t>(count, c.total));
  if (wanted <= c.tail.size()) return {c.tail.end() - static_cast<std::ptrdiff_t>(wanted), c.tail.end()};
  std::vector<SimTime> out;
  out.reserve(wanted);
  const std::uint64_t skip = c.total - wanted;
  std::uint64_t seen = 0;
  const auto stream = arrivals();
  while (const auto arrival = stream->next()) {
    if (seen++ >= skip) out.push_back(arrival->time);
  }
  return out;
}

std::unique_ptr<ArrivalStream> ArrivalHistory::arrivals() const {
  return std::make_unique<HistoryStream>(workload_->open(seed_, stream_name_), SimTime::zero() + length_);
}

}  // namespace servesim
