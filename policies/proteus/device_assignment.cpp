#include "policies/proteus/device_assignment.hpp"

#include <stdexcept>
#include <string>

namespace servesim::proteus {
namespace {

using Assignment = std::vector<std::optional<std::uint32_t>>;
using Counts = std::vector<std::vector<std::uint32_t>>;  // [t][m]: devices still to hand out

void assignment_requires(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument("proteus device assignment: " + what);
}

void validate_assignment_inputs(const std::vector<std::uint32_t>& device_type, const Assignment& current, const MilpPlan& plan) {
  assignment_requires(current.size() == device_type.size(), "current needs one entry per device");
  for (std::size_t d = 0; d < device_type.size(); ++d) {
    assignment_requires(device_type[d] < plan.hosts.size(), "device " + std::to_string(d) + " has a type the plan does not know");
    assignment_requires(!current[d] || *current[d] < plan.hosts[device_type[d]].size(),
            "device " + std::to_string(d) + " hosts a variant the plan does not know");
  }
}

// First pass: a device keeps its variant while its type still needs one
// more of it. Every device kept is a reload saved, and which of several
// devices on the same variant keeps it does not change the count.
void keep_current(const std::vector<std::uint32_t>& device_type, const Assignment& current, Counts& left,
                  Assignment& out) {
  for (std::size_t d = 0; d < device_type.size(); ++d) {
    if (!current[d]) continue;
    std::uint32_t& need = left[device_type[d]][*current[d]];
    if (need == 0) continue;
    --need;
    out[d] = current[d];
  }
}

// Second pass: the rest of the counts, in device order and, per device, in
// variant order.
void fill_rest(const std::vector<std::uint32_t>& device_type, Counts& left, Assignment& out) {
  for (std::size_t d = 0; d < device_type.size(); ++d) {
    if (out[d]) continue;
    std::vector<std::uint32_t>& needs = left[device_type[d]];
    for (std::uint32_t m = 0; m < needs.size(); ++m) {
      if (needs[m] == 0) continue;
      --needs[m];
      out[d] = m;
      break;
    }
  }
}

}  // namespace

std::vector<std::optional<std::uint32_t>> assign_devices(const std::vector<std::uint32_t>& device_type,
                                                         const std::vector<std::optional<std::uint32_t>>& current,
                                                         const MilpPlan& plan) {
  validate_assignment_inputs(device_type, current, plan);
  Counts left = plan.hosts;
  Assignment out(device_type.size());
  keep_current(device_type, current, left, out);
  fill_rest(device_type, left, out);
  for (const auto& row : left) {
    for (std::uint32_t n : row) assignment_requires(n == 0, "the plan hosts more devices of a type than there are");
  }
  return out;
}

}  // namespace servesim::proteus
