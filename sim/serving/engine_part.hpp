#pragma once
// One run's engine is split by job into parts, each a handler of its own
// events on the run's one event loop: the front end (front_end.hpp), the
// replica runtime (replica_runtime.hpp), the cloud's instances
// (cloud_instances.hpp), Lambda (lambda_runtime.hpp) and offline work
// (offline_work.hpp). Simulation owns the loop and the parts, wires them to
// each other and answers the policy's ClusterView and ClusterControl by
// delegating to them. What every part shares is the EngineContext.
#include <chrono>
#include <cstdint>

#include "sim/core/event_loop.hpp"
#include "sim/metrics/control_actions.hpp"
#include "sim/metrics/run_metrics.hpp"
#include "sim/serving/cluster_control.hpp"
#include "sim/serving/cluster_view.hpp"
#include "sim/serving/controller.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim {

// The scenario, the clock, the policy with the view and control it is called
// with, the run's count of control actions and its phase.
struct EngineContext {
  EngineContext(const SimulationConfig& run_config, Controller& policy, RunMetrics& run_metrics,
                const ClusterView& cluster_view, ClusterControl& cluster_control)
      : config(run_config),
        controller(policy),
        metrics(run_metrics),
        view(cluster_view),
        control(cluster_control),
        end(SimTime::zero() + run_config.duration) {}

  SimTime now() const { return loop.now(); }
  // Calls the policy, timing it: call(controller, control, view).
  template <typename F>
  void call_policy(F&& call) {
    const auto begin = std::chrono::steady_clock::now();
    call(controller, control, view);
    policy_wall += std::chrono::steady_clock::now() - begin;
  }

  const SimulationConfig& config;
  Controller& controller;
  RunMetrics& metrics;
  const ClusterView& view;
  ClusterControl& control;
  EventLoop loop;
  SimTime end;            // the last arrival comes before it
  bool starting = false;  // inside Controller::start: actions act at once
  ControlActionCounts actions;
  std::chrono::duration<double> policy_wall{0};  // inside the policy's start, ticks and notices
};

// A part's events are addressed to the handler id Simulation registered it
// under (listen_on), so that the replicas an event unloads are freed once it
// is over, whichever part handled it.
class EnginePart : public EventHandler {
 public:
  explicit EnginePart(EngineContext& context) : ctx_(context) {}
  void listen_on(std::uint32_t handler) { handler_ = handler; }

 protected:
  void schedule(SimTime at, std::uint32_t kind, std::uint64_t payload = 0,
                std::uint8_t priority = Event::kNormalPriority) {
    ctx_.loop.schedule(at, handler_, kind, payload, priority);
  }
  void schedule_after(Duration delay, std::uint32_t kind, std::uint64_t payload = 0) {
    ctx_.loop.schedule_after(delay, handler_, kind, payload);
  }
  SimTime now() const { return ctx_.loop.now(); }
  const SimulationConfig& config() const { return ctx_.config; }

  EngineContext& ctx_;

 private:
  std::uint32_t handler_ = 0;
};

}  // namespace servesim
