#include "sim/scenario/history_parser.hpp"

#include "sim/scenario/workload_parser.hpp"

namespace servesim {

std::shared_ptr<const ArrivalHistory> parse_history(const JsonNode& node, const std::filesystem::path& base_dir,
                                                    std::uint64_t seed, const std::string& application) {
  if (!node.raw().is_object()) node.fail("expected a workload object with a \"kind\" and a \"duration_s\"");
  const Duration length = node.at("duration_s").seconds_in(kMinPeriodS, kMaxHistoryS);
  // The rest is a workload, read by the one workload reader; its errors name
  // the history's fields.
  nlohmann::json workload = node.raw();
  workload.erase("duration_s");
  const auto spec = parse_workload(JsonNode(workload, node.file(), node.path()), base_dir);
  // A trace the workload reads lazily is read here: its errors name the field too.
  return read_file_named_by(node, [&] {
    return std::make_shared<const ArrivalHistory>(spec, seed, "history/" + application, length);
  });
}

}  // namespace servesim
