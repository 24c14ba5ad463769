#include "policies/batcher_params.hpp"

namespace servesim {

BatcherSpec parse_batcher(const JsonNode& node) {
  node.expect_object({"kind", "max_batch", "timeout_ms"});
  BatcherSpec spec;
  const std::string kind = node.has("kind") ? node.at("kind").choice({"greedy", "timeout"}) : "greedy";
  spec.kind = kind == "timeout" ? BatcherSpec::Kind::kTimeout : BatcherSpec::Kind::kGreedy;
  spec.max_batch = static_cast<std::uint32_t>(node.positive_integer_or("max_batch", 0));
  if (spec.kind == BatcherSpec::Kind::kTimeout) {
    spec.timeout = from_millis(node.non_negative("timeout_ms"));
  } else if (node.has("timeout_ms")) {
    node.at("timeout_ms").fail("only a \"timeout\" batcher takes timeout_ms");
  }
  return spec;
}

}  // namespace servesim
