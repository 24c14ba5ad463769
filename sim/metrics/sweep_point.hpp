#pragma once
// The grid point a run belongs to: the point.json scripts/sweep.sh writes in
// every point folder, {"parameters": [{"name", "path", "value"}...], "hash"}.
// `servesim collect` reads it to give each summary row its grid columns, so
// the join no longer depends on how sweep.sh names folders.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace servesim {

struct SweepParameter {
  std::string name;   // the CSV column, unique within the point
  std::string path;   // the --set path
  std::string value;  // as the user typed it
};

struct SweepPoint {
  std::vector<SweepParameter> parameters;
  std::string hash;
};

inline constexpr std::string_view kSweepPointFile = "point.json";

// Throws InputError naming the file and the field (e.g. parameters[1].value)
// when the file is not such a document.
SweepPoint read_sweep_point(const std::filesystem::path& file);

// The point.json of a summary: in the summary's own folder, else in its
// parent (OUT/<point>/<label>/summary.json); none when neither has one.
std::optional<std::filesystem::path> find_sweep_point(const std::filesystem::path& summary_json);

}  // namespace servesim
