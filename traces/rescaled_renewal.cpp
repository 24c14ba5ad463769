#include "traces/rescaled_renewal.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace servesim {
namespace {
constexpr double kUnbounded = std::numeric_limits<double>::infinity();
}  // namespace

void GapDistribution::validate() const {
  if (law == GapLaw::gamma && !(std::isfinite(cv) && cv > 0)) {
    throw std::invalid_argument("gamma gaps need a cv > 0");
  }
}

double linear_rate_integral(double r_from, double r_to, double length_s) {
  if (length_s <= 0) return 0;
  if (std::isinf(length_s)) return r_from > 0 ? kUnbounded : 0;
  return 0.5 * (r_from + r_to) * length_s;  // trapezoid: exact for a linear rate
}

double invert_linear_integral(double r_from, double slope, double need) {
  if (need <= 0) return 0;
  // Rounding can push the discriminant just below 0 when a falling rate runs
  // out exactly at the end of its piece; the clamp keeps the root real.
  const double disc = std::max(0.0, r_from * r_from + 2 * slope * need);
  const double denom = r_from + std::sqrt(disc);
  return denom > 0 ? 2 * need / denom : kUnbounded;
}

RescaledRenewalStream::RescaledRenewalStream(std::unique_ptr<RateSchedule> schedule, GapDistribution gaps,
                                             RandomStream rng)
    : schedule_(std::move(schedule)), gaps_(gaps), rng_(rng) {
  gaps_.validate();
  need_ = draw_first_gap();
}

double RescaledRenewalStream::draw_gap() {
  switch (gaps_.law) {
    case GapLaw::exponential: return rng_.exponential(1.0);
    case GapLaw::gamma: return rng_.gamma_mean_cv(1.0, gaps_.cv);
    case GapLaw::uniform: return 1.0;
  }
  return 1.0;
}

double RescaledRenewalStream::draw_first_gap() {
  switch (gaps_.law) {
    case GapLaw::exponential: return rng_.exponential(1.0);
    case GapLaw::gamma: {
      // Residual life of a stationary renewal process: a length-biased gap
      // (Gamma with shape k+1, same scale) cut at a uniform point.
      const double cv2 = gaps_.cv * gaps_.cv;
      const double biased = rng_.gamma_mean_cv(1.0 + cv2, gaps_.cv / std::sqrt(1.0 + cv2));
      return rng_.uniform01() * biased;
    }
    case GapLaw::uniform: return 0.5;
  }
  return 1.0;
}

bool RescaledRenewalStream::enter_next_piece() {
  piece_ = schedule_->next_piece();
  // A piece past the longest run any scenario may ask for is never used: stop
  // there, so a schedule of near-zero rates cannot be walked forever.
  if (piece_ && piece_->start > SimTime::zero() + from_seconds(kMaxTimeSpanS)) piece_.reset();
  if (!piece_) return false;
  validate_piece(*piece_);
  offset_s_ = 0;
  if (piece_->end.is_never()) {
    length_s_ = kUnbounded;
    slope_ = 0;
  } else {
    length_s_ = (piece_->end - piece_->start).seconds();
    slope_ = (piece_->rate_at_end - piece_->rate_at_start) / length_s_;
  }
  return true;
}

std::optional<Arrival> RescaledRenewalStream::next() {
  while (true) {
    if (!piece_ && !enter_next_piece()) return std::nullopt;
    const double rate_here = std::max(0.0, piece_->rate_at_start + slope_ * offset_s_);
    const double left = linear_rate_integral(rate_here, piece_->rate_at_end, length_s_ - offset_s_);
    if (left > 0 && need_ <= left) {
      const double step = invert_linear_integral(rate_here, slope_, need_);
      offset_s_ = std::min(offset_s_ + step, length_s_);
      need_ = draw_gap();
      return Arrival{piece_->start + from_seconds(offset_s_)};
    }
    // A piece without end that cannot supply the gap has rate 0 forever.
    if (std::isinf(length_s_)) return std::nullopt;
    need_ -= left;
    piece_.reset();
  }
}

}  // namespace servesim
