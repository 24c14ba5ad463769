#include "policies/proteus/allowed_variants.hpp"

#include <algorithm>

#include "sim/core/path_expansion.hpp"
#include "sim/core/text_lines.hpp"
#include "sim/core/variant_list.hpp"

namespace servesim::proteus {
namespace {

namespace fs = std::filesystem;

void add_named(const std::vector<ListedVariant>& listed, const ModelCatalog& models, std::vector<VariantId>& out) {
  for (const ListedVariant& v : listed) {
    const auto id = models.find_variant(v.name);
    if (!id) fail_at(v.file, v.line, "unknown variant \"" + v.name + "\"");
    out.push_back(*id);
  }
}

}  // namespace

std::vector<VariantId> parse_allowed_variants(const JsonNode& node, const ModelCatalog& models, const fs::path& base) {
  std::vector<VariantId> out;
  if (node.raw().is_string()) {
    for (const auto& [family, file] : variant_list_files(resolve_path(node, base), node)) {
      add_named(read_variant_list(file, node), models, out);
    }
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
