#include "policies/mark/instance_options.hpp"

#include <map>
#include <optional>

#include "policies/serving_device.hpp"
#include "sim/core/input_error.hpp"

namespace servesim::mark {
namespace {

struct BatchPair {
  std::uint32_t n_batch;
  Duration w_batch;
};

// Section 5.1: "we set the batch size and timeout to (8, 200 ms), (16, 750
// ms), (16, 490 ms) for Inception-v3, NASNet and OpenNMT on p2.xlarge".
std::optional<BatchPair> paper_pair(const std::string& family, const InstanceType& type) {
  if (type.name != "p2.xlarge") return std::nullopt;
  static const std::map<std::string, BatchPair, std::less<>> kPairs = {
      {"mark_inception_v3", {8, from_millis(200)}},
      {"mark_nasnet", {16, from_millis(750)}},
      {"mark_opennmt_ende", {16, from_millis(490)}},
  };
  const auto it = kPairs.find(family);
  return it == kPairs.end() ? std::nullopt : std::optional<BatchPair>(it->second);
}

// The variant's profile on the type's serving device; the type has one.
const LatencyProfile& profile_of(const PolicyWorld& world, VariantId variant, const InstanceType& type,
                                 const std::string& where) {
  const LatencyProfile* p = serving_profile(world, variant, type);
  if (!p) {
    throw InputError(where, "\"" + world.models->variant(variant).name + "\" is not profiled on " + type.name + "'s " +
                                serving_device_name(world, type));
  }
  return *p;
}

}  // namespace

InstanceOptions instance_options(const PolicyWorld& world, VariantId variant_id,
                                 std::span<const InstanceTypeId> types, Duration rt_max, BatchingRule batching,
                                 const PriceOf& price_of, const std::string& where) {
  const ModelVariant& variant = world.models->variant(variant_id);
  const std::string& family = world.models->family(variant.family).name;
  InstanceOptions out;
  for (InstanceTypeId t : types) {
    const InstanceType& type = world.hardware->instance_type(t);
    if (type.devices.empty()) throw InputError(where, type.name + " has no device to serve on");
    const std::vector<Duration> latency = profile_of(world, variant_id, type, where).table(variant.max_batch);
    const MarkBatchTuning tuned = mark_batch_tuning(rt_max, latency);
    InstanceTypeOption o{.name = type.name,
                         .price_per_hour = price_of(t),
                         .capacity_per_minute = tuned.max_rate_qps * 60.0,
                         .n_batch = tuned.n_batch,
                         .w_batch = tuned.w_batch,
                         .batch_latency = latency[tuned.n_batch],
                         .launch_delay = world.cloud.boot_latency_of(t, type.boot_latency) + variant.load_latency,
                         .replicas = serving_device_count(type)};
    const auto pair = batching == BatchingRule::kPaper ? paper_pair(family, type) : std::nullopt;
    if (pair) {
      const bool runs = pair->n_batch < latency.size();  // within the variant's max_batch
      const Duration t_n = runs ? latency[pair->n_batch] : Duration::infinite();
      if (pair->w_batch + t_n <= rt_max) {
        o.n_batch = pair->n_batch;
        o.w_batch = pair->w_batch;
        o.batch_latency = t_n;
        o.capacity_per_minute = 60.0 * pair->n_batch / t_n.seconds();
        ++out.paper_pairs.used;
      } else {
        ++out.paper_pairs.too_slow;
      }
    }
    // So far one device's rate. MArk profiles and serves on the instance
    // (section 4.1): each serving device runs a replica at that rate.
    o.capacity_per_minute *= o.replicas;
    out.options.push_back(o);
    out.types.push_back(t);
    out.tuned.push_back(tuned);
  }
  return out;
}

}  // namespace servesim::mark
