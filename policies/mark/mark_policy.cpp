#include "policies/mark/mark_policy.hpp"

#include <algorithm>
#include <ostream>

#include "policies/catalog_refs.hpp"
#include "policies/mark/history_samples.hpp"
#include "policies/mark/lstm_model_cache.hpp"
#include "policies/mark/training_work.hpp"
#include "policies/scenario_cache.hpp"
#include "policies/serving_device.hpp"
#include "sim/core/input_error.hpp"

namespace servesim {
namespace {

// MArk serves one model per application: the most accurate variant of its
// single stage's family (MArk's models have one variant each).
VariantId served_variant(const PolicyWorld& world, const Application& app, const JsonNode& params) {
  if (app.pipeline.stages().size() != 1) {
    params.fail("MArk serves single-model applications; \"" + app.name + "\" is a pipeline");
  }
  return world.models->most_accurate(app.pipeline.stages().front().family);
}

// Without an explicit list, the default types the variant is profiled on
// (LSTM-ptb has no GPU profile: section 5.1 serves it on CPU only).
std::vector<InstanceTypeId> profiled_types(const PolicyWorld& world, VariantId variant,
                                           const std::vector<InstanceTypeId>& types) {
  std::vector<InstanceTypeId> out;
  for (InstanceTypeId t : types) {
    if (serving_profile(world, variant, world.hardware->instance_type(t))) out.push_back(t);
  }
  return out;
}

// An explicit list is shared by every application: each uses the listed
// types its model is profiled on (a CPU-only stage skips the GPU types). A
// listed type that no application's model runs on stays in every list, so
// that the list's mistake is reported as before (instance_options).
std::vector<InstanceTypeId> listed_types_for(const PolicyWorld& world, VariantId variant,
                                             const std::vector<VariantId>& served,
                                             const std::vector<InstanceTypeId>& types) {
  std::vector<InstanceTypeId> out;
  for (InstanceTypeId t : types) {
    const InstanceType& type = world.hardware->instance_type(t);
    const bool runs_some = std::any_of(served.begin(), served.end(),
                                       [&](VariantId v) { return serving_profile(world, v, type) != nullptr; });
    if (!runs_some || serving_profile(world, variant, type)) out.push_back(t);
  }
  return out;
}

std::optional<std::uint32_t> lambda_function(const PolicyWorld& world, const mark::MarkParams& p,
                                             VariantId variant, const JsonNode& params) {
  if (!p.ablations.lambda) return std::nullopt;
  const auto& functions = world.cloud.lambda_functions;
  if (p.lambda_function) return lambda_function_of(params.at("lambda_function"), functions);
  for (std::uint32_t f = 0; f < functions.size(); ++f) {
    if (functions[f].variant == variant) return f;
  }
  return std::nullopt;  // no function packages the model: MArk runs without Lambda
}

// "training the LSTM on \"app\"'s history (20160 samples x 50 epochs x 32 units)"
std::string training_text(const PolicyWorld& world, AppId app, std::size_t samples,
                          const mark::PredictorSettings& settings) {
  return "training the LSTM on \"" + world.applications[app].name + "\"'s history (" + std::to_string(samples) +
         " samples x " + std::to_string(settings.lstm.epochs) + " epochs x " + std::to_string(settings.lstm.units) +
         " units)";
}

// The LSTM's checks, before any training: its history long enough, its
// training within the limit. Returns the training's work.
double check_lstm(const PolicyWorld& world, AppId app, std::size_t samples, const mark::PredictorSettings& settings,
                  const JsonNode& params) {
  // The mistake is the application's history (or the window asked of it):
  // named as the scenario's path, with the policy's in the message.
  mark::validate_history_length(samples, settings, params.file() + ": applications[" + std::to_string(app) + "]",
                                params.path());
  const double work = mark::lstm_training_work(samples, settings.window, settings.lstm);
  if (work > mark::kMaxLstmTrainingWork) {
    throw InputError(params.where(), training_text(world, app, samples, settings) + " is " +
                                         mark::training_time_text(work) + " of training, more than the limit of " +
                                         mark::training_time_text(mark::kMaxLstmTrainingWork) +
                                         " (docs/scenario.md, \"Limits\"): lower lstm_units or lstm_epochs, or "
                                         "shorten the history");
  }
  return work;
}

// The arrival oracle the scenario grants; a missing one is named at the
// predictor's node (or the policy's, when the predictor is a plain name).
const ArrivalOracle& oracle_for(const PolicyContext& context, const JsonNode& params) {
  return *require_oracle(context, params.has("predictor") ? params.at("predictor") : params);
}

std::unique_ptr<mark::LoadPredictor> predictor_for(const PolicyWorld& world, AppId app,
                                                   const mark::PredictorSettings& settings,
                                                   const PolicyContext& context, const JsonNode& params) {
  if (context.check_only) {
    // Checked, not computed (servesim validate): no history drawn, no LSTM
    // trained, no oracle read; the start is planned on no load, by the
    // last-value predictor in the configured one's place.
    if (settings.kind == mark::PredictorKind::kLstm) {
      check_lstm(world, app, mark::history_sample_count(world, app, settings), settings, params);
    }
    if (settings.kind == mark::PredictorKind::kOracle) oracle_for(context, params);
    mark::PredictorSettings stand_in = settings;
    stand_in.kind = mark::PredictorKind::kLastValue;
    return mark::make_load_predictor(stand_in, mark::PredictorInputs{});
  }
  const std::vector<double> history = mark::history_samples(world, app, settings);
  mark::PredictorInputs inputs{.history = history};
  std::vector<double> truth;
  if (settings.kind == mark::PredictorKind::kOracle) {
    truth = mark::run_samples(oracle_for(context, params), world, app, settings);
    inputs.truth = truth;
  }
  if (settings.kind == mark::PredictorKind::kLstm) {
    const double work = check_lstm(world, app, history.size(), settings, params);
    mark::LstmModelCache own;
    mark::LstmModelCache& cache = context.cache ? context.cache->get<mark::LstmModelCache>() : own;
    const auto announce = [&] {
      if (!context.notices || work / mark::kLstmWorkPerSecond < mark::kAnnouncedTrainingSeconds) return;
      *context.notices << "servesim: " << context.label << ": " << training_text(world, app, history.size(), settings)
                       << ", " << mark::training_time_text(work) << " (MArk's load predictor)\n";
    };
    inputs.lstm = cache.get_or_train(history, settings.window, settings.lstm, world.seed,
                                     "mark-lstm/" + world.applications[app].name, announce);
  }
  return mark::make_load_predictor(settings, inputs);
}

}  // namespace

MarkPolicy::MarkPolicy(const JsonNode& params, const PolicyContext& context) {
  const PolicyWorld& world = context.world;
  const mark::MarkParams parsed = mark::parse_mark_params(params, *world.hardware);
  tick_ = parsed.predictor.sample_window;
  std::vector<VariantId> served;
  for (const Application& app : world.applications) served.push_back(served_variant(world, app, params));
  for (AppId a = 0; a < world.applications.size(); ++a) {
    const Application& app = world.applications[a];
    mark::ServedModelSetup setup{.app = a, .variant = served[a], .rt_max = app.slo,
                                 .params = parsed, .lambda = {}, .lambda_latency = {}, .where = params.where()};
    if (!params.has("instance_types")) {
      setup.params.instance_types = profiled_types(world, setup.variant, parsed.instance_types);
      if (setup.params.instance_types.empty()) params.fail("\"" + app.name + "\"'s model is profiled on none of MArk's default instance types: name instance_types");
    } else {
      setup.params.instance_types = listed_types_for(world, setup.variant, served, parsed.instance_types);
      if (setup.params.instance_types.empty()) params.at("instance_types").fail("\"" + app.name + "\"'s model is profiled on none of these types");
    }
    setup.lambda = lambda_function(world, parsed, setup.variant, params);
    if (setup.lambda) setup.lambda_latency = world.cloud.lambda_functions[*setup.lambda].latency;
    auto predictor = predictor_for(world, a, parsed.predictor, context, params);
    models_.push_back(std::make_unique<mark::ServedModel>(std::move(setup), world, std::move(predictor)));
  }
}

void MarkPolicy::start(ClusterControl& control, const ClusterView& view) {
  for (auto& m : models_) m->start(control, view);
}

RouteDecision MarkPolicy::route(const RouteRequest& request, ClusterControl&, const ClusterView& view) {
  return models_[request.app]->route(request, view);
}

void MarkPolicy::on_tick(ClusterControl& control, const ClusterView& view) {
  for (auto& m : models_) m->on_tick(control, view);
}

void MarkPolicy::on_replica_ready(ReplicaId, ClusterControl&, const ClusterView& view) {
  for (auto& m : models_) m->on_replica_ready(view);
}

void MarkPolicy::on_interruption_notice(InstanceId id, SimTime, ClusterControl& control, const ClusterView& view) {
  for (auto& m : models_) m->on_interruption_notice(id, control, view);
}

void MarkPolicy::on_instance_gone(InstanceId id, ClusterControl&, const ClusterView& view) {
  for (auto& m : models_) m->on_instance_gone(id, view);
}

void MarkPolicy::report(PolicyCounters& out) const {
  for (std::size_t a = 0; a < models_.size(); ++a) {
    models_[a]->report(out, models_.size() == 1 ? "" : "app" + std::to_string(a) + "_");
  }
}

}  // namespace servesim
