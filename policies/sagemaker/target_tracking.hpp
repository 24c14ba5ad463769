#pragma once
// AWS target-tracking autoscaling as SageMaker hosting uses it (MArk, ATC'19,
// section 5.1: "SageMaker hosting employs AWS's new target tracking
// autoscaling policy", with an over-provisioning factor of 2). The metric is
// SageMakerVariantInvocationsPerInstance, one datapoint per minute; target
// tracking keeps it at a target value with two CloudWatch alarms, as AWS
// documents them (Application Auto Scaling, target tracking):
//   - scale out when 3 consecutive datapoints are above the target;
//   - scale in when 15 consecutive datapoints are below 90 % of the target;
//   - either way to ceil(capacity x metric / target) instances, at least 1;
//   - a scale-out cooldown (300 s, SageMaker's default) during which only a
//     larger scale-out may follow, and a scale-in cooldown (300 s) after any
//     scaling activity, during which no scale-in follows.
// The target is the instance's capacity per minute over the
// over-provisioning factor (0.5 x capacity for the paper's factor 2).
#include <cstdint>
#include <optional>

#include "sim/core/time.hpp"

namespace servesim::sagemaker {

struct TargetTrackingParams {
  double target = 0;                      // invocations per instance per datapoint period
  std::uint32_t scale_out_points = 3;     // AWS: 3 datapoints above the target
  std::uint32_t scale_in_points = 15;     // AWS: 15 datapoints below scale_in_ratio x target
  double scale_in_ratio = 0.9;            // AWS
  Duration scale_out_cooldown = from_seconds(300);
  Duration scale_in_cooldown = from_seconds(300);
  std::uint32_t min_capacity = 1;
};

class TargetTracking {
 public:
  explicit TargetTracking(TargetTrackingParams params) : params_(params) {}

  // One datapoint of the metric at `now`, with `capacity` instances in
  // service (the desired count so far). Returns the new desired count when
  // an alarm acts.
  std::optional<std::uint32_t> datapoint(double metric, std::uint32_t capacity, SimTime now);

 private:
  std::uint32_t desired_for(double metric, std::uint32_t capacity) const;

  TargetTrackingParams params_;
  std::uint32_t above_ = 0;  // consecutive datapoints above the target
  std::uint32_t below_ = 0;  // ... below the scale-in threshold
  std::optional<SimTime> last_out_;
  std::optional<std::uint32_t> last_out_to_;
  std::optional<SimTime> last_activity_;
};

}  // namespace servesim::sagemaker
