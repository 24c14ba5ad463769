#pragma once
// Every policy's control actions by kind, counted by the engine as the policy
// takes them through ClusterControl (summary.json's policy.actions): what a
// policy did to the cluster, comparable across policies.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string_view>

namespace servesim {

enum class ControlAction : std::uint8_t {
  kLoadReplica,
  kUnloadReplica,
  kSetBatcher,
  kLaunchInstance,
  kStopInstance,
  kSetRoutingWeights,
};
inline constexpr std::size_t kControlActionCount = 6;
inline constexpr std::array<std::string_view, kControlActionCount> kControlActionNames = {
    "load_replica", "unload_replica", "set_batcher", "launch_instance", "stop_instance", "set_routing_weights"};

struct ControlActionCounts {
  std::array<std::uint64_t, kControlActionCount> by_kind{};
  void count(ControlAction action) { ++by_kind[static_cast<std::size_t>(action)]; }
  std::uint64_t of(ControlAction action) const { return by_kind[static_cast<std::size_t>(action)]; }
};

}  // namespace servesim
