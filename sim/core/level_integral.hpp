#pragma once
// The time integral of a piecewise-constant level (busy batch slots, resident
// model memory): change() moves the level at a time, take() returns the
// integral since the last take and starts a new one. Times never go back.
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
  double level() const { return level_; }

 private:
  void settle(SimTime now) {
    integral_ += level_ * (now - since_).seconds();
    since_ = now;
  }

  double level_ = 0;
  double integral_ = 0;
  SimTime since_;
};

}  // namespace servesim
