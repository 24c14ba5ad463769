#include "sim/scenario/offline_jobs_parser.hpp"

#include <set>
#include <string>

#include "sim/core/input_limits.hpp"
#include "sim/core/name_hint.hpp"

namespace servesim {
namespace {

// The job's family: offline inputs go to one model, so the application must
// be a one-stage pipeline (a pipeline's stages each have their own family).
FamilyId single_family(const JsonNode& list, const Application& app) {
  if (app.pipeline.stages().size() != 1) list.fail("offline jobs need a one-stage application (a \"family\"), not a pipeline");
  return app.pipeline.stages()[0].family;
}

// Like an application's min_accuracy (normalized, 1 = the family's best), but
// a floor of 0 means nothing: (0, 1]. It must admit a variant of the family.
double accuracy_floor(const JsonNode& node, FamilyId family, const ModelCatalog& models) {
  const double floor = node.number();
  if (!(floor > 0 && floor <= 1)) node.fail("expected an accuracy floor in (0, 1], got " + node.raw().dump());
  for (const auto& v : models.variants()) {
    if (v.family == family && v.accuracy >= floor) return floor;
  }
  node.fail("no variant of family \"" + models.family(family).name + "\" reaches accuracy " + node.raw().dump());
}

VariantId explicit_variant(const JsonNode& node, FamilyId family, const ModelCatalog& models) {
  const auto id = models.find_variant(node.string());
  if (!id) node.fail("unknown variant " + node.shown() + name_hint_of(node.string(), models.variants()));
  if (models.variant(*id).family != family) {
    node.fail("variant " + node.shown() + " is not of the application's family \"" + models.family(family).name + "\"");
  }
  return *id;
}

OfflineJob parse_job(const JsonNode& node, std::size_t index, AppId app, FamilyId family,
                     const SimulationConfig& world) {
  node.expect_object({"name", "submit_s", "inputs", "variant", "min_accuracy", "deadline_s"});
  OfflineJob job;
  job.name = node.string_or("name", std::to_string(index));
  job.app = app;
  job.family = family;
  const JsonNode submit = node.at("submit_s");
  const double submit_s = submit.number();
  if (!(submit_s >= 0) || submit_s >= world.duration.seconds()) {
    submit.fail("expected a submit time in [0, duration_s) = [0, " + std::to_string(world.duration.seconds()) +
                ") s, got " + submit.raw().dump());
  }
  job.submit = SimTime::zero() + from_seconds(submit_s);
  job.inputs = static_cast<std::uint64_t>(node.at("inputs").integer_in(1, kMaxCount));
  if (node.has("variant") && node.has("min_accuracy")) node.fail("give \"variant\" or \"min_accuracy\", not both");
  if (node.has("variant")) job.variant = explicit_variant(node.at("variant"), family, *world.models);
  if (node.has("min_accuracy")) job.min_accuracy = accuracy_floor(node.at("min_accuracy"), family, *world.models);
  if (node.has("deadline_s")) job.deadline = node.at("deadline_s").seconds_in(kMinPeriodS);
  return job;
}

}  // namespace

void parse_offline_jobs(const JsonNode& list, AppId app, SimulationConfig& world) {
  const FamilyId family = single_family(list, world.applications.at(app));
  std::set<std::string> names;
  const auto items = list.items();
  for (std::size_t j = 0; j < items.size(); ++j) {
    OfflineJob job = parse_job(items[j], j, app, family, world);
    if (!names.insert(job.name).second) {
      (items[j].has("name") ? items[j].at("name") : items[j]).fail("duplicate offline job name \"" + job.name + "\"");
    }
    world.offline_jobs.push_back(std::move(job));
  }
}

}  // namespace servesim
