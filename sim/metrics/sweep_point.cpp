#include "sim/metrics/sweep_point.hpp"

#include <set>

#include "sim/core/json_node.hpp"

namespace servesim {

// Read like every other input (sim/core/json_node.hpp): nesting and duplicate
// keys limited, unknown keys refused, errors naming the file and the field.
SweepPoint read_sweep_point(const std::filesystem::path& file) {
  const nlohmann::json doc = read_json_file(file.string());
  const JsonNode root(doc, file.string());
  root.expect_object({"parameters", "hash", "wall_s"});
  SweepPoint point;
  std::set<std::string> seen;
  for (const JsonNode& entry : root.items("parameters")) {
    entry.expect_object({"name", "path", "value"});
    SweepParameter p{entry.string("name"), entry.string_or("path", ""), entry.string("value")};
    if (p.name.empty()) entry.at("name").fail("must not be empty");
    if (!seen.insert(p.name).second) entry.at("name").fail("\"" + p.name + "\" appears twice");
    point.parameters.push_back(std::move(p));
  }
  point.hash = root.string_or("hash", "");
  return point;
}

std::optional<std::filesystem::path> find_sweep_point(const std::filesystem::path& summary_json) {
  const std::filesystem::path own = summary_json.parent_path() / kSweepPointFile;
  // Lexically, so a relative summary path ("label/summary.json") finds its
  // parent's file and names it without "..".
  const std::filesystem::path parent = (summary_json.parent_path() / ".." / kSweepPointFile).lexically_normal();
  std::error_code ec;
  if (std::filesystem::is_regular_file(own, ec)) return own;
  if (std::filesystem::is_regular_file(parent, ec)) return parent;
  return std::nullopt;
}

}  // namespace servesim
