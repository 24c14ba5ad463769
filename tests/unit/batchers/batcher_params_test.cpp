// The JSON of the new batcher kinds: defaults, ranges, and keys given to the
// wrong kind are errors naming the field.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "policies/batcher_params.hpp"
#include "policies/proteus/artifact_batcher_plugin.hpp"
#include "sim/core/input_error.hpp"

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

TEST(BatcherParams, ProteusAndNexus) {
  const BatcherSpec p = parse(R"({"kind": "proteus"})");
  EXPECT_EQ(p.kind, BatcherSpec::Kind::kProteus);
  EXPECT_EQ(p.max_batch, 0u);
  EXPECT_EQ(parse(R"({"kind": "proteus", "max_batch": 8})").max_batch, 8u);
  const BatcherSpec n = parse(R"({"kind": "nexus", "max_batch": 4})");
  EXPECT_EQ(n.kind, BatcherSpec::Kind::kNexus);
  EXPECT_EQ(n.max_batch, 4u);
  EXPECT_EQ(batcher_name(p), "proteus");
  EXPECT_EQ(batcher_name(n), "nexus");
}

TEST(BatcherParams, AimdDefaultsAndValues) {
  const BatcherSpec d = parse(R"({"kind": "aimd"})");
  EXPECT_EQ(d.kind, BatcherSpec::Kind::kAimd);
  EXPECT_EQ(d.aimd_initial, 1u);
  EXPECT_EQ(d.aimd_step, 1u);
  EXPECT_DOUBLE_EQ(d.aimd_decrease, 0.9);
  const BatcherSpec a = parse(R"({"kind": "aimd", "initial": 2, "step": 3, "decrease": 0.5, "max_batch": 16})");
  EXPECT_EQ(a.aimd_initial, 2u);
  EXPECT_EQ(a.aimd_step, 3u);
  EXPECT_DOUBLE_EQ(a.aimd_decrease, 0.5);
  EXPECT_EQ(a.max_batch, 16u);
  EXPECT_EQ(batcher_name(a), "aimd");
}

TEST(BatcherParams, Mark) {
  const BatcherSpec m = parse(R"({"kind": "mark", "slo_ms": 250})");
  EXPECT_EQ(m.kind, BatcherSpec::Kind::kMark);
  EXPECT_EQ(m.slo, from_millis(250));
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
  EXPECT_NE(error_of(R"({"kind": "nexus", "step": 1})").find("only a \"aimd\" batcher takes step"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "aimd", "slo_ms": 10})").find("only a \"mark\" batcher takes slo_ms"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "mark", "slo_ms": 10, "timeout_ms": 3})").find("timeout_ms"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "clipper"})").find("batcher.kind"), std::string::npos);
}

// The Proteus artifact's batchers (artifact_accscale_batcher.hpp,
// artifact_aimd_batcher.hpp), plug-ins from the proteus policy's folder.
const ArtifactBatcherPlugin& artifact(const BatcherSpec& spec) {
  EXPECT_EQ(spec.kind, BatcherSpec::Kind::kPlugin);
  return dynamic_cast<const ArtifactBatcherPlugin&>(*spec.plugin);
}

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
  EXPECT_NE(error_of(R"({"kind": "proteus", "drop_at_twice_deadline": true})").find("drop_at_twice_deadline"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "artifact_aimd", "step": 1})").find("only a \"aimd\" batcher takes step"),
            std::string::npos);
  EXPECT_NE(error_of(R"({"kind": "artifact_accscale", "drop_at_twice_deadline": 1})").find("drop_at_twice_deadline"),
            std::string::npos);
}

}  // namespace
}  // namespace servesim::test
