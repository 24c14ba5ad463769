#pragma once
// A time-varying arrival rate, produced lazily as pieces on which the rate is
// linear in time. Long traces become schedules read from a file piece by
// piece, so no schedule ever holds a whole trace in memory.
#include <cstddef>
#include <optional>
#include <vector>

#include "sim/core/time.hpp"

namespace servesim {

// On [start, end) the rate goes linearly from rate_at_start to rate_at_end
// (arrivals per second, both >= 0). end may be SimTime::never() when the rate
// is constant forever (then rate_at_end must equal rate_at_start).
struct RatePiece {
  SimTime start;
  SimTime end;
  double rate_at_start = 0;
  double rate_at_end = 0;

  static RatePiece constant(SimTime start, SimTime end, double rate) { return {start, end, rate, rate}; }
};

class RateSchedule {
 public:
  virtual ~RateSchedule() = default;
  // The next piece, or nullopt once the schedule has ended (rate 0 from then
  // on). Pieces come in time order and do not overlap; a hole between two
  // pieces counts as rate 0.
  virtual std::optional<RatePiece> next_piece() = 0;
};

// A schedule over pieces known up front (short user-given rate functions, the
// 1440 minutes of an Azure Functions day, tests).
class ListRateSchedule : public RateSchedule {
 public:
  // Throws std::invalid_argument if the pieces are out of order, overlap, or
  // carry a negative or non-finite rate.
  explicit ListRateSchedule(std::vector<RatePiece> pieces);
  std::optional<RatePiece> next_piece() override;

 private:
  std::vector<RatePiece> pieces_;
  std::size_t next_ = 0;
};

// Throws std::invalid_argument naming what is wrong with one piece alone.
void validate_piece(const RatePiece& piece);

}  // namespace servesim
