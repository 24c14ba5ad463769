#include "policies/batcher_params.hpp"

#include <algorithm>
#include <span>
#include <string>
#include <string_view>

#include "policies/proteus/artifact_batcher_plugin.hpp"
#include "sim/serving/batchers/batcher_registry.hpp"

namespace servesim {
namespace {

bool reads(const BatcherKind& kind, std::string_view key) {
  return std::find(kind.keys.begin(), kind.keys.end(), key) != kind.keys.end();
}

// "only a "mark" batcher takes slo_ms", naming every kind that reads the key.
std::string only_kinds_that_read(const std::vector<BatcherKind>& kinds, std::string_view key) {
  std::string names;
  for (const BatcherKind& kind : kinds) {
    if (!reads(kind, key)) continue;
    names += (names.empty() ? "\"" : " or \"") + kind.name + "\"";
  }
  const bool vowel = names.size() > 1 && std::string("aeiou").find(names[1]) != std::string::npos;
  return std::string(vowel ? "only an " : "only a ") + names + " batcher takes " + std::string(key);
}

}  // namespace

std::vector<BatcherKind> batcher_kinds() {
  std::vector<BatcherKind> kinds = engine_batcher_kinds();
  kinds.push_back(artifact_batcher_kind(ArtifactBatching::kAccscale));
  kinds.push_back(artifact_batcher_kind(ArtifactBatching::kAimd));
  return kinds;
}

BatcherSpec parse_batcher(const JsonNode& node) {
  const std::vector<BatcherKind> kinds = batcher_kinds();
  std::vector<std::string_view> names;
  std::vector<std::string_view> keys = {"kind", "max_batch"};
  for (const BatcherKind& kind : kinds) {
    names.push_back(kind.name);
    for (const std::string& key : kind.keys) {
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
    }
  }
  node.expect_object(keys);
  const std::string name = node.has("kind") ? node.at("kind").choice(names) : "greedy";
  const BatcherKind& kind = *std::find_if(kinds.begin(), kinds.end(), [&](const BatcherKind& k) { return k.name == name; });
  for (std::string_view key : std::span(keys).subspan(2)) {
    if (node.has(key) && !reads(kind, key)) node.at(key).fail(only_kinds_that_read(kinds, key));
  }
  return kind.parse(node, batch_count_or(node, "max_batch", 0));
}

}  // namespace servesim
