#include "sim/scenario/hardware_catalog_parser.hpp"

namespace servesim {

void parse_hardware_catalog(const JsonNode& node, HardwareCatalog& into) {
  node.expect_object({"device_types", "source", "description"});
  for (const JsonNode& item : node.items("device_types")) {
    item.expect_object({"name", "kind", "memory_mb", "price_per_hour", "source"});
    DeviceType t;
    t.name = item.string("name");
    if (into.find(t.name)) item.at("name").fail("duplicate device type \"" + t.name + "\"");
    t.kind = *parse_device_kind(item.at("kind").choice({"cpu", "gpu", "inferentia"}));
    t.memory_mb = item.positive("memory_mb");
    t.price_per_hour = item.non_negative_or("price_per_hour", 0);
    into.add(std::move(t));
  }
}

}  // namespace servesim
