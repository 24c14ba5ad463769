#pragma once
// The spot market: what a spot instance costs and when the cloud takes it back.
//
// Price. Spot instances run "at steep discounts compared to the on-demand
// price" (MArk ATC'19 section 2.3). `discount` is the fraction taken OFF the
// on-demand price: a spot instance costs (1 - discount) x on-demand, so the
// default 0.7 pays 30 % of on-demand, the low end of the "typical savings of
// 70-90%" AWS announced with its 2017 pricing (docs/hardware.md, "Spot price
// series", where the measured per-type means are cited). A price
// series, when given, replaces the discount: the absolute spot price in
// dollars per hour over simulated time. AWS prices each instance type (in
// each availability zone) on its own, so a series may be given per instance
// type; one series for all types (the original form) prices every spot
// instance alike. A type's own series wins over the one for all types, which
// wins over the discount.
// Billing: per second with a one-minute minimum, like on-demand Linux (AWS,
// since October 2017); the price changes during a run are integrated.
// AWS does not charge for a Linux spot instance that EC2 interrupts within its
// first hour ("Billing for interrupted Spot Instances");
// spot_cost_when_interrupted applies that rule.
//
// Interruptions. Either a Poisson process per running spot instance (each
// instance's lifetime until interruption is exponential), or a list of
// {time, count}: at that time the cloud reclaims `count` running spot
// instances (the engine picks the oldest). Each interruption is announced
// `notice` before it happens: AWS gives a two-minute warning (MArk section
// 4.5: "the interruption of a spot instance will be notified 2 minutes in
// advance").
#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "sim/cluster/billing_rule.hpp"
#include "sim/cluster/instance_type.hpp"
#include "sim/cluster/spot_price_series.hpp"
#include "sim/core/random_stream.hpp"
#include "sim/core/time.hpp"

namespace servesim {

struct SpotPricing {
  double discount = 0.7;  // fraction off on-demand; the price paid is (1 - discount) x on-demand
  std::optional<SpotPriceSeries> series;  // absolute $/h over time, every type alike; overrides discount
  std::map<InstanceTypeId, SpotPriceSeries> series_by_type;  // absolute $/h of one type; overrides both
  BillingRule billing = BillingRule::per_second();

  // The series that prices `type`, or null: priced by the discount.
  const SpotPriceSeries* series_for(InstanceTypeId type) const;
};

// Every function below prices one spot instance of `type`, whose on-demand
// price is `on_demand_price_per_hour` (what the discount applies to).
// Dollars per hour it costs at `at`.
double spot_price_per_hour(const SpotPricing& pricing, InstanceTypeId type, double on_demand_price_per_hour,
                           SimTime at);
// Dollars for holding it over [from, to], billed per second with the
// pricing's minimum: the billed span starts at `from`.
double spot_cost(const SpotPricing& pricing, InstanceTypeId type, double on_demand_price_per_hour, SimTime from,
                 SimTime to);
// As spot_cost, for an instance that the cloud interrupted at `to`: free if
// it ran less than one hour (AWS rule for Linux spot instances).
double spot_cost_when_interrupted(const SpotPricing& pricing, InstanceTypeId type, double on_demand_price_per_hour,
                                  SimTime from, SimTime to);

class SpotInterruptions {
 public:
  using Scheduled = std::vector<std::pair<SimTime, std::uint32_t>>;

  // Each running spot instance is interrupted after an exponential time with
  // rate per_hour (>= 0; 0 = never). Throws InvariantError if negative or not finite.
  static SpotInterruptions poisson(double per_hour);
  // At each time, `count` running spot instances are interrupted; sorted by
  // time (stable), entries with count 0 dropped.
  static SpotInterruptions at_times(Scheduled events);

  // Poisson form: launched + Exp(rate), or nullopt at rate 0. List form:
  // always nullopt (the engine walks scheduled() instead). Draws once from rng.
  std::optional<SimTime> draw_for_instance(SimTime launched, RandomStream& rng) const;
  // List form: the events in time order; empty for the Poisson form.
  const Scheduled& scheduled() const { return scheduled_; }
  bool is_poisson() const { return poisson_; }
  double per_hour() const { return per_hour_; }

  Duration notice = from_seconds(120);  // warning ahead of each interruption

 private:
  SpotInterruptions() = default;

  bool poisson_ = false;
  double per_hour_ = 0;
  Scheduled scheduled_;
};

}  // namespace servesim
