#include "policies/static/scripted_actions.hpp"

#include <algorithm>

#include "policies/catalog_refs.hpp"
#include "policies/device_choice.hpp"
#include "sim/core/input_error.hpp"

namespace servesim {

ActionScript::ActionScript(const JsonNode& list, const PolicyWorld& world) {
  for (const JsonNode& item : list.items()) entries_.push_back(parse_entry(item, world));
}

ScriptedLoad ActionScript::parse_load(const JsonNode& node, const PolicyWorld& world) {
  node.expect_object({"variant", "count", "batcher", "concurrency", "weight"});
  return parse_replica_params(node, *world.models);
}

ActionScript::Entry ActionScript::parse_entry(const JsonNode& node, const PolicyWorld& world) const {
  node.expect_object({"at_s", "on", "launch", "stop"});
  Entry e;
  e.where = node.where();
  if (node.has("at_s") == node.has("on")) node.fail("expected exactly one of \"at_s\" or \"on\"");
  if (node.has("on")) {
    node.at("on").choice({"interruption_notice"});
    e.on_notice = true;
  } else {
    e.at = SimTime::zero() + node.at("at_s").seconds_in(0);
  }
  if (node.has("launch") == node.has("stop")) node.fail("expected exactly one of \"launch\" or \"stop\"");
  if (node.has("stop")) {
    const JsonNode stop = node.at("stop");
    stop.expect_object({"instance_type"});
    e.stop = instance_type_of(stop.at("instance_type"), *world.hardware);
    return e;
  }
  const JsonNode launch = node.at("launch");
  launch.expect_object({"instance_type", "market", "count", "load"});
  Launch l;
  l.type = instance_type_of(launch.at("instance_type"), *world.hardware);
  if (launch.has("market")) l.market = market_of(launch.at("market"));
  l.count = static_cast<std::uint32_t>(launch.integer_in_or("count", 1, 10000, 1));  // as cluster.instances
  if (launch.has("load")) {
    for (const JsonNode& load : launch.items("load")) l.loads.push_back(parse_load(load, world));
  }
  e.launch = std::move(l);
  return e;
}

std::vector<VariantId> ActionScript::launched_variants() const {
  std::vector<VariantId> out;
  for (const Entry& e : entries_) {
    if (!e.launch) continue;
    for (const ScriptedLoad& load : e.launch->loads) out.push_back(load.variant);
  }
  return out;
}

void ActionScript::run_due(ClusterControl& control, const ClusterView& view, const OnLoaded& on_loaded) {
  for (Entry& e : entries_) {
    if (e.on_notice || e.done || e.at > view.now()) continue;
    execute(e, control, view, on_loaded);
    e.done = true;
  }
}

void ActionScript::on_interruption_notice(ClusterControl& control, const ClusterView& view, const OnLoaded& on_loaded) {
  for (const Entry& e : entries_) {
    if (e.on_notice) execute(e, control, view, on_loaded);
  }
}

void ActionScript::execute(const Entry& e, ClusterControl& control, const ClusterView& view,
                           const OnLoaded& on_loaded) const {
  if (e.stop) {
    for (InstanceId i = 0; i < view.instance_count(); ++i) {
      const InstanceInfo info = view.instance(i);
      if (info.type == *e.stop && info.state != InstanceState::kStopped) control.stop_instance(i);
    }
    return;
  }
  for (std::uint32_t n = 0; n < e.launch->count; ++n) {
    const InstanceId id = control.launch_instance(e.launch->type, e.launch->market);
    const std::vector<DeviceId> devices = view.instance(id).devices;
    for (const ScriptedLoad& load : e.launch->loads) {
      for (std::uint32_t k = 0; k < load.count; ++k) {
        const LoadResult r = load_on_roomiest(
            view, control, ReplicaRequest{load.variant, 0, load.batcher, load.concurrency},
            [&](DeviceId d) { return std::find(devices.begin(), devices.end(), d) != devices.end(); });
        if (!r.replica) throw InputError(e.where, "cannot load a scripted replica: " + r.refusal);
        on_loaded(*r.replica, load.weight);
      }
    }
  }
}

}  // namespace servesim
