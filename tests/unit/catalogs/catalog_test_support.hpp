#pragma once
// Helpers shared by the catalog tests: inline hardware catalogs, running a
// reader and catching its InputError, and setting environment variables for
// the length of one test.
#include <gtest/gtest.h>

#include <cstdlib>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "sim/cluster/hardware_catalog.hpp"
#include "sim/core/input_error.hpp"
#include "sim/core/json_node.hpp"
#include "sim/scenario/hardware_catalog_parser.hpp"
#include "sim/serving/model_catalog.hpp"

namespace servesim::test {

// A hardware catalog with one device type per name (kind from the name).
inline HardwareCatalog hardware_with(const std::vector<std::string>& names) {
  nlohmann::json types = nlohmann::json::array();
  for (const auto& n : names) {
    const bool cpu = n == "cpu" || (n.size() > 4 && n.substr(n.size() - 4) == ".cpu");
    const char* kind = n == "neuroncore" ? "inferentia" : cpu ? "cpu" : "gpu";
    types.push_back({{"name", n}, {"kind", kind}, {"memory_mb", 1 << 20}});
    if (cpu) types.back()["cores"] = 4;
  }
  const nlohmann::json doc = {{"device_types", types}};
  HardwareCatalog hardware;
  parse_hardware_catalog(JsonNode(doc, "inline-hardware.json"), hardware);
  return hardware;
}

// The message of the InputError `f` throws; a test failure if it throws none.
inline std::string input_error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const InputError& e) {
    return e.what();
  }
  ADD_FAILURE() << "expected an InputError";
  return "";
}

#define EXPECT_CONTAINS(text, part) EXPECT_NE(std::string(text).find(part), std::string::npos) << "in: " << (text)

inline double latency_ms(const ModelCatalog& models, const std::string& variant, const std::string& device,
                         std::uint32_t batch) {
  const auto v = models.find_variant(variant);
  if (!v) {
    ADD_FAILURE() << "no variant " << variant;
    return -1;
  }
  const LatencyProfile* p = models.variant(*v).profile_on(device);
  if (!p) {
    ADD_FAILURE() << variant << " has no profile on " << device;
    return -1;
  }
  return p->at(batch).millis();
}

// Sets (or unsets) an environment variable until the end of the scope.
class ScopedEnv {
 public:
  ScopedEnv(std::string name, const std::optional<std::string>& value) : name_(std::move(name)) {
    if (const char* old = std::getenv(name_.c_str())) old_ = old;
    if (value) {
      ::setenv(name_.c_str(), value->c_str(), 1);
    } else {
      ::unsetenv(name_.c_str());
    }
  }
  ~ScopedEnv() {
    if (old_) {
      ::setenv(name_.c_str(), old_->c_str(), 1);
    } else {
      ::unsetenv(name_.c_str());
    }
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  std::string name_;
  std::optional<std::string> old_;
};

}  // namespace servesim::test
