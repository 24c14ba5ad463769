#include "policies/proteus/variant_options.hpp"

#include <algorithm>

#include "sim/core/input_error.hpp"

namespace servesim::proteus {
namespace {

std::optional<Capacity> capacity_on(const ModelVariant& variant, const DeviceType& type, Duration slo,
                                    std::uint32_t batch_limit) {
  auto capacity = throughput_capacity(variant, type, slo);
  if (!capacity || batch_limit == 0 || capacity->batch <= batch_limit) return capacity;
  return limit_batch(*capacity, *variant.profile_on(type.name), batch_limit);
}

// Every variant of the application's family meeting its floor, with its
// capacities; those allowed on no device of the cluster are left out.
std::vector<VariantOption> all_options(AppId a, const PolicyWorld& world, const std::vector<bool>& present,
                                       const OptionRules& rules) {
  const Application& app = world.applications[a];
  const ModelCatalog& models = *world.models;
  std::vector<VariantOption> out;
  for (VariantId v : models.family(app.pipeline.stages()[0].family).variants) {
    const ModelVariant& variant = models.variant(v);
    if (app.min_accuracy && variant.accuracy < *app.min_accuracy) continue;
    if (!rules.allowed.empty() && !std::binary_search(rules.allowed.begin(), rules.allowed.end(), v)) continue;
    VariantOption option{a, v, variant.accuracy, std::vector<std::optional<Capacity>>(present.size())};
    bool anywhere = false;
    for (DeviceTypeId t = 0; t < present.size(); ++t) {
      if (!present[t]) continue;
      option.capacity[t] = capacity_on(variant, world.hardware->type(t), app.slo, rules.batch_limit);
      anywhere = anywhere || option.capacity[t].has_value();
    }
    if (anywhere || rules.keep_unservable) out.push_back(std::move(option));
  }
  return out;
}

// The option of the highest (kMostAccurate) or lowest accuracy; on ties the
// first in variant order (both std algorithms return the first extreme).
std::vector<VariantOption> restrict_to(std::vector<VariantOption> options, VariantChoice choice) {
  if (choice == VariantChoice::kAll || options.empty()) return options;
  const auto by_accuracy = [](const VariantOption& x, const VariantOption& y) { return x.accuracy < y.accuracy; };
  const auto it = choice == VariantChoice::kMostAccurate
                      ? std::max_element(options.begin(), options.end(), by_accuracy)
                      : std::min_element(options.begin(), options.end(), by_accuracy);
  return {*it};
}

}  // namespace

Capacity limit_batch(const Capacity& capacity, const LatencyProfile& profile, std::uint32_t limit) {
  if (capacity.batch <= limit) return capacity;
  Capacity out;
  out.batch = limit;
  out.latency = profile.at(limit);
  out.qps = static_cast<double>(limit) / out.latency.seconds();
  return out;
}

std::vector<VariantOption> variant_options(const PolicyWorld& world, const std::vector<bool>& present,
                                           const OptionRules& rules, const std::string& where) {
  std::vector<VariantOption> out;
  for (AppId a = 0; a < world.applications.size(); ++a) {
    auto options = restrict_to(all_options(a, world, present, rules), rules.choice);
    if (options.empty()) {
      const Application& app = world.applications[a];
      throw InputError(where, "application \"" + app.name + "\": no variant of family \"" +
                                  world.models->family(app.pipeline.stages()[0].family).name +
                                  "\" meets its SLO on a device of the cluster (a batch of 1 within half the SLO, "
                                  "section 4)" + (app.min_accuracy ? " at its accuracy floor" : ""));
    }
    out.insert(out.end(), options.begin(), options.end());
  }
  return out;
}

}  // namespace servesim::proteus
