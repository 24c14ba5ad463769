#include "sim/serving/arrival_history.hpp"

#include <limits>
#include <utility>

#include "sim/core/input_error.hpp"

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

}  // namespace

ArrivalHistory::ArrivalHistory(std::shared_ptr<const WorkloadSpec> workload, std::uint64_t seed,
                               std::string stream_name, Duration length)
    : workload_(std::move(workload)), seed_(seed), stream_name_(std::move(stream_name)), length_(length) {
  per_second_.assign(static_cast<std::size_t>((length_.ns + kNanosPerSecond - 1) / kNanosPerSecond), 0);
  const std::unique_ptr<ArrivalStream> stream = arrivals();
  while (const std::optional<Arrival> arrival = stream->next()) {
    if (arrival->time < SimTime::zero()) throw InvariantError(stream_name_ + " produced an arrival before its start");
    std::uint32_t& count = per_second_[static_cast<std::size_t>(arrival->time.ns / kNanosPerSecond)];
    if (count == std::numeric_limits<std::uint32_t>::max()) {
      throw InputError(stream_name_, "more than 4294967295 arrivals in one second of the history");
    }
    ++count;
    ++total_;
  }
}

std::unique_ptr<ArrivalStream> ArrivalHistory::arrivals() const {
  return std::make_unique<HistoryStream>(workload_->open(seed_, stream_name_), SimTime::zero() + length_);
}

}  // namespace servesim
