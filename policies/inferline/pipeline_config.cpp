#include "policies/inferline/pipeline_config.hpp"

#include <stdexcept>
#include <string>

namespace servesim::inferline {

std::vector<StageService> stage_services(const Pipeline& pipeline, const PipelineConfig& config,
                                         const ModelCatalog& models, const HardwareCatalog& hardware) {
  const auto& stages = pipeline.stages();
  if (config.size() != stages.size()) {
    throw std::invalid_argument("the plan has " + std::to_string(config.size()) + " stages, the pipeline " +
                                std::to_string(stages.size()));
  }
  std::vector<StageService> out;
  out.reserve(stages.size());
  for (std::size_t s = 0; s < stages.size(); ++s) {
    const StageConfig& c = config[s];
    const std::string where = "stage \"" + stages[s].name + "\": ";
    if (c.variant >= models.variants().size()) throw std::invalid_argument(where + "no such variant");
    const ModelVariant& variant = models.variant(c.variant);
    if (variant.family != stages[s].family) {
      throw std::invalid_argument(where + "variant \"" + variant.name + "\" is not of the stage's family");
    }
    if (c.device_type >= hardware.types().size()) throw std::invalid_argument(where + "no such device type");
    const std::string& type = hardware.type(c.device_type).name;
    const LatencyProfile* profile = variant.profile_on(type);
    if (profile == nullptr) throw std::invalid_argument(where + "\"" + variant.name + "\" is not profiled on " + type);
    const std::uint32_t top = profile->max_batch(variant.max_batch);
    if (c.batch < 1 || c.batch > top) {
      throw std::invalid_argument(where + "batch " + std::to_string(c.batch) + " is outside 1.." +
                                  std::to_string(top) + " for \"" + variant.name + "\" on " + type);
    }
    if (c.replicas < 1) throw std::invalid_argument(where + "a stage needs at least one replica");
    std::vector<Duration> table = profile->table(variant.max_batch);
    table.resize(c.batch + 1);
    out.push_back(StageService{std::move(table), c.replicas});
  }
  return out;
}

}  // namespace servesim::inferline
