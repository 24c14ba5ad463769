#pragma once
// Told of every object a reader checks with JsonNode::expect_object: the node
// (its file and JSON path) and every key the reader allows there. The schema
// test (tests/unit/schema) records these while loading the example scenarios
// and compares them with docs/scenario.schema.json, so that the published
// schema and the loader cannot drift apart. A node carries an observer only if
// its creator passed one (children inherit it): no global registry.
#include <span>
#include <string_view>

namespace servesim {

class JsonNode;

class JsonObjectObserver {
 public:
  virtual ~JsonObjectObserver() = default;
  virtual void object_read(const JsonNode& node, std::span<const std::string_view> allowed_keys) = 0;
};

}  // namespace servesim
