// The JSON of the artifact batchers: kinds, max_batch (B*), and
// drop_at_twice_deadline (on unless a Sommelier-like policy turns it off).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "policies/batcher_params.hpp"
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

TEST(ArtifactBatcherParams, KindsAndDefaults) {
  const BatcherSpec a = parse(R"({"kind": "artifact_accscale", "max_batch": 4})");
  EXPECT_EQ(a.kind, BatcherSpec::Kind::kArtifactAccscale);
  EXPECT_EQ(a.max_batch, 4u);
  EXPECT_TRUE(a.drop_at_twice_deadline);
  EXPECT_EQ(batcher_kind_name(a.kind), "artifact_accscale");
  const BatcherSpec m = parse(R"({"kind": "artifact_aimd"})");
  EXPECT_EQ(m.kind, BatcherSpec::Kind::kArtifactAimd);
  EXPECT_EQ(m.max_batch, 0u);
  EXPECT_TRUE(m.drop_at_twice_deadline);
  EXPECT_EQ(batcher_kind_name(m.kind), "artifact_aimd");
  EXPECT_FALSE(parse(R"({"kind": "artifact_accscale", "drop_at_twice_deadline": false})").drop_at_twice_deadline);
  EXPECT_FALSE(parse(R"({"kind": "artifact_aimd", "drop_at_twice_deadline": false})").drop_at_twice_deadline);
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
