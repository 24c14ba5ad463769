#include "sim/scenario/query_csv_names.hpp"

namespace servesim {

QueryCsvNames query_csv_names(const SimulationConfig& world) {
  QueryCsvNames names;
  for (const auto& app : world.applications) names.apps.push_back(app.name);
  for (const auto& variant : world.models->variants()) names.variants.push_back(variant.name);
  for (const auto& type : world.hardware->types()) names.device_types.push_back(type.name);
  return names;
}

}  // namespace servesim
