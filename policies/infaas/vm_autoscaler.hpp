#pragma once
// INFaaS' VM-Autoscaler at the controller (section 4.2.3), polled every 2 s
// (section 5). It adds a worker of a hardware kind when
//   1. the utilisation of that hardware exceeds a threshold across all
//      workers (80 %, section 4.2.3; the public code's master_vm_daemon.cc
//      compares the minimum over workers, and uses 70 % for Inferentia);
//   2. the variants on that hardware are Interfered on all workers that run
//      any;
//   3. more than 80 % of the workers have Overloaded variants (section 4.2.3);
//      the new worker has the hardware most workers are overloaded on.
// After adding a worker of a kind it waits 15 checks before adding another of
// that kind (the public code waits 15 iterations; we keep the wait per kind so
// a GPU shortage does not delay a CPU one), and never adds one while another
// of that kind is still booting (it will absorb the load).
// It removes a worker after 15 consecutive checks at low utilisation of its
// hardware (INFaaS public code, src/master/master_vm_daemon.cc: a machine is
// given vm_shutdown_thresh = 15 chances, the count restarting at a check above
// the thresholds), newest first, never below a type's initial count (per type,
// so an initial GPU worker is not traded for a CPU one; the public code keeps
// the initial workers too). Low is the public code's shutdown thresholds, on
// the worker's own utilisation: the public code compares the least and the
// average utilisation over all workers with one cluster-wide count, we keep a
// count per worker, so the per-worker (least) thresholds apply where it has
// them (cpu_shutdown_min 5 %, gpu_shutdown_min 8 %) and the average one where
// it has no other (avg_inferentia_shutdown_min 25 %). A worker whose variants
// are loading or being replaced is not judged (its load has not moved yet).
#include <array>
#include <cstdint>
#include <map>
#include <span>
#include <vector>

#include "sim/cluster/device_kind.hpp"

namespace servesim::infaas {

struct VmRules {
  double utilisation_threshold = 0.8;             // section 4.2.3
  double inferentia_utilisation_threshold = 0.7;  // public code
  double overloaded_fraction = 0.8;               // section 4.2.3
  std::uint32_t cooldown_checks = 15;             // public code
  std::uint32_t low_utilisation_checks = 15;      // public code
  // By DeviceKind (cpu, gpu, inferentia, lambda): at or below this a check counts as low.
  std::array<double, kDeviceKindCount> low_utilisation = {0.05, 0.08, 0.25, 0.0};  // public code
};

struct WorkerCheck {
  std::uint32_t worker = 0;     // the caller's id; stable over checks (one missing from a check is gone)
  std::uint32_t type_key = 0;   // for the per-type minimum
  DeviceKind kind = DeviceKind::kCpu;
  bool running = true;          // false: still booting
  double utilisation = 0;       // recent busy fraction of its devices
  bool hosts_variants = false;
  bool overloaded = false;      // hosts an Overloaded variant
  bool interfered = false;      // hosts an Interfered variant
  bool in_transition = false;   // hosts a variant whose replicas are loading or being replaced
};

struct VmDecision {
  std::vector<DeviceKind> launch;   // one worker of each
  std::vector<std::uint32_t> stop;  // workers to stop
};

class VmAutoscaler {
 public:
  explicit VmAutoscaler(VmRules rules) : rules_(rules) {}

  // `minimum[type_key]`: a type's initial count (missing = 0).
  VmDecision check(std::span<const WorkerCheck> workers, std::span<const std::uint32_t> minimum);
  // Another part of the policy launched a worker of this kind (the model
  // autoscaler asking for a capable worker): it starts the wait too.
  void note_launch(DeviceKind kind) { cooldown_[static_cast<std::size_t>(kind)] = rules_.cooldown_checks; }

 private:
  VmRules rules_;
  std::array<std::uint32_t, kDeviceKindCount> cooldown_{};
  std::map<std::uint32_t, std::uint32_t> low_streak_;  // by worker, those of the last check only
};

}  // namespace servesim::infaas
