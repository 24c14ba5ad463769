#pragma once
// A JsonObjectObserver that keeps every object a reader checked: its JSON
// path in the scenario file and the keys the reader allows there.
#include <set>
#include <string>
#include <vector>

#include "sim/core/json_node.hpp"

namespace servesim::test {

struct ReadObject {
  std::string path;               // "applications[0].workload", "" for the root
  std::set<std::string> allowed;  // the reader's expect_object list
};

class ObjectRecorder : public JsonObjectObserver {
 public:
  void object_read(const JsonNode& node, std::span<const std::string_view> allowed_keys) override {
    objects_.push_back({node.path(), std::set<std::string>(allowed_keys.begin(), allowed_keys.end())});
  }
  const std::vector<ReadObject>& objects() const { return objects_; }

 private:
  std::vector<ReadObject> objects_;
};

}  // namespace servesim::test
