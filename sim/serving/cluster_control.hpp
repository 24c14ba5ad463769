#pragma once
// The actions a policy can take. Each takes effect after its modeled delay:
// a replica is usable once its variant's load latency has passed (actions
// taken in Controller::start are the warm initial state and act at once).
#include <optional>
#include <string>
#include <vector>

#include "sim/cluster/device_kind.hpp"
#include "sim/cluster/instance.hpp"
#include "sim/serving/application.hpp"

#include "sim/serving/batchers/batcher.hpp"
#include "sim/serving/offline_job.hpp"
#include "sim/serving/replica.hpp"

namespace servesim {

// ReplicaRequest::concurrency of a replica that uses its device as the
// profiles assume: a CPU profile is one batch on one core (one worker
// thread), so on a CPU the replica runs a batch on each of the device's
// cores; an accelerator runs one batch at a time.
inline constexpr std::uint32_t kFillDevice = 0;

struct ReplicaRequest {
  VariantId variant = 0;
  DeviceId device = 0;
  BatcherSpec batcher;
  std::uint32_t concurrency = 1;  // batches at once (worker threads), or kFillDevice
};

struct RoutingWeight {
  ReplicaId replica = 0;
  double weight = 0;
};

struct LoadResult {
  std::optional<ReplicaId> replica;  // empty when refused
  std::string refusal;               // why: not profiled there, not enough memory
};

class ClusterControl {
 public:
  virtual ~ClusterControl() = default;
  virtual LoadResult load_replica(const ReplicaRequest& request) = 0;
  // Stops accepting visits at once; serves what is queued, then frees memory.
  virtual void unload_replica(ReplicaId id) = 0;
  virtual void set_batcher(ReplicaId id, const BatcherSpec& spec) = 0;
  // Requests an instance; it boots for its type's boot latency, and is billed
  // from now until it stops. Spot instances may be interrupted.
  virtual InstanceId launch_instance(InstanceTypeId type, Market market) = 0;
  // Stops accepting work on the instance's replicas, drains them, then stops
  // the instance (billing ends then).
  virtual void stop_instance(InstanceId id) = 0;
  // Weights used for RouteDecision::by_weights() at this application's stage;
  // replicas that do not accept queries are skipped at routing time.
  virtual void set_routing_weights(AppId app, StageId stage, std::vector<RoutingWeight> weights) = 0;
  // Moves up to `count` inputs of an offline job from its backlog to the
  // replica's low-priority queue; returns how many moved. The replica must
  // accept queries and serve the job (OfflineJob::served_by). The default
  // moves nothing: a control that knows no offline work.
  virtual std::uint64_t dispatch_offline(OfflineJobId /*job*/, ReplicaId /*replica*/, std::uint64_t /*count*/) {
    return 0;
  }
  // The policy held offline work back at this moment on a worker whose
  // devices are of `kind` (INFaaS calls it at each throttle check that pauses
  // a worker holding a replica that serves a waiting job). Only reported:
  // timeseries.csv's offline_paused_<kind> is 1 in a window with a note of
  // that kind. A pause itself is the policy not dispatching; nothing here
  // stops work. Lambda has no workers, hence no pause. The default records
  // nothing: a control that knows no offline work.
  virtual void note_offline_paused(DeviceKind /*kind*/) {}
  // Pings `function` `count` times at once, so that `count` of its containers
  // are warm once the pings end (MArk section 4.5 warms Lambda up ahead of an
  // expected surge, such as a spot interruption, with concurrent pings). Each
  // ping is an invocation like a query's: it reuses an idle warm container or
  // cold-starts a new one, holds the account's concurrency while it runs (the
  // cold start), is throttled at the limit, and is billed one unit of the
  // billing granularity plus the request fee; its container then idles and
  // expires after the keep-alive like any other. Pings in
  // Controller::start find the containers warm at once (the warm initial
  // state). Returns the pings started (fewer than `count` if throttled). The
  // default starts none: a control that knows no Lambda.
  virtual std::uint32_t prewarm_lambda(std::uint32_t /*function*/, std::uint32_t /*count*/) { return 0; }
  // The replica takes its batches from the central queue of (app, stage)
  // (sim/serving/central_queue.hpp) once its own queue is empty; visits
  // routed with RouteDecision::to_central_queue wait there for whichever
  // attached replica is free. The replica's variant must serve the stage's
  // family; attaching again moves it to another queue. A replica leaves its
  // queue when it is unloaded or its instance goes. The default ignores it: a
  // control without central queues.
  virtual void attach_central_queue(ReplicaId /*replica*/, AppId /*app*/, StageId /*stage*/) {}
  // From now on, visits of (app, stage) are batched against the earlier of
  // their query's end-to-end deadline and the time they started at the stage
  // plus `budget` (sim/serving/stage_deadlines.hpp): for a policy that serves
  // each stage as an application of its own, with its share of the SLO.
  // Batch formation only: drops by serving.drop and the query's outcome stay
  // end to end. Not a counted action. The default ignores it: a control whose
  // batchers see end-to-end deadlines only.
  virtual void set_stage_budget(AppId /*app*/, StageId /*stage*/, Duration /*budget*/) {}
};

}  // namespace servesim
