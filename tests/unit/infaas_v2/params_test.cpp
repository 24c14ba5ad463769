#include "policies/infaas_v2/infaas_v2_params.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "sim/core/input_error.hpp"

namespace servesim::infaas_v2 {
namespace {

TEST(InfaasV2Params, DefaultsAreTheArtifactsConfig) {
  const nlohmann::json empty = nlohmann::json::object();
  const Params p = parse_params(JsonNode(empty, "s.json"));
  EXPECT_DOUBLE_EQ(p.slack, 0.05);
  EXPECT_DOUBLE_EQ(p.downscale_slack, 0.6);
  EXPECT_DOUBLE_EQ(p.scaling_interval.seconds(), 10);
  EXPECT_DOUBLE_EQ(p.expiry_factor, 2);
  EXPECT_TRUE(p.replicate_least_accurate && p.latency_as_throughput && p.stale_downscale_batch &&
              p.downscale_return_discards && p.downscale_moves_cpu_predictors && p.random_fallback &&
              p.dropped_count_as_queued);
  EXPECT_TRUE(p.batch_timer);  // "batching": "infaas"
}

// The artifact's "batching": "aimd" with its INFaaS task assignment: the
// one-shot timer rings into aimd_expiring_callback, which does nothing, so the
// policy's batchers start with the timer spent (InfaasV2Batcher.ASpentTimerIsNeverSet).
TEST(InfaasV2Params, AimdBatchingHasNoTimer) {
  const nlohmann::json aimd = {{"batching", "aimd"}};
  EXPECT_FALSE(parse_params(JsonNode(aimd, "s.json")).batch_timer);
  const nlohmann::json infaas = {{"batching", "infaas"}};
  EXPECT_TRUE(parse_params(JsonNode(infaas, "s.json")).batch_timer);
  const nlohmann::json bad = {{"batching", "nexus"}};
  EXPECT_THROW(parse_params(JsonNode(bad, "s.json")), InputError);
}

TEST(InfaasV2Params, ReadsSwitchesAndRejectsUnknownKeys) {
  const nlohmann::json doc = {{"random_fallback", false}, {"scaling_interval_s", 5},
                              {"device_types", {"cpu", "a100", "", "gtx1080ti"}}};
  const Params p = parse_params(JsonNode(doc, "s.json"));
  EXPECT_FALSE(p.random_fallback);
  EXPECT_DOUBLE_EQ(p.scaling_interval.seconds(), 5);
  EXPECT_EQ(p.device_types[2], "");
  const nlohmann::json bad = {{"slak", 0.1}};
  EXPECT_THROW(parse_params(JsonNode(bad, "s.json")), InputError);
}

}  // namespace
}  // namespace servesim::infaas_v2
