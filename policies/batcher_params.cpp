#include "policies/batcher_params.hpp"

#include <string>
#include <string_view>
#include "policies/proteus/artifact_batcher_plugin.hpp"
#include "sim/core/input_limits.hpp"

namespace servesim {
namespace {

using Kind = BatcherSpec::Kind;

// Which kind reads which key, so that a key given to the wrong kind is named.
struct KindOnlyKey {
  std::string_view key;
  std::string_view kind;
};
constexpr KindOnlyKey kKindOnlyKeys[] = {
    {"timeout_ms", "timeout"}, {"initial", "aimd"}, {"step", "aimd"}, {"decrease", "aimd"}, {"slo_ms", "mark"},
};

Kind kind_of(const std::string& name) {
  if (name == "timeout") return Kind::kTimeout;
  if (name == "proteus") return Kind::kProteus;
  if (name == "aimd") return Kind::kAimd;
  if (name == "nexus") return Kind::kNexus;
  if (name == "mark") return Kind::kMark;
  return Kind::kGreedy;
}

bool is_artifact(const std::string& name) { return name == "artifact_accscale" || name == "artifact_aimd"; }

// A batch count as a positive integer that fits a batch size without
// wrapping: far above any profiled batch, far below 2^32.
std::uint32_t batch_count_or(const JsonNode& node, std::string_view key, std::uint32_t fallback) {
  return static_cast<std::uint32_t>(node.integer_in_or(key, 1, 1 << 20, fallback));
}

}  // namespace

BatcherSpec parse_batcher(const JsonNode& node) {
  node.expect_object(
      {"kind", "max_batch", "timeout_ms", "initial", "step", "decrease", "slo_ms", "drop_at_twice_deadline"});
  const std::string name = node.has("kind") ? node.at("kind").choice({"greedy", "timeout", "proteus", "aimd", "nexus",
                                                                       "mark", "artifact_accscale", "artifact_aimd"})
                                            : "greedy";
  if (node.has("drop_at_twice_deadline") && !is_artifact(name)) {
    node.at("drop_at_twice_deadline").fail("only an \"artifact_accscale\" or \"artifact_aimd\" batcher takes drop_at_twice_deadline");
  }
  for (const KindOnlyKey& k : kKindOnlyKeys) {
    if (node.has(k.key) && name != k.kind) {
      node.at(k.key).fail("only a \"" + std::string(k.kind) + "\" batcher takes " + std::string(k.key));
    }
  }
  const std::uint32_t max_batch = batch_count_or(node, "max_batch", 0);
  if (is_artifact(name)) {
    // The Proteus artifact's batchers, plug-ins of the proteus policy's folder.
    return artifact_batcher(name == "artifact_accscale" ? ArtifactBatching::kAccscale : ArtifactBatching::kAimd,
                            max_batch, node.boolean_or("drop_at_twice_deadline", true));
  }
  BatcherSpec spec;
  spec.kind = kind_of(name);
  spec.max_batch = max_batch;
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
    case Kind::kGreedy:
    case Kind::kProteus:
    case Kind::kNexus:
    case Kind::kPlugin:  // a policy's own batcher, never named in a scenario but for the artifact's (above)
      break;
  }
  return spec;
}

}  // namespace servesim
