#pragma once
// The end of an "unknown name" error that helps fix it: the known name
// closest to the one given, when one is close (a typo: at most a third of its
// characters edited, at least one), else the known names (the first 12).
//   unknown device type "v10" (did you mean "v100"?)
//   unknown device type "gpu0" (known: cpu, v100, t4)
#include <string>
#include <string_view>
#include <vector>

namespace servesim {

std::string name_hint(std::string_view name, const std::vector<std::string_view>& known);

// The same over catalog entries, each with a `name`.
template <class Items>
std::string name_hint_of(std::string_view name, const Items& items) {
  std::vector<std::string_view> known;
  for (const auto& item : items) known.push_back(item.name);
  return name_hint(name, known);
}

}  // namespace servesim
