#include "sim/serving/simulation.hpp"

#include <algorithm>
#include <string>

#include "sim/core/input_error.hpp"
#include "sim/metrics/money_audit.hpp"

namespace servesim {
namespace {

// A policy's next tick, at least 1 ns away: a tick at the same instant would
// be rescheduled forever (the parsers bound every configured period to >= 1 ms;
// this holds for computed ones too).
Duration next_tick_interval(const Controller& controller) {
  return std::max(Duration{1}, controller.tick_interval());
}

}  // namespace

// Hands a part its events, then frees the replicas the event unloaded,
// whichever part unloaded them (ReplicaRuntime::free_retired).
class Simulation::PartListener final : public EventHandler {
 public:
  PartListener(EventHandler& part, ReplicaRuntime& replicas) : part_(part), replicas_(replicas) {}
  void handle(const Event& event) override {
    part_.handle(event);
    replicas_.free_retired();
  }

 private:
  EventHandler& part_;
  ReplicaRuntime& replicas_;
};

Simulation::Simulation(const SimulationConfig& config, Controller& controller, RunMetrics& metrics)
    : ctx_(config, controller, metrics, *this, *this),
      front_(ctx_, replicas_, lambda_),
      replicas_(ctx_, front_, cloud_, offline_),
      cloud_(ctx_, replicas_),
      lambda_(ctx_, front_),
      offline_(ctx_, replicas_) {
  self_ = ctx_.loop.add_handler(this);
  listen(front_);
  listen(replicas_);
  listen(cloud_);
  listen(lambda_);
  listen(offline_);
  for (DeviceTypeId type : config.devices) replicas_.add_device(type, std::nullopt, /*ready=*/true);
}

Simulation::~Simulation() = default;

void Simulation::listen(EnginePart& part) {
  listeners_.push_back(std::make_unique<PartListener>(part, replicas_));
  part.listen_on(ctx_.loop.add_handler(listeners_.back().get()));
}

void Simulation::handle(const Event& event) {
  switch (event.kind) {
    case kPolicyTick:
      on_policy_tick();
      break;
    case kWindowClose:
      on_window_close();
      break;
    case kWarmupEnd:
      on_warmup_end();
      break;
  }
  replicas_.free_retired();
}

void Simulation::start() {
  cloud_.start();
  ctx_.starting = true;
  ctx_.call_policy([&](Controller& policy, ClusterControl& control, const ClusterView& view) {
    policy.start(control, view);
  });
  ctx_.starting = false;
  front_.open_streams();
  offline_.schedule_jobs();
  const Duration tick = next_tick_interval(ctx_.controller);
  if (!tick.is_infinite()) ctx_.loop.schedule_after(tick, self_, kPolicyTick);
  if (ctx_.config.warmup > Duration::zero()) {
    ctx_.loop.schedule(SimTime::zero() + ctx_.config.warmup, self_, kWarmupEnd, 0, Event::kBoundaryPriority);
  }
  schedule_window_close();
}

void Simulation::run(const std::function<void(SimTime)>& progress, Duration every) {
  SimTime next = progress ? SimTime::zero() + every : ctx_.end;
  while (true) {
    const SimTime stop = std::min(next, ctx_.end);
    events_ += ctx_.loop.run_until(stop);
    if (stop == ctx_.end) break;
    progress(stop);
    next = next + every;
  }
  if (front_.queries().in_flight() > 0) drain();
  front_.fail_unfinished();
  ctx_.metrics.finish(ctx_.now(), snapshot());
  ctx_.metrics.check_conservation(front_.in_flight_per_app());
  offline_.check_conservation();
  offline_.report();
  replicas_.check_device_capacity();
  check_money();
}

// No more arrivals: the cluster serves what it holds, for at most the drain
// limit. Windows, ticks and billing go on meanwhile.
void Simulation::drain() {
  draining_ = true;
  // No window closes at the end while arrivals run (the run may end there):
  // the boundary closes now, after everything at the end has happened; else
  // the open window is split there, where the summary's measured span ends.
  if (window_start_ + ctx_.config.window == ctx_.end) {
    on_window_close();
  } else {
    ctx_.metrics.split(ctx_.now(), snapshot());
    schedule_window_close();
  }
  events_ += ctx_.loop.run_while(ctx_.end + ctx_.config.drain_limit,
                                 [&] { return front_.queries().in_flight() > 0; });
}

void Simulation::on_policy_tick() {
  ctx_.call_policy([&](Controller& policy, ClusterControl& control, const ClusterView& view) {
    policy.on_tick(control, view);
  });
  ctx_.loop.schedule_after(next_tick_interval(ctx_.controller), self_, kPolicyTick);
}

void Simulation::on_warmup_end() { ctx_.metrics.split(ctx_.now(), snapshot()); }

// The cluster since the previous snapshot (a window, or its part before the
// warm-up's end): flows are settled and restarted.
ClusterSnapshot Simulation::snapshot() {
  ClusterSnapshot s;
  const Duration window = ctx_.now() - last_snapshot_;
  last_snapshot_ = ctx_.now();
  replicas_.settle_devices(s, window);
  cloud_.bill_instances(s);
  lambda_.close_window(s);
  billed_ += s.ledger;
  return s;
}

void Simulation::on_window_close() {
  const SimTime now = ctx_.now();
  ctx_.metrics.close_window(now, snapshot());
  window_start_ = now;
  schedule_window_close();
}

// Windows close before anything else happens at their boundary, so an arrival
// at 10 s counts in [10, 20). The last window closes after everything at the
// run's end has happened (Simulation::run), so a completion at the end counts.
void Simulation::schedule_window_close() {
  const SimTime next = window_start_ + ctx_.config.window;
  const SimTime last = draining_ ? ctx_.end + ctx_.config.drain_limit : ctx_.end;
  if (next < last) ctx_.loop.schedule(next, self_, kWindowClose, 0, Event::kBoundaryPriority);
}

// Each cost, computed once from its rate for the whole run, against what the
// windows billed.
void Simulation::check_money() const {
  ExpectedCharges expected;
  const double hours = (ctx_.now() - SimTime::zero()).seconds() / 3600.0;
  for (DeviceTypeId type : ctx_.config.devices) expected.fixed += ctx_.config.fixed_price_per_hour(type) * hours;
  expected.instances = cloud_.expected_bill();
  expected.lambda = lambda_.charged();
  expected.hosted = replicas_.hosted_dollar_seconds_per_hour() / 3600.0;
  if (const auto problem = money_problem(billed_, expected)) throw InvariantError("money: " + *problem);
}

}  // namespace servesim
