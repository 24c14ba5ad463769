#include "policies/policy_registry.hpp"

#include "policies/coarse/coarse_grained_policy.hpp"
#include "policies/coarse/coarse_params.hpp"
#include "policies/infaas/infaas_ilp_params.hpp"
#include "policies/infaas/infaas_ilp_policy.hpp"
#include "policies/infaas/infaas_params.hpp"
#include "policies/infaas/infaas_policy.hpp"
#include "policies/infaas_v2/infaas_v2_params.hpp"
#include "policies/infaas_v2/infaas_v2_policy.hpp"
#include "policies/inferline/inferline_params.hpp"
#include "policies/inferline/inferline_policy.hpp"
#include "policies/mark/mark_params.hpp"
#include "policies/mark/mark_policy.hpp"
#include "policies/per_stage/per_stage_params.hpp"
#include "policies/per_stage/per_stage_policy.hpp"
#include "policies/proteus/proteus_params.hpp"
#include "policies/proteus/proteus_policy.hpp"
#include "policies/queue_threshold/queue_threshold_params.hpp"
#include "policies/queue_threshold/queue_threshold_policy.hpp"
#include "policies/sagemaker/sagemaker_params.hpp"
#include "policies/sagemaker/sagemaker_policy.hpp"
#include "policies/static/static_policy.hpp"

namespace servesim {

std::vector<PolicyEntry> policy_registry() {
  return {
      {"static", "fixed placement and batchers from the scenario; least-loaded, round-robin, weighted or central-queue routing",
       [](const JsonNode& params, const PolicyContext& context) -> std::unique_ptr<Policy> {
         return std::make_unique<StaticPolicy>(params, context);
       },
       OfflineSupport::kServed, "is not supported inside per-stage (its placement names the scenario's own applications)",
       &StaticPolicy::param_table},
      {"infaas", "INFaaS (ATC'21): per-query variant selection (Algorithm 1), greedy model autoscaler (replicate vs upgrade by the ILP's cost), VM autoscaler, interference mitigation; \"mode\": clipper+ or sm+ for section 6's baselines",
       [](const JsonNode& params, const PolicyContext& context) -> std::unique_ptr<Policy> {
         return std::make_unique<InfaasPolicy>(params, context);
       },
       OfflineSupport::kServed, "", &infaas::param_table},
      {"infaas-ilp", "INFaaS section 4.2.1's ILP solved exactly (GLPK) on every tick: an oracle autoscaler over variants and instance types",
       [](const JsonNode& params, const PolicyContext& context) -> std::unique_ptr<Policy> {
         return std::make_unique<InfaasIlpPolicy>(params, context);
       },
       OfflineSupport::kNotYetSupported, "is not supported inside per-stage", &infaas::ilp_param_table},
      {"infaas-v2", "INFaaS-Accuracy as the Proteus artifact simulates it (its infaas_v2 allocation, infaas scheduling and batching): per-query selection that adds predictors, 10-s up/down-scaling, artifact quirks as switches",
       [](const JsonNode& params, const PolicyContext& context) -> std::unique_ptr<Policy> {
         return std::make_unique<InfaasV2Policy>(params, context);
       },
       OfflineSupport::kNotSupported, "is not supported inside per-stage", &infaas_v2::param_table},
      {"mark", "MArk (ATC'19): load forecast every minute (LSTM by default), Algorithm 1's greedy instance plan over c5/m5/p2 with a cool-down, batching per type, Lambda for requests an instance would serve late, SLO monitor; \"market\": \"spot\" for MArk-spot with burstable standbys; ablation switches lambda, slo_monitor, standby, gpu",
       [](const JsonNode& params, const PolicyContext& context) -> std::unique_ptr<Policy> {
         return std::make_unique<MarkPolicy>(params, context);
       },
       OfflineSupport::kNotSupported, "", &mark::param_table},
      {"proteus", "Proteus (ASPLOS'24): MILP over variant selection, placement and query assignment with demand lowering, every 30 s and on bursts; proactive batching; ablation switches model_selection, model_placement, query_assignment, adaptive_batching",
       [](const JsonNode& params, const PolicyContext& context) -> std::unique_ptr<Policy> {
         return std::make_unique<ProteusPolicy>(params, context, proteus::Flavor::kProteus);
       },
       OfflineSupport::kNotSupported, "", &proteus::flavor_param_table<proteus::Flavor::kProteus>},
      {"clipper-ha", "Proteus section 6.1.1's Clipper-HA: static MILP allocation of each application's most accurate variant, AIMD batching",
       [](const JsonNode& params, const PolicyContext& context) -> std::unique_ptr<Policy> {
         return std::make_unique<ProteusPolicy>(params, context, proteus::Flavor::kClipperHa);
       },
       OfflineSupport::kNotSupported, "", &proteus::flavor_param_table<proteus::Flavor::kClipperHa>},
      {"clipper-ht", "Proteus section 6.1.1's Clipper-HT: static MILP allocation of each application's least accurate variant, AIMD batching",
       [](const JsonNode& params, const PolicyContext& context) -> std::unique_ptr<Policy> {
         return std::make_unique<ProteusPolicy>(params, context, proteus::Flavor::kClipperHt);
       },
       OfflineSupport::kNotSupported, "", &proteus::flavor_param_table<proteus::Flavor::kClipperHt>},
      {"sommelier", "Proteus section 6.1.1's Sommelier: MILP start placement, then per-application variant swaps on each device (never re-placed), Proteus batching",
       [](const JsonNode& params, const PolicyContext& context) -> std::unique_ptr<Policy> {
         return std::make_unique<ProteusPolicy>(params, context, proteus::Flavor::kSommelier);
       },
       OfflineSupport::kNotSupported, "", &proteus::flavor_param_table<proteus::Flavor::kSommelier>},
      {"inferline", "InferLine (SoCC'20) on a fixed cluster: the Planner (Algorithms 1-2 on the Estimator over a sample trace) picks each stage's hardware, batch and replicas; central batched queues; the Tuner scales stages when live traffic breaks the sample's envelope; \"tuner\": \"autoscale\" scales the whole plan as one unit by the coarse-grained baselines' AutoScale, \"none\" keeps the plan; \"planning\": \"oracle\" to plan on the live trace",
       [](const JsonNode& params, const PolicyContext& context) -> std::unique_ptr<Policy> {
         return std::make_unique<inferline::InferlinePolicy>(params, context);
       },
       OfflineSupport::kNotSupported, "serves pipelines itself: name it as a policy of its own",
       &inferline::param_table},
      {"cg-mean", "InferLine section 6's CG-Mean: the pipeline as one black box, every stage on Initialize's hardware at one batch (the largest power of two within the SLO), replicated in units for the planning trace's mean rate; AutoScale every second (\"tuner\": \"none\" for the plan alone)",
       [](const JsonNode& params, const PolicyContext& context) -> std::unique_ptr<Policy> {
         return std::make_unique<coarse::CoarseGrainedPolicy>(params, context, coarse::ProvisionFor::kMean);
       },
       OfflineSupport::kNotSupported, "serves pipelines itself: name it as a policy of its own",
       &coarse::param_table},
      {"cg-peak", "InferLine section 6's CG-Peak: as cg-mean, with units for the planning trace's peak rate over a sliding window as wide as the SLO",
       [](const JsonNode& params, const PolicyContext& context) -> std::unique_ptr<Policy> {
         return std::make_unique<coarse::CoarseGrainedPolicy>(params, context, coarse::ProvisionFor::kPeak);
       },
       OfflineSupport::kNotSupported, "serves pipelines itself: name it as a policy of its own",
       &coarse::param_table},
      {"sagemaker", "MArk section 5.1's SageMaker baseline: one instance type, no batching, round robin, AWS target tracking on invocations per instance at 0.5 x capacity",
       [](const JsonNode& params, const PolicyContext& context) -> std::unique_ptr<Policy> {
         return std::make_unique<sagemaker::SagemakerPolicy>(params, context);
       },
       OfflineSupport::kNotSupported, "", &sagemaker::param_table},
      {"queue-threshold", "a threshold autoscaler on elastic instances (docs/adding_a_policy.md's worked example): one instance type per application, the most accurate variant, join the shortest queue; an instance more when the queue per replica passes a threshold, one fewer after a quiet spell",
       [](const JsonNode& params, const PolicyContext& context) -> std::unique_ptr<Policy> {
         return std::make_unique<queue_threshold::QueueThresholdPolicy>(params, context);
       },
       OfflineSupport::kNotSupported, "", &queue_threshold::param_table},
      {"per-stage", "a single-model policy (\"policy\") applied to each stage of the pipelines as an application of its own, the end-to-end SLO split over the stages (\"slo_split\": fastest_latency or equal); stage deadlines for batching",
       [](const JsonNode& params, const PolicyContext& context) -> std::unique_ptr<Policy> {
         return std::make_unique<per_stage::PerStagePolicy>(params, context);
       },
       OfflineSupport::kNotSupported, "is not supported inside per-stage (it would apply itself per stage twice)",
       &per_stage::param_table},
  };
}

std::optional<PolicyEntry> find_policy(std::string_view name) {
  for (PolicyEntry& entry : policy_registry()) {
    if (entry.name == name) return std::move(entry);
  }
  return std::nullopt;
}

std::string known_policy_names() {
  std::string known;
  for (const PolicyEntry& entry : policy_registry()) known += (known.empty() ? "" : ", ") + entry.name;
  return known;
}

nlohmann::json params_rule(const std::string& selector, const std::string& name) {
  return {{"if", {{"properties", {{selector, {{"const", name}}}}}, {"required", {selector}}}},
          {"then", {{"properties", {{"params", schema_ref("params_" + name)}}}}}};
}

nlohmann::json policy_schema_part() {
  nlohmann::json names = nlohmann::json::array();
  nlohmann::json params_by_name = nlohmann::json::array();
  nlohmann::json definitions = nlohmann::json::object();
  for (const PolicyEntry& entry : policy_registry()) {
    names.push_back(entry.name);
    params_by_name.push_back(params_rule("name", entry.name));
    definitions["params_" + entry.name] = entry.params().schema();
  }
  return {{"policy_names", names}, {"policy_params_by_name", params_by_name}, {"definitions", definitions}};
}

namespace {

void check_offline_support(const PolicyEntry& entry, const JsonNode& name_node, const PolicyWorld& world) {
  if (world.offline_jobs.empty() || entry.offline == OfflineSupport::kServed) return;
  const std::string where =
      name_node.file() + ": applications[" + std::to_string(world.offline_jobs.front().app) + "].offline_jobs";
  throw InputError(where, entry.offline == OfflineSupport::kNotYetSupported
                              ? "offline jobs are not yet supported by policy \"" + entry.name +
                                    "\" (its offline throttle is to come; \"static\" serves them)"
                              : "policy \"" + entry.name + "\" does not support offline jobs (\"static\" serves them)");
}

}  // namespace

std::unique_ptr<Policy> make_policy(const JsonNode& name_node, const JsonNode& params, const PolicyContext& context) {
  const std::optional<PolicyEntry> entry = find_policy(name_node.string());
  if (!entry) name_node.fail("unknown policy " + name_node.shown() + " (known: " + known_policy_names() + ")");
  check_offline_support(*entry, name_node, context.world);
  return entry->make(params, context);
}

std::string policy_parameter_reference() {
  std::string out;
  for (const PolicyEntry& entry : policy_registry()) {
    out += "### `" + entry.name + "`\n\n" + entry.params().markdown() + "\n";
  }
  return out;
}

}  // namespace servesim
