#pragma once
// The interface every policy implements: the engine's Controller (start, route,
// on_tick, notices) plus a name. A policy never touches engine internals: it
// sees a ClusterView and acts through ClusterControl. Baselines and ablations
// are policies like any other.
#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

#include "sim/serving/controller.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim {

class ArrivalOracle;
class ScenarioCache;

// What a policy knows when it is built: the scenario's world as a policy may
// see it, and a name for its own random streams.
struct PolicyContext {
  const PolicyWorld& world;
  std::uint64_t seed = 1;
  std::string label;  // unique within the scenario; prefixes the policy's stream names
  std::filesystem::path base_dir;  // the scenario file's folder: params naming files resolve against it
  // What the runs of one scenario share (scenario_cache.hpp; null: nothing is
  // shared, each policy computes its own); owned by whoever runs the scenario.
  ScenarioCache* cache = nullptr;
  // Built for `servesim validate`, which checks and does not compute: the
  // policy checks its parameters and the inputs its computations need (an
  // LSTM's history length) without running those computations (no training).
  // It must still start: validate places the initial replicas.
  bool check_only = false;
  // The run's future arrivals, when the scenario grants this policy an oracle
  // ("oracle": true on its entry); null otherwise (arrival_oracle.hpp). A
  // policy that reads it later than in its constructor keeps a copy.
  std::shared_ptr<const ArrivalOracle> oracle{};
  // Where a policy announces a step long enough to wait for (MArk's LSTM
  // training), one line each: `servesim run`'s stderr; null when quiet.
  std::ostream* notices = nullptr;
};

class Policy : public Controller {
 public:
  virtual std::string_view name() const = 0;
};

}  // namespace servesim
