#include "policies/proteus/sommelier_heuristic.hpp"

#include <algorithm>

namespace servesim::proteus {
namespace {

// One device of an application, at position `at` of its frontier.
struct Position {
  DeviceId device = 0;
  std::vector<std::uint32_t> frontier;
  std::size_t at = 0;
};

bool beats(const VariantOption& y, const VariantOption& x, DeviceTypeId type) {
  const double xq = x.qps_on(type), yq = y.qps_on(type);
  return y.accuracy >= x.accuracy && yq >= xq && (y.accuracy > x.accuracy || yq > xq);
}

// Where the device's current option sits: itself, else the most accurate
// frontier option no more accurate than it.
std::size_t position_of(const std::vector<std::uint32_t>& frontier, const std::vector<VariantOption>& options,
                        std::uint32_t current) {
  for (std::size_t i = 0; i < frontier.size(); ++i) {
    if (frontier[i] == current || options[frontier[i]].accuracy <= options[current].accuracy) return i;
  }
  return frontier.size() - 1;
}

class Family {
 public:
  Family(std::vector<Position> devices, const std::vector<VariantOption>& options,
         const std::vector<DeviceTypeId>& device_type)
      : devices_(std::move(devices)), options_(options), type_(device_type) {}

  void meet(double target) {
    bool stepped_down = false;
    while (capacity() < target && step(/*down=*/true, target)) stepped_down = true;
    if (!stepped_down) {
      while (step(/*down=*/false, target)) {}
    }
  }
  void write(DevicePlan& plan, double estimate) const {
    const double total = capacity();
    for (const Position& p : devices_) {
      const double qps = qps_at(p, p.at);
      plan.devices[p.device] = DeviceTarget{p.frontier[p.at], total > 0 ? estimate * qps / total : 0.0};
    }
  }

 private:
  double qps_at(const Position& p, std::size_t at) const { return options_[p.frontier[at]].qps_on(type_[p.device]); }
  double accuracy_of(const Position& p) const { return options_[p.frontier[p.at]].accuracy; }
  double capacity() const {
    double c = 0;
    for (const Position& p : devices_) c += qps_at(p, p.at);
    return c;
  }
  // Steps the chosen device one frontier position down (faster) or up (more
  // accurate, only if the capacity stays at or above `target`).
  bool step(bool down, double target) {
    Position* chosen = nullptr;
    const double total = capacity();
    for (Position& p : devices_) {
      if (down ? p.at + 1 >= p.frontier.size() : p.at == 0) continue;
      if (!down && total - qps_at(p, p.at) + qps_at(p, p.at - 1) < target) continue;
      const bool better = chosen == nullptr ||
                          (down ? accuracy_of(p) > accuracy_of(*chosen) : accuracy_of(p) < accuracy_of(*chosen));
      if (better) chosen = &p;
    }
    if (chosen == nullptr) return false;
    chosen->at = down ? chosen->at + 1 : chosen->at - 1;
    return true;
  }

  std::vector<Position> devices_;
  const std::vector<VariantOption>& options_;
  const std::vector<DeviceTypeId>& type_;
};

}  // namespace

std::vector<std::uint32_t> accuracy_frontier(const std::vector<VariantOption>& options, AppId app,
                                             DeviceTypeId type) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t m = 0; m < options.size(); ++m) {
    if (options[m].app != app || !options[m].allowed_on(type)) continue;
    const auto beaten = [&](std::uint32_t k) {
      return beats(options[k], options[m], type) ||
             (k < m && options[k].accuracy == options[m].accuracy && options[k].qps_on(type) == options[m].qps_on(type));
    };
    bool dominated = false;
    for (std::uint32_t k = 0; k < options.size() && !dominated; ++k) {
      dominated = k != m && options[k].app == app && options[k].allowed_on(type) && beaten(k);
    }
    if (!dominated) out.push_back(m);
  }
  std::stable_sort(out.begin(), out.end(),
                   [&](std::uint32_t x, std::uint32_t y) { return options[x].accuracy > options[y].accuracy; });
  return out;
}

DevicePlan sommelier_step(const DevicePlan& current, const std::vector<VariantOption>& options,
                          const std::vector<DeviceTypeId>& device_type, const std::vector<double>& estimates,
                          double headroom) {
  DevicePlan plan = current;
  plan.planned_for = estimates;
  plan.beta = headroom;
  for (AppId a = 0; a < estimates.size(); ++a) {
    std::vector<Position> devices;
    for (DeviceId d = 0; d < current.devices.size(); ++d) {
      const auto& option = current.devices[d].option;
      if (!option || options[*option].app != a) continue;
      auto frontier = accuracy_frontier(options, a, device_type[d]);
      const std::size_t at = position_of(frontier, options, *option);
      devices.push_back(Position{d, std::move(frontier), at});
    }
    Family family(std::move(devices), options, device_type);
    family.meet(headroom * estimates[a]);
    family.write(plan, estimates[a]);
  }
  return plan;
}

}  // namespace servesim::proteus
