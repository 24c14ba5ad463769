#include "policies/batcher_params.hpp"

#include <string>
#include <string_view>
#include "sim/core/input_limits.hpp"

namespace servesim {
namespace {

using Kind = BatcherSpec::Kind;

// Which kind reads which key, so that a key given to the wrong kind is named.
struct KindOnlyKey {
  std::string_view key;
  Kind kind;
};
constexpr KindOnlyKey kKindOnlyKeys[] = {
    {"timeout_ms", Kind::kTimeout}, {"initial", Kind::kAimd}, {"step", Kind::kAimd},
    {"decrease", Kind::kAimd},      {"slo_ms", Kind::kMark},
};

Kind kind_of(const std::string& name) {
  if (name == "timeout") return Kind::kTimeout;
  if (name == "proteus") return Kind::kProteus;
  if (name == "aimd") return Kind::kAimd;
  if (name == "nexus") return Kind::kNexus;
  if (name == "mark") return Kind::kMark;
  if (name == "artifact_accscale") return Kind::kArtifactAccscale;
  if (name == "artifact_aimd") return Kind::kArtifactAimd;
  return Kind::kGreedy;
}

// A batch count as a positive integer that fits a batch size without
// wrapping: far above any profiled batch, far below 2^32.
std::uint32_t batch_count_or(const JsonNode& node, std::string_view key, std::uint32_t fallback) {
  return static_cast<std::uint32_t>(node.integer_in_or(key, 1, 1 << 20, fallback));
}

}  // namespace

BatcherSpec parse_batcher(const JsonNode& node) {
  node.expect_object(
      {"kind", "max_batch", "timeout_ms", "initial", "step", "decrease", "slo_ms", "drop_at_twice_deadline"});
  BatcherSpec spec;
  spec.kind = node.has("kind") ? kind_of(node.at("kind").choice({"greedy", "timeout", "proteus", "aimd", "nexus",
                                                                 "mark", "artifact_accscale", "artifact_aimd"}))
                               : Kind::kGreedy;
  if (node.has("drop_at_twice_deadline") && spec.kind != Kind::kArtifactAccscale && spec.kind != Kind::kArtifactAimd) {
    node.at("drop_at_twice_deadline").fail("only an \"artifact_accscale\" or \"artifact_aimd\" batcher takes drop_at_twice_deadline");
  }
  for (const KindOnlyKey& k : kKindOnlyKeys) {
    if (node.has(k.key) && spec.kind != k.kind) {
      node.at(k.key).fail("only a \"" + batcher_kind_name(k.kind) + "\" batcher takes " + std::string(k.key));
    }
  }
  spec.max_batch = batch_count_or(node, "max_batch", 0);
  switch (spec.kind) {
    case Kind::kTimeout:
      spec.timeout = node.at("timeout_ms").millis_in(0);
      break;
    case Kind::kAimd: {
      spec.aimd_initial = batch_count_or(node, "initial", spec.aimd_initial);
      if (spec.max_batch > 0 && spec.aimd_initial > spec.max_batch) {
        node.at("initial").fail("expected at most max_batch (" + std::to_string(spec.max_batch) + ")");
      }
      spec.aimd_step = batch_count_or(node, "step", spec.aimd_step);
      if (node.has("decrease")) {
        spec.aimd_decrease = node.at("decrease").positive();
        if (spec.aimd_decrease >= 1) node.at("decrease").fail("expected a factor in (0, 1)");
      }
      break;
    }
    case Kind::kMark:
      spec.slo = node.at("slo_ms").millis_in(1e-3);
      break;
    case Kind::kArtifactAccscale:
    case Kind::kArtifactAimd:
      spec.drop_at_twice_deadline = node.boolean_or("drop_at_twice_deadline", true);
      break;
    case Kind::kGreedy:
    case Kind::kProteus:
    case Kind::kNexus:
    case Kind::kInfaasV2:  // a policy's batcher (infaas-v2), never named in a scenario
      break;
  }
  return spec;
}

}  // namespace servesim
