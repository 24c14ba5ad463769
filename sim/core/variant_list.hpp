#pragma once
// The Proteus artifact's variant lists (traces/model_variants/<family>: one
// "name,accuracy_percent" line per variant), read by the proteus_csv profile
// importer (which variants a family has) and by the Proteus-family policies'
// own lists (allowed_variants). Only the names count: the catalog normalizes
// accuracy itself.
#include <cstddef>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "sim/core/json_node.hpp"

namespace servesim {

struct ListedVariant {
  std::string name;
  std::filesystem::path file;
  std::size_t line;
};

// One family's list; a malformed line fails with the file and line, an empty
// list at `field` (the JSON field naming the folder).
std::vector<ListedVariant> read_variant_list(const std::filesystem::path& file, const JsonNode& field);

// Every family file of a folder (name, path), sorted by name, so the result is
// the same on every file system; hidden files and subfolders are left out.
// Fails at `field` when the folder cannot be listed or holds no file.
std::vector<std::pair<std::string, std::filesystem::path>> variant_list_files(const std::filesystem::path& dir,
                                                                            const JsonNode& field);

}  // namespace servesim
