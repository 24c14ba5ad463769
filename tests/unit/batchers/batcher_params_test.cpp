// The JSON of the new batcher kinds: defaults, ranges, and keys given to the
// wrong kind are errors naming the field.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <tuple>

#include "policies/batcher_params.hpp"
#include "policies/proteus/artifact_batcher_plugin.hpp"
#include "sim/core/input_error.hpp"
#include "sim/serving/batchers/aimd_batcher.hpp"
#include "sim/serving/batchers/mark_batch_tuning.hpp"
#include "sim/serving/batchers/nexus_batcher.hpp"
#include "sim/serving/batchers/proteus_batcher.hpp"
#include "sim/serving/batchers/timeout_batcher.hpp"

namespace servesim::test {
namespace {

BatcherSpec parse(const std::string& text) { return parse_batcher(JsonNode(nlohmann::json::parse(text), "s.json", "batcher")); }

std::string error_of(const std::string& text) {
  try {
    parse(text);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// The plug-in a spec holds, as the type its kind makes (a failed cast throws).
template <class Plugin>
const Plugin& plugin(const BatcherSpec& spec) {
  EXPECT_NE(spec.plugin, nullptr);
  return dynamic_cast<const Plugin&>(*spec.plugin);
}

TEST(BatcherParams, GreedyIsTheDefault) {
  for (const char* text : {R"({})", R"({"kind": "greedy", "max_batch": 3})"}) {
    const BatcherSpec g = parse(text);
    EXPECT_EQ(g.plugin, nullptr) << text;
    EXPECT_EQ(batcher_name(g), "greedy");
  }
  EXPECT_EQ(parse(R"({"kind": "greedy", "max_batch": 3})").max_batch, 3u);
}

TEST(BatcherParams, Timeout) {
  const BatcherSpec t = parse(R"({"kind": "timeout", "max_batch": 8, "timeout_ms": 5})");
  EXPECT_EQ(std::get<0>(plugin<TimeoutBatcherPlugin>(t).settings()), from_millis(5));
  EXPECT_EQ(t.max_batch, 8u);
  EXPECT_EQ(batcher_name(t), "timeout");
  EXPECT_NE(error_of(R"({"kind": "timeout"})").find("batcher.timeout_ms"), std::string::npos);
}

TEST(BatcherParams, ProteusAndNexus) {
  const BatcherSpec p = parse(R"({"kind": "proteus"})");
  plugin<ProteusBatcherPlugin>(p);
  EXPECT_EQ(p.max_batch, 0u);
  EXPECT_EQ(parse(R"({"kind": "proteus", "max_batch": 8})").max_batch, 8u);
  const BatcherSpec n = parse(R"({"kind": "nexus", "max_batch": 4})");
  plugin<NexusBatcherPlugin>(n);
  EXPECT_EQ(n.max_batch, 4u);
  EXPECT_EQ(batcher_name(p), "proteus");
  EXPECT_EQ(batcher_name(n), "nexus");
}

TEST(BatcherParams, AimdDefaultsAndValues) {
  const auto& [d_initial, d_step, d_decrease] = plugin<AimdBatcherPlugin>(parse(R"({"kind": "aimd"})")).settings();
  EXPECT_EQ(d_initial, 1u);
  EXPECT_EQ(d_step, 1u);
  EXPECT_DOUBLE_EQ(d_decrease, 0.9);
  const BatcherSpec a = parse(R"({"kind": "aimd", "initial": 2, "step": 3, "decrease": 0.5, "max_batch": 16})");
  const auto& [initial, step, decrease] = plugin<AimdBatcherPlugin>(a).settings();
  EXPECT_EQ(initial, 2u);
  EXPECT_EQ(step, 3u);
  EXPECT_DOUBLE_EQ(decrease, 0.5);
  EXPECT_EQ(a.max_batch, 16u);
  EXPECT_EQ(batcher_name(a), "aimd");
}

TEST(BatcherParams, Mark) {
  const BatcherSpec m = parse(R"({"kind": "mark", "slo_ms": 250})");
  EXPECT_EQ(std::get<0>(plugin<MarkBatcherPlugin>(m).settings()), from_millis(250));
  EXPECT_EQ(batcher_name(m), "mark");
}

TEST(BatcherParams, RangesAreChecked) {
  EXPECT_NE(error_of(R"({"kind": "aimd", "decrease": 1})").find("batcher.decrease"), std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "aimd", "decrease": 0})").find("batcher.decrease"), std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "aimd", "decrease": 1.5})").find("(0, 1)"), std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "aimd", "step": 0})").find("batcher.step"), std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "aimd", "initial": 2.5})").find("batcher.initial"), std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "aimd", "initial": 9, "max_batch": 8})").find("at most max_batch"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "proteus", "max_batch": 5000000000})").find("batcher.max_batch"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "mark"})").find("slo_ms"), std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "mark", "slo_ms": -1})").find("batcher.slo_ms"), std::string::npos);
}

TEST(BatcherParams, UnknownKeysAndKeysOfAnotherKindAreErrors) {
  EXPECT_NE(error_of(R"({"kind": "proteus", "wait_ms": 3})").find("wait_ms"), std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "nexus", "step": 1})").find("only an \"aimd\" batcher takes step"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "aimd", "slo_ms": 10})").find("only a \"mark\" batcher takes slo_ms"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "mark", "slo_ms": 10, "timeout_ms": 3})").find("timeout_ms"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "clipper"})").find("batcher.kind"), std::string::npos);
}

// The Proteus artifact's batchers (artifact_accscale_batcher.hpp,
// artifact_aimd_batcher.hpp), plug-ins from the proteus policy's folder.
const ArtifactBatcherPlugin& artifact(const BatcherSpec& spec) { return plugin<ArtifactBatcherPlugin>(spec); }

TEST(ArtifactBatcherParams, KindsAndDefaults) {
  const BatcherSpec a = parse(R"({"kind": "artifact_accscale", "max_batch": 4})");
  EXPECT_EQ(artifact(a).batching(), ArtifactBatching::kAccscale);
  EXPECT_EQ(a.max_batch, 4u);
  EXPECT_TRUE(artifact(a).drop_at_twice_deadline());
  EXPECT_FALSE(artifact(a).never_serves());
  EXPECT_EQ(batcher_name(a), "artifact_accscale");
  const BatcherSpec m = parse(R"({"kind": "artifact_aimd"})");
  EXPECT_EQ(artifact(m).batching(), ArtifactBatching::kAimd);
  EXPECT_EQ(m.max_batch, 0u);
  EXPECT_TRUE(artifact(m).drop_at_twice_deadline());
  EXPECT_EQ(batcher_name(m), "artifact_aimd");
  EXPECT_FALSE(artifact(parse(R"({"kind": "artifact_accscale", "drop_at_twice_deadline": false})")).drop_at_twice_deadline());
  EXPECT_FALSE(artifact(parse(R"({"kind": "artifact_aimd", "drop_at_twice_deadline": false})")).drop_at_twice_deadline());
}

TEST(ArtifactBatcherParams, TheDropKeyBelongsToTheArtifactKinds) {
  EXPECT_NE(error_of(R"({"kind": "proteus", "drop_at_twice_deadline": true})")
                .find("only an \"artifact_accscale\" or \"artifact_aimd\" batcher takes drop_at_twice_deadline"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "artifact_aimd", "step": 1})").find("only an \"aimd\" batcher takes step"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "artifact_accscale", "drop_at_twice_deadline": 1})").find("drop_at_twice_deadline"),
            std::string::npos);
}

}  // namespace
}  // namespace servesim::test
