#include "policies/mark/mark_router.hpp"

namespace servesim::mark {

void MarkRouter::reset(std::vector<RouterMember> members) {
  members_ = std::move(members);
  std::vector<double> weights;
  weights.reserve(members_.size());
  for (const RouterMember& m : members_) weights.push_back(m.capacity_per_minute);
  rotation_.reset(std::move(weights));
}

RouterChoice MarkRouter::choose(const ClusterView& view) {
  // A member stops taking queries between resets only while its instance is
  // being taken back or stopped: skip it, at most once round the rotation.
  for (std::size_t tries = 0; tries < members_.size(); ++tries) {
    const RouterMember& m = members_[*rotation_.pick()];
    const std::optional<std::uint64_t> outstanding = view.accepting_outstanding(m.replica);
    if (!outstanding) continue;
    return {m.replica, admits(m.shape, *outstanding, rt_max_)};
  }
  return {};
}

}  // namespace servesim::mark
