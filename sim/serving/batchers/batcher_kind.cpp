#include "sim/serving/batchers/batcher_kind.hpp"

namespace servesim {

std::uint32_t batch_count_or(const JsonNode& node, std::string_view key, std::uint32_t fallback) {
  return static_cast<std::uint32_t>(node.integer_in_or(key, 1, 1 << 20, fallback));
}

}  // namespace servesim
