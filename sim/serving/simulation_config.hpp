#pragma once
// The world as the scenario built it, what a policy may see of it, and what a
// run needs besides. Immutable and shared by the runs of all the scenario's
// policies.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sim/cluster/hardware_catalog.hpp"
#include "sim/cluster/instance.hpp"
#include "sim/cluster/lambda_spec.hpp"
#include "sim/cluster/spot_market.hpp"
#include "sim/serving/application.hpp"
#include "sim/serving/arrival_history.hpp"
#include "sim/serving/in_flight_cap.hpp"
#include "sim/serving/model_catalog.hpp"
#include "sim/serving/offline_job.hpp"
#include "sim/serving/service_time.hpp"
#include "traces/arrival_stream.hpp"  // the interface only; sim does not link traces

namespace servesim {

// A workload as a policy may know it: its arrival process, from which a
// policy may draw samples of its own (under stream names of its own), never
// the run's arrivals.
struct WorkloadModel {
  std::shared_ptr<const WorkloadSpec> spec;
  std::optional<AppId> app;  // set: every arrival is this app's; empty: the spec tags apps (a mix)
};

// A workload as the run draws it: the process and the random-stream name the
// run's arrivals come from (same name, same arrivals).
struct WorkloadSource {
  std::shared_ptr<const WorkloadSpec> spec;
  std::string name;
  std::optional<AppId> app;
};

enum class DropPolicy : std::uint8_t {
  kNone,        // serve everything, however late
  kExpired,     // drop a visit whose deadline has passed when its batch forms
  kInfeasible,  // also drop one that cannot finish in time even alone, started now
};

// Instances running (warm) when the run starts.
struct InitialInstances {
  InstanceTypeId type = 0;
  Market market = Market::kOnDemand;
  std::uint32_t count = 1;
};

// One Lambda function: a model variant packaged with a memory size. Its
// latency is that of one query at this memory size (from a "lambda" profile,
// or a CPU profile scaled by the CPU share, as the scenario says).
struct LambdaFunction {
  std::string name;
  VariantId variant = 0;
  double memory_mb = 0;
  Duration cold_start;
  Duration latency;
};

// What happens to queries queued or running on an instance the cloud takes back.
enum class InstanceLossPolicy : std::uint8_t { kReroute, kFail };

struct CloudConfig {
  std::vector<InitialInstances> instances;
  SpotPricing spot_pricing;
  std::optional<SpotInterruptions> spot_interruptions;
  std::vector<LambdaFunction> lambda_functions;
  LambdaSpec lambda;  // the catalog's prices and limits, with the scenario's overrides
  // By instance type id; empty entries use the catalog's boot latency.
  std::vector<std::optional<Duration>> boot_latency;
  Duration boot_latency_of(InstanceTypeId type, Duration catalog) const {
    return type < boot_latency.size() && boot_latency[type] ? *boot_latency[type] : catalog;
  }
  InstanceLossPolicy on_instance_loss = InstanceLossPolicy::kReroute;
  bool interference = true;  // use the device types' interference models
};

// serving.gpu_concurrency: how many batches a GPU may run at once, and their
// combined speed in solo batches (1 <= gain <= batches). The default is time
// slicing at batch granularity: one batch at a time.
struct GpuConcurrency {
  std::uint32_t batches = 1;
  double gain = 1;
};

// The world as a policy may see it (PolicyContext::world): catalogs, cluster,
// cloud, applications and their histories, serving rules, and the workloads'
// processes; not the run's arrivals, which only an oracle the scenario allows
// reads (policies/arrival_oracle.hpp).
struct PolicyWorld {
  std::uint64_t seed = 1;
  Duration duration;  // arrivals span [0, duration)
  // After the last arrival the run drains (queued and running queries finish,
  // are dropped or expire) for at most this long; what is still in the system
  // then is counted unfinished. serving.drain_s.
  Duration drain_limit{60'000'000'000};
  // serving.max_in_flight: the arrival that would exceed it stops the run
  // (InFlightCapExceeded), before the process runs out of memory.
  std::uint64_t max_in_flight = kDefaultMaxInFlight;
  Duration warmup;  // outputs.warmup_s: excluded from the summary (the time series keeps it)
  Duration window;  // time-series window
  std::shared_ptr<const ModelCatalog> models;
  std::shared_ptr<const HardwareCatalog> hardware;
  std::vector<Application> applications;
  // applications[i].history, by AppId (null: none given): arrivals before
  // the run that policies may learn from; never served.
  std::vector<std::shared_ptr<const ArrivalHistory>> histories;
  const ArrivalHistory* history_of(AppId app) const {
    return app < histories.size() ? histories[app].get() : nullptr;
  }
  // Every application's offline jobs, in application then job order; the
  // index is the OfflineJobId.
  std::vector<OfflineJob> offline_jobs;
  std::vector<DeviceTypeId> devices;  // one entry per device of the fixed cluster
  // cluster.reserved_discount: the fixed cluster is billed at its devices'
  // price x (1 - this), e.g. reserved instances instead of on-demand ones.
  double reserved_discount = 0;
  double fixed_price_per_hour(DeviceTypeId type) const {
    return hardware->type(type).price_per_hour * (1.0 - reserved_discount);
  }
  CloudConfig cloud;
  std::vector<WorkloadModel> workloads;
  DropPolicy drop = DropPolicy::kNone;
  ServiceTimeSpec service_time;
  // serving.hop_delay_ms: what it costs a query to move along a taken edge of
  // its pipeline, from the stage that finished to the next (RPC, network and
  // serialization between the stages' containers). Not the client's hop to an
  // entry stage nor the answer's way back from an exit stage: those are not
  // between stages. 0 (the default) moves it at once, as before.
  Duration hop_delay;
  GpuConcurrency gpu_concurrency;
};

// Everything one run needs but the policy: the world, and where the run's
// arrivals come from.
struct SimulationConfig : PolicyWorld {
  // workload_streams[i]: the random-stream name of workloads[i]'s arrivals.
  std::vector<std::string> workload_streams;
  WorkloadSource run_workload(std::size_t i) const {
    return {workloads[i].spec, workload_streams.at(i), workloads[i].app};
  }
};

}  // namespace servesim
