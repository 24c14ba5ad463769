// The MILP's options on the test world (capacities, the baselines' and
// ablations' restrictions) and the parameters of the four policies.
#include <gtest/gtest.h>

#include <stdexcept>

#include "policies/proteus/variant_options.hpp"
#include "tests/unit/proteus/proteus_world.hpp"

namespace servesim::proteus::test {
namespace {

OptionRules rules_of(VariantChoice choice, std::uint32_t batch_limit = 0) {
  OptionRules rules;
  rules.choice = choice;
  rules.batch_limit = batch_limit;
  return rules;
}

json flat_world() { return world({{"kind", "poisson"}, {"rate", 100}}, {{"kind", "poisson"}, {"rate", 10}}, 10); }

struct Loaded {
  servesim::test::TempDir dir;
  Scenario scenario;
  explicit Loaded(const json& doc) : scenario(cloudtest::load_doc(dir, doc)) {}
  const SimulationConfig& w() const { return scenario.world; }
  std::string name(const VariantOption& o) const { return w().models->variant(o.variant).name; }
  std::vector<std::string> names(const std::vector<VariantOption>& options) const {
    std::vector<std::string> out;
    for (const auto& o : options) out.push_back(name(o));
    return out;
  }
  DeviceTypeId type(const char* n) const { return *w().hardware->find(n); }
  std::vector<bool> both() const { return std::vector<bool>(w().hardware->types().size(), true); }
};

TEST(ProteusOptions, CapacityIsTheLargestBatchWithinHalfTheSlo) {
  const Loaded l(flat_world());
  const auto options = variant_options(l.w(), l.both(), {}, "test");
  ASSERT_EQ(l.names(options), (std::vector<std::string>{"img-hi", "img-lo", "txt-hi", "txt-lo"}));
  const DeviceTypeId cpu = l.type("cpu"), gpu = l.type("gpu");
  EXPECT_FALSE(options[0].allowed_on(cpu));  // 60 ms > 50 ms
  EXPECT_EQ(options[0].capacity[gpu]->batch, 8u);
  EXPECT_NEAR(options[0].qps_on(gpu), 8 / 0.045, 1e-6);
  EXPECT_EQ(options[1].capacity[gpu]->batch, 16u);
  EXPECT_EQ(options[1].capacity[cpu]->batch, 2u);
  EXPECT_NEAR(options[1].qps_on(cpu), 50, 1e-9);
  EXPECT_EQ(options[2].capacity[cpu]->batch, 1u);
  EXPECT_DOUBLE_EQ(options[3].accuracy, 0.9);
}

TEST(ProteusOptions, RestrictionsOfTheBaselinesAndAblations) {
  const Loaded l(flat_world());
  EXPECT_EQ(l.names(variant_options(l.w(), l.both(), rules_of(VariantChoice::kMostAccurate), "t")),
            (std::vector<std::string>{"img-hi", "txt-hi"}));
  EXPECT_EQ(l.names(variant_options(l.w(), l.both(), rules_of(VariantChoice::kLeastAccurate), "t")),
            (std::vector<std::string>{"img-lo", "txt-lo"}));
  const auto batch1 = variant_options(l.w(), l.both(), rules_of(VariantChoice::kAll, 1), "t");
  EXPECT_EQ(batch1[1].capacity[l.type("gpu")]->batch, 1u);
  EXPECT_NEAR(batch1[1].qps_on(l.type("gpu")), 250, 1e-6);  // 1 / 4 ms
  // Only GPUs in the cluster: the most accurate is still img-hi; with only
  // CPUs img-hi is allowed nowhere, so the most accurate is img-lo.
  std::vector<bool> cpu_only(l.w().hardware->types().size(), false);
  cpu_only[l.type("cpu")] = true;
  EXPECT_EQ(l.names(variant_options(l.w(), cpu_only, rules_of(VariantChoice::kMostAccurate), "t")),
            (std::vector<std::string>{"img-lo", "txt-hi"}));
}

TEST(ProteusOptions, AccuracyFloorAndImpossibleSlo) {
  json doc = flat_world();
  doc["applications"][0]["min_accuracy"] = 0.85;
  const Loaded floor(doc);
  EXPECT_EQ(floor.names(variant_options(floor.w(), floor.both(), {}, "t")),
            (std::vector<std::string>{"img-hi", "txt-hi", "txt-lo"}));
  doc = flat_world();
  doc["applications"][0]["slo_ms"] = 7;  // half is 3.5 ms: below every batch of 1
  const Loaded tight(doc);
  EXPECT_THROW(variant_options(tight.w(), tight.both(), {}, "t"), InputError);
}

ProteusParams params_of(const json& params, Flavor flavor) {
  const Loaded l(flat_world());
  return parse_proteus_params(JsonNode(params, "s.json", "policies[0].params"), l.w(), flavor, {});
}

TEST(ProteusParams, DefaultsAreThePapersAndTheArtifacts) {
  const ProteusParams p = params_of(json::object(), Flavor::kProteus);
  EXPECT_EQ(p.solve_interval, from_seconds(30));
  EXPECT_EQ(p.solve_delay, from_seconds(4.2));
  EXPECT_FALSE(p.measured_solve_delay);
  EXPECT_DOUBLE_EQ(p.lowering.start_beta, 1.05);
  EXPECT_DOUBLE_EQ(p.ewma_com, 1.6);
  EXPECT_EQ(p.ewma_window, 20u);
  EXPECT_EQ(p.warmup_solves, (std::vector<Duration>{from_seconds(5), from_seconds(20)}));
  EXPECT_FALSE(p.initial_load.has_value());
  EXPECT_TRUE(p.model_selection && p.model_placement && p.query_assignment && p.adaptive_batching);
  EXPECT_DOUBLE_EQ(params_of(json::object(), Flavor::kSommelier).lowering.start_beta, 1.5);
  EXPECT_DOUBLE_EQ(p.limits.mip_gap, 0);       // the optimum
  EXPECT_DOUBLE_EQ(p.limits.time_limit_s, 5);  // a safety net above section 6.8's 4.2 s
}

TEST(ProteusParams, EveryFlavorTakesTheSolverLimits) {
  for (Flavor flavor : {Flavor::kProteus, Flavor::kSommelier, Flavor::kClipperHa, Flavor::kClipperHt}) {
    const ProteusParams p = params_of({{"mip_gap", 0.5}, {"time_limit_s", 2.5}}, flavor);
    EXPECT_DOUBLE_EQ(p.limits.mip_gap, 0.5);
    EXPECT_DOUBLE_EQ(p.limits.time_limit_s, 2.5);
  }
}

// The one-line message, or "" when the parameters are accepted.
std::string error_of(const json& params) {
  try {
    params_of(params, Flavor::kProteus);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(ProteusParams, BadSolverLimitsNameTheirField) {
  for (const json& gap : {json(-0.1), json(1), json(1.5), json("0.5")}) {
    const std::string message = error_of({{"mip_gap", gap}});
    EXPECT_NE(message.find("s.json: policies[0].params.mip_gap"), std::string::npos) << gap << ": " << message;
  }
  for (const json& limit : {json(0), json(-1), json("5")}) {
    const std::string message = error_of({{"time_limit_s", limit}});
    EXPECT_NE(message.find("s.json: policies[0].params.time_limit_s"), std::string::npos) << limit << ": " << message;
  }
  EXPECT_EQ(error_of({{"mip_gap", 0}, {"time_limit_s", 1e-3}}), "");
  EXPECT_EQ(error_of({{"mip_gap", 0.999}}), "");
}

TEST(ProteusParams, OverridesAreRead) {
  const ProteusParams p = params_of({{"initial_load_qps", {{"img", 300}, {"txt", 20}}},
                                     {"beta", 1.2},
                                     {"solve_interval_s", 10},
                                     {"warmup_solves_s", {8, 2}},
                                     {"solve_delay", "measured"},
                                     {"burst_factor", 2},
                                     {"model_selection", false},
                                     {"adaptive_batching", false}},
                                    Flavor::kProteus);
  EXPECT_EQ(*p.initial_load, (std::vector<double>{300, 20}));
  EXPECT_DOUBLE_EQ(p.lowering.start_beta, 1.2);
  EXPECT_EQ(p.solve_interval, from_seconds(10));
  EXPECT_EQ(p.warmup_solves, (std::vector<Duration>{from_seconds(2), from_seconds(8)}));
  EXPECT_TRUE(p.measured_solve_delay);
  EXPECT_DOUBLE_EQ(p.burst.factor, 2);
  EXPECT_FALSE(p.model_selection);
  EXPECT_FALSE(p.adaptive_batching);
  EXPECT_TRUE(p.query_assignment);
  EXPECT_EQ(*params_of({{"initial_load_qps", 40}}, Flavor::kClipperHa).initial_load, (std::vector<double>{40, 40}));
}

TEST(ProteusParams, UnknownAndForeignKeysAreErrors) {
  const auto fails = [](const json& params, Flavor flavor) {
    try {
      params_of(params, flavor);
    } catch (const InputError&) {
      return true;
    }
    return false;
  };
  EXPECT_TRUE(fails({{"solve_every", 3}}, Flavor::kProteus));
  EXPECT_TRUE(fails({{"solve_interval_s", 10}}, Flavor::kClipperHa));  // Clipper never re-solves
  EXPECT_TRUE(fails({{"model_selection", false}}, Flavor::kSommelier));
  EXPECT_TRUE(fails({{"solve_delay", 1}}, Flavor::kSommelier));        // its heuristic decides at once
  EXPECT_TRUE(fails({{"solve_delay", "wall"}}, Flavor::kProteus));
  EXPECT_TRUE(fails({{"initial_load_qps", {{"img", 3}}}}, Flavor::kProteus));  // txt missing
  EXPECT_TRUE(fails({{"initial_load_qps", {{"img", 3}, {"txt", 3}, {"x", 1}}}}, Flavor::kProteus));
  EXPECT_TRUE(fails({{"beta", 0.1}}, Flavor::kProteus));
  EXPECT_TRUE(fails({{"burst_factor", 0.5}}, Flavor::kProteus));
  EXPECT_TRUE(fails({{"model_placement", "no"}}, Flavor::kProteus));
  EXPECT_FALSE(fails({{"initial_load_qps", 10}, {"beta", 1.2}}, Flavor::kClipperHt));
}

TEST(ProteusParams, ApplicationsMustBeSingleStage) {
  json doc = flat_world();
  doc["applications"][1] = {{"name", "txt"},
                            {"slo_ms", 200},
                            {"pipeline",
                             {{"stages", json::array({{{"name", "a"}, {"family", "img"}}, {{"name", "b"}, {"family", "txt"}}})},
                              {"edges", json::array({{{"from", "a"}, {"to", "b"}}})}}},
                            {"workload", {{"kind", "poisson"}, {"rate", 10}}}};
  const Loaded l(doc);
  EXPECT_THROW(parse_proteus_params(JsonNode(json::object(), "s.json", "p"), l.w(), Flavor::kProteus, {}), InputError);
}

}  // namespace
}  // namespace servesim::proteus::test
