#pragma once
// The time integral of a piecewise-constant level (busy batch slots, resident
// model memory, the price of the fixed-cluster devices hosting replicas):
// change() moves the level at a time, take() returns the integral since the
// last take and starts a new one, total() the integral since the start,
// whatever was taken (what the takes add up to, for an audit). Times never
// go back.
#include "sim/core/time.hpp"

namespace servesim {

class LevelIntegral {
 public:
  void change(SimTime now, double delta) {
    settle(now);
    level_ += delta;
  }
  // Level-seconds since the previous take (or the start).
  double take(SimTime now) {
    settle(now);
    const double integral = integral_;
    integral_ = 0;
    return integral;
  }
  // Level-seconds since the start, up to `now` (not before the last change).
  double total(SimTime now) const { return total_ + level_ * (now - since_).seconds(); }
  double level() const { return level_; }

 private:
  void settle(SimTime now) {
    const double piece = level_ * (now - since_).seconds();
    integral_ += piece;
    total_ += piece;
    since_ = now;
  }

  double level_ = 0;
  double integral_ = 0;
  double total_ = 0;
  SimTime since_;
};

}  // namespace servesim
