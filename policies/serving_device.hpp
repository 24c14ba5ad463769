#pragma once
// Where a policy that serves a model on whole instances (MArk, SageMaker)
// serves it on an instance type: on its serving devices, those of its first
// device slot's type. That is an accelerator instance's accelerators (the
// catalogs list them before the host CPU, which no paper serves on) and a CPU
// instance's only device. The engine creates an instance's devices in the
// type's order, so they are the first `serving_device_count` of
// `InstanceInfo::devices`.
//
// An instance holds one replica per serving device: an inf1.xlarge's four
// neuroncores serve four queries at once, and its capacity is four times one
// neuroncore's. MArk (ATC'19, section 4.1) profiles and serves on the
// instance, and a SageMaker endpoint on a multi-core Inferentia instance
// serves on all its cores (the AWS Neuron docs, "Parallel Execution using
// NEURON_RT_NUM_CORES": a compiled model runs in parallel on an Inf1 instance
// by loading it up to once per NeuronCore); one replica on the first device
// alone would pay for four and use one. Types with one serving device (c5,
// g4dn.xlarge, p2.xlarge) hold one replica, as before.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sim/cluster/instance_type.hpp"
#include "sim/serving/cluster_control.hpp"
#include "sim/serving/cluster_view.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim {

// The variant's latency profile on the type's serving device; null when the
// variant is not profiled there or the type has no device.
const LatencyProfile* serving_profile(const PolicyWorld& world, VariantId variant, const InstanceType& type);

// The serving device type's name ("c5.large.cpu", "k80"), for messages.
const std::string& serving_device_name(const PolicyWorld& world, const InstanceType& type);

// How many serving devices the type has (inf1.xlarge: 4 neuroncores; a c5:
// 1), each a replica's; 0 for a type without devices.
std::uint32_t serving_device_count(const InstanceType& type);

// One replica of `variant` on each of instance `id`'s serving devices, in
// device order, all with `batcher` and concurrency 1. A refused load is an
// InputError at `where` naming the variant, the type and the refusal.
std::vector<ReplicaId> load_on_serving_devices(ClusterControl& control, const ClusterView& view, InstanceId id,
                                               VariantId variant, const BatcherSpec& batcher,
                                               const std::string& where);

}  // namespace servesim
