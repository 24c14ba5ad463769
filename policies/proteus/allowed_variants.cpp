#include "policies/proteus/allowed_variants.hpp"

#include <algorithm>
#include <fstream>

#include "sim/core/input_error.hpp"
#include "sim/scenario/path_expansion.hpp"

namespace servesim::proteus {
namespace {

namespace fs = std::filesystem;

// The artifact's folders hold nine files of a few lines each.
constexpr std::size_t kMaxFiles = 4096;

void add_from_file(const fs::path& file, const ModelCatalog& models, std::vector<VariantId>& out) {
  std::ifstream in(file);
  if (!in) throw InputError(file.string(), "cannot open the variant list");
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    const std::string name = line.substr(0, line.find(','));
    if (name.find_first_not_of(" \t\r") == std::string::npos) continue;
    const auto id = models.find_variant(name);
    if (!id) throw InputError(file.string() + ":" + std::to_string(number), "unknown variant \"" + name + "\"");
    out.push_back(*id);
  }
}

std::vector<fs::path> family_files(const JsonNode& node, const fs::path& dir) {
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) node.fail("cannot open the folder " + dir.string());
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name[0] == '.' || !entry.is_regular_file()) continue;
    files.push_back(entry.path());
    if (files.size() > kMaxFiles) node.fail("more than " + std::to_string(kMaxFiles) + " files in " + dir.string());
  }
  if (ec) node.fail("cannot list the folder " + dir.string());
  std::sort(files.begin(), files.end());  // the same list on every file system
  return files;
}

}  // namespace

std::vector<VariantId> parse_allowed_variants(const JsonNode& node, const ModelCatalog& models, const fs::path& base) {
  std::vector<VariantId> out;
  if (node.raw().is_string()) {
    for (const fs::path& file : family_files(node, resolve_path(node, base))) add_from_file(file, models, out);
  } else {
    for (const JsonNode& item : node.items()) {
      const auto id = models.find_variant(item.string());
      if (!id) item.fail("unknown variant " + item.shown());
      out.push_back(*id);
    }
  }
  if (out.empty()) node.fail("expected at least one variant");
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace servesim::proteus
