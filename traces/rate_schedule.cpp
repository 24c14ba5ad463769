#include "traces/rate_schedule.hpp"

#include <cmath>
#include <stdexcept>

namespace servesim {

void validate_piece(const RatePiece& piece) {
  if (!(piece.end > piece.start)) throw std::invalid_argument("rate piece must end after it starts");
  const auto ok = [](double r) { return std::isfinite(r) && r >= 0; };
  if (!ok(piece.rate_at_start) || !ok(piece.rate_at_end)) {
    throw std::invalid_argument("rate must be finite and >= 0");
  }
  if (piece.end.is_never() && piece.rate_at_start != piece.rate_at_end) {
    throw std::invalid_argument("a rate piece without end must have a constant rate");
  }
}

ListRateSchedule::ListRateSchedule(std::vector<RatePiece> pieces) : pieces_(std::move(pieces)) {
  for (std::size_t i = 0; i < pieces_.size(); ++i) {
    validate_piece(pieces_[i]);
    if (i > 0 && pieces_[i].start < pieces_[i - 1].end) {
      throw std::invalid_argument("rate pieces must be in time order without overlap");
    }
  }
}

std::optional<RatePiece> ListRateSchedule::next_piece() {
  if (next_ == pieces_.size()) return std::nullopt;
  return pieces_[next_++];
}

}  // namespace servesim
