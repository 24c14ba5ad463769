#include "policies/proteus/start_allocation.hpp"

#include <algorithm>

#include "policies/proteus/artifact_allocation.hpp"
#include "sim/core/input_error.hpp"
#include "sim/core/path_expansion.hpp"
#include "sim/core/text_lines.hpp"

namespace servesim::proteus {
namespace {

namespace fs = std::filesystem;

// The scenario's devices by (artifact type, index).
class DeviceIndex {
 public:
  DeviceIndex(const StartAllocationSpec& spec, const std::vector<DeviceTypeId>& device_type) : spec_(spec) {
    for (DeviceId d = 0; d < device_type.size(); ++d) {
      if (by_type_.size() <= device_type[d]) by_type_.resize(device_type[d] + 1);
      by_type_[device_type[d]].push_back(d);
    }
  }

  DeviceId find(const ArtifactDevice& device, const ArtifactAllocation& a, std::size_t line) const {
    for (const auto& [name, type] : spec_.device_map) {
      if (name != device.type) continue;
      if (type < by_type_.size() && device.index < by_type_[type].size()) return by_type_[type][device.index];
      const std::size_t count = type < by_type_.size() ? by_type_[type].size() : 0;
      fail_at(a.file, line, "unknown device " + device.name() + ": the cluster has " + std::to_string(count) +
                        " devices of the type \"" + device.type + "\" maps to");
    }
    fail_at(a.file, line, "unknown device type \"" + device.type + "\" (not in start_allocation.device_map)");
  }

 private:
  const StartAllocationSpec& spec_;
  std::vector<std::vector<DeviceId>> by_type_;
};

// Whether the policy may use the variant at all: a variant of an
// application's family, in the policy's own list if it has one.
bool usable_at_start(VariantId v, const PolicyWorld& world, const std::vector<VariantId>& allowed) {
  if (!allowed.empty() && !std::binary_search(allowed.begin(), allowed.end(), v)) return false;
  const FamilyId family = world.models->variant(v).family;
  return std::any_of(world.applications.begin(), world.applications.end(),
                     [&](const Application& app) { return app.pipeline.stages()[0].family == family; });
}

// The option of `variant` (placed even where it has no capacity, as the
// artifact places it); none if it is allowed on no device type at all.
std::optional<std::uint32_t> option_of(const std::string& variant, const PolicyWorld& world,
                                       const std::vector<VariantOption>& options, const std::vector<VariantId>& allowed,
                                       const ArtifactAllocation& a) {
  const auto id = world.models->find_variant(variant);
  if (!id || !usable_at_start(*id, world, allowed)) {
    fail_at(a.file, a.hosts_line, "unknown variant \"" + variant + "\": not one of the policy's variants");
  }
  for (std::uint32_t m = 0; m < options.size(); ++m) {
    if (options[m].variant == *id) return m;
  }
  return std::nullopt;
}

}  // namespace

StartAllocationSpec parse_start_allocation(const JsonNode& node, const PolicyWorld& world, const fs::path& base) {
  node.expect_object({"file", "device_map"});
  StartAllocationSpec spec;
  spec.file = resolve_path(node.at("file"), base);
  const JsonNode map = node.at("device_map");
  for (const std::string& name : map.keys()) {
    const JsonNode value = map.at(name);
    const auto type = world.hardware->find(value.string());
    if (!type) value.fail("unknown device type " + value.shown());
    spec.device_map.emplace_back(name, *type);
  }
  if (spec.device_map.empty()) map.fail("expected at least one artifact device type");
  return spec;
}

StartAllocation read_start_allocation(const StartAllocationSpec& spec, const PolicyWorld& world,
                                      const std::vector<DeviceTypeId>& device_type,
                                      const std::vector<VariantOption>& options,
                                      const std::vector<VariantId>& allowed) {
  const ArtifactAllocation a = read_artifact_allocation(spec.file);
  const DeviceIndex devices(spec, device_type);
  StartAllocation out;
  out.plan.devices.resize(device_type.size());
  for (const ArtifactHost& host : a.hosts) {
    const DeviceId d = devices.find(host.device, a, a.hosts_line);
    out.plan.devices[d].option = option_of(host.variant, world, options, allowed, a);
    const auto& option = out.plan.devices[d].option;
    if (!option || !options[*option].allowed_on(device_type[d])) ++out.infeasible_hosts;
  }
  for (const ArtifactShare& share : a.shares) {
    if (share.query_type >= world.applications.size()) {
      fail_at(a.file, a.shares_line, "unknown query type " + std::to_string(share.query_type) + ": the scenario has " +
                                 std::to_string(world.applications.size()) + " applications");
    }
    DeviceTarget& target = out.plan.devices[devices.find(share.device, a, a.shares_line)];
    if (!target.option || options[*target.option].app != share.query_type) {
      ++out.stray_shares;
      continue;
    }
    target.served_qps += share.share;
  }
  return out;
}

}  // namespace servesim::proteus
