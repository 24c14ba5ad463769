#include "sim/core/name_hint.hpp"

#include <algorithm>
#include <cstddef>

namespace servesim {
namespace {

constexpr std::size_t kListed = 12;

// Levenshtein distance: insertions, deletions and substitutions of one
// character each count 1.
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string name_hint(std::string_view name, const std::vector<std::string_view>& known) {
  if (known.empty()) return "";
  const std::string_view* closest = nullptr;
  std::size_t best = 0;
  for (const std::string_view& k : known) {
    const std::size_t d = edit_distance(name, k);
    if (!closest || d < best) {
      closest = &k;
      best = d;
    }
  }
  if (best <= std::max<std::size_t>(1, name.size() / 3)) return " (did you mean \"" + std::string(*closest) + "\"?)";
  std::string list;
  for (std::size_t i = 0; i < known.size() && i < kListed; ++i) list += (i ? ", " : "") + std::string(known[i]);
  if (known.size() > kListed) list += ", ...";
  return " (known: " + list + ")";
}

}  // namespace servesim
