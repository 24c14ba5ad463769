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

constexpr std::int64_t kNanosPerSecond = 1'000'000'000;

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

// The workload a thinned history replays: its entry's arrivals, selected.
// It keeps both histories alive, since its streams read their counts.
class SelectedArrivals final : public WorkloadSpec {
 public:
  SelectedArrivals(std::shared_ptr<const ArrivalHistory> entry, std::shared_ptr<const std::vector<std::uint32_t>> kept)
      : entry_(std::move(entry)), kept_(std::move(kept)) {}
  std::unique_ptr<ArrivalStream> open(std::uint64_t seed, const std::string& name) const override {
    return std::make_unique<SelectedStream>(entry_->arrivals(), entry_->per_second(), *kept_,
                                            RandomStream(seed, name + "/which"));
  }

 private:
  std::shared_ptr<const ArrivalHistory> entry_;
  std::shared_ptr<const std::vector<std::uint32_t>> kept_;
};

}  // namespace

std::shared_ptr<const ArrivalHistory> ArrivalHistory::thinned(std::shared_ptr<const ArrivalHistory> entry, double keep,
                                                              std::uint64_t seed, const std::string& stream_name) {
  RandomStream rng(seed, stream_name + "/counts");
  auto kept = std::make_shared<std::vector<std::uint32_t>>();
  kept->reserve(entry->per_second().size());
  for (const std::uint32_t n : entry->per_second()) {
    // Boost's binomial takes a signed count; a second holds far fewer than 2^31.
    if (n > static_cast<std::uint32_t>(std::numeric_limits<int>::max())) {
      throw InvariantError(stream_name + ": more than 2^31 arrivals in one second of the history");
    }
    const int k = boost::random::binomial_distribution<int, double>(static_cast<int>(n), keep)(rng);
    kept->push_back(static_cast<std::uint32_t>(k));
  }
  const Duration length = entry->length();
  std::vector<std::uint32_t> counts = *kept;
  auto spec = std::make_shared<const SelectedArrivals>(std::move(entry), std::move(kept));
  return std::shared_ptr<const ArrivalHistory>(
      new ArrivalHistory(std::move(spec), seed, stream_name, length, std::move(counts)));
}

ArrivalHistory::ArrivalHistory(std::shared_ptr<const WorkloadSpec> workload, std::uint64_t seed,
                               std::string stream_name, Duration length, std::vector<std::uint32_t> per_second)
    : workload_(std::move(workload)),
      seed_(seed),
      stream_name_(std::move(stream_name)),
      length_(length),
      per_second_(std::move(per_second)) {
  for (const std::uint32_t n : per_second_) total_ += n;
}

ArrivalHistory::ArrivalHistory(std::shared_ptr<const WorkloadSpec> workload, std::uint64_t seed,
                               std::string stream_name, Duration length)
    : workload_(std::move(workload)), seed_(seed), stream_name_(std::move(stream_name)), length_(length) {
  per_second_.assign(static_cast<std::size_t>((length_.ns + kNanosPerSecond - 1) / kNanosPerSecond), 0);
  std::vector<SimTime> ring(kKeptTail);
  const std::unique_ptr<ArrivalStream> stream = arrivals();
  while (const std::optional<Arrival> arrival = stream->next()) {
    ring[total_ % kKeptTail] = arrival->time;
    if (arrival->time < SimTime::zero()) throw InvariantError(stream_name_ + " produced an arrival before its start");
    std::uint32_t& count = per_second_[static_cast<std::size_t>(arrival->time.ns / kNanosPerSecond)];
    if (count == std::numeric_limits<std::uint32_t>::max()) {
      throw InputError(stream_name_, "more than 4294967295 arrivals in one second of the history");
    }
    ++count;
    if (++total_ > kMaxHistoryArrivals) {  // the rate x duration the estimate at load missed
      throw InputError(stream_name_, "more than " + std::to_string(kMaxHistoryArrivals) +
                                         " arrivals in the history (docs/scenario.md, \"Limits\"): lower its rate or "
                                         "its duration_s");
    }
  }
  const std::size_t kept = static_cast<std::size_t>(std::min<std::uint64_t>(total_, kKeptTail));
  tail_.reserve(kept);
  for (std::uint64_t i = total_ - kept; i < total_; ++i) tail_.push_back(ring[i % kKeptTail]);
}

std::vector<SimTime> ArrivalHistory::last(std::size_t count) const {
  const std::size_t wanted = static_cast<std::size_t>(std::min<std::uint64_t>(count, total_));
  if (wanted <= tail_.size()) return {tail_.end() - static_cast<std::ptrdiff_t>(wanted), tail_.end()};
  std::vector<SimTime> out;
  out.reserve(wanted);
  const std::uint64_t skip = total_ - wanted;
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
