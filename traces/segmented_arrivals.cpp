#include "traces/segmented_arrivals.hpp"

#include <stdexcept>
#include <string>

namespace servesim {
namespace {

// A cycle is dead when every child ran dry without an arrival (an all-zero
// rate file, say); only finite children can do that, so a sparse Poisson
// child never ends the stream however long it stays quiet.
constexpr int kMaxEmptyCycles = 1000;

class SegmentedStream : public ArrivalStream {
 public:
  // Holds its own copy of the segments (and so of the child specs), so the
  // stream stays valid even if the spec goes away first.
  SegmentedStream(std::vector<Segment> segments, bool repeat, std::uint64_t seed, std::string name)
      : segments_(std::move(segments)), repeat_(repeat), seed_(seed), name_(std::move(name)) {
    open_current();
  }

  std::optional<Arrival> next() override {
    while (child_) {
      std::optional<Arrival> a = child_->next();
      if (a && a->time - SimTime::zero() < end_ - start_) {
        a->time = start_ + (a->time - SimTime::zero());
        produced_in_cycle_ = true;
        return a;
      }
      if (a) live_in_cycle_ = true;  // cut at the segment end, not run dry
      advance();
    }
    return std::nullopt;
  }

 private:
  void open_current() {
    const Segment& seg = segments_[index_];
    end_ = start_ + seg.duration;
    if (end_.is_never()) {  // past the 292-year range of SimTime
      child_.reset();
      return;
    }
    const std::string child_name = name_ + "/segment" + std::to_string(index_) + "/cycle" + std::to_string(cycle_);
    child_ = seg.workload->open(seed_, child_name);
  }

  void advance() {
    child_.reset();
    start_ = end_;
    if (++index_ == segments_.size()) {
      if (!repeat_) return;
      empty_cycles_ = produced_in_cycle_ || live_in_cycle_ ? 0 : empty_cycles_ + 1;
      if (empty_cycles_ >= kMaxEmptyCycles) return;
      produced_in_cycle_ = live_in_cycle_ = false;
      index_ = 0;
      ++cycle_;
    }
    open_current();
  }

  std::vector<Segment> segments_;
  bool repeat_;
  std::uint64_t seed_;
  std::string name_;
  std::unique_ptr<ArrivalStream> child_;
  std::size_t index_ = 0;
  std::uint64_t cycle_ = 0;
  SimTime start_ = SimTime::zero();
  SimTime end_ = SimTime::zero();
  bool produced_in_cycle_ = false;
  bool live_in_cycle_ = false;
  int empty_cycles_ = 0;
};

}  // namespace

SegmentedArrivals::SegmentedArrivals(std::vector<Segment> segments, bool repeat)
    : segments_(std::move(segments)), repeat_(repeat) {
  if (segments_.empty()) throw std::invalid_argument("at least one segment is needed");
  for (const Segment& s : segments_) {
    if (s.duration <= Duration::zero() || s.duration.is_infinite()) throw std::invalid_argument("segment duration must be > 0");
    if (!s.workload) throw std::invalid_argument("segment has no workload");
  }
}

std::unique_ptr<ArrivalStream> SegmentedArrivals::open(std::uint64_t seed, const std::string& name) const {
  return std::make_unique<SegmentedStream>(segments_, repeat_, seed, name);
}

}  // namespace servesim
