#pragma once
// A workload that runs a sequence of child workloads back to back, each for a
// fixed duration: flat / burst / flat experiments, or (with repeat) a cycle of
// them. Each segment opens its child afresh at the segment start, so a child's
// time 0 is the segment start and whatever it would produce after the segment
// end is cut.
#include <memory>
#include <vector>

#include "sim/core/time.hpp"
#include "traces/arrival_stream.hpp"

namespace servesim {

struct Segment {
  Duration duration;
  std::shared_ptr<const WorkloadSpec> workload;
};

class SegmentedArrivals : public WorkloadSpec {
 public:
  // Throws std::invalid_argument on an empty list, a duration <= 0 or a null workload.
  SegmentedArrivals(std::vector<Segment> segments, bool repeat);
  // Segment i of cycle c is opened with name + "/segment<i>/cycle<c>", so every
  // segment and every repetition draws its own numbers. Without repeat the
  // stream ends with the last segment. With repeat, 1000 cycles in a row in
  // which every child ran dry without an arrival (all-zero rate files, say)
  // end the stream rather than spinning forever.
  std::unique_ptr<ArrivalStream> open(std::uint64_t seed, const std::string& name) const override;

  const std::vector<Segment>& segments() const { return segments_; }
  bool repeat() const { return repeat_; }

 private:
  std::vector<Segment> segments_;
  bool repeat_;
};

}  // namespace servesim
