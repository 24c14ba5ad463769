// The hint at the end of an "unknown name" error: the close name for a typo,
// else the known names.
#include "sim/core/name_hint.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace servesim::test {
namespace {

const std::vector<std::string_view> kDevices = {"cpu", "v100", "t4", "gtx1080ti"};

TEST(NameHint, ATypoGetsTheCloseName) {
  EXPECT_EQ(name_hint("v10", kDevices), " (did you mean \"v100\"?)");         // one left out
  EXPECT_EQ(name_hint("gtx1080", kDevices), " (did you mean \"gtx1080ti\"?)");  // two of 7
  EXPECT_EQ(name_hint("V100", kDevices), " (did you mean \"v100\"?)");        // case is a character
}

TEST(NameHint, AFarNameGetsTheKnownNames) {
  EXPECT_EQ(name_hint("gpu0", kDevices), " (known: cpu, v100, t4, gtx1080ti)");  // 2 edits of 4 is too far
  EXPECT_EQ(name_hint("gtx10", kDevices), " (known: cpu, v100, t4, gtx1080ti)");  // 4 edits of 5
  EXPECT_EQ(name_hint("x", {}), "");
  std::vector<std::string_view> many;
  const std::vector<std::string> names = {"a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9", "b0", "b1", "b2"};
  for (const auto& n : names) many.push_back(n);
  EXPECT_EQ(name_hint("zzzz", many), " (known: a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, b0, b1, ...)");
}

}  // namespace
}  // namespace servesim::test
