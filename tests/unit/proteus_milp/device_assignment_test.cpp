// From the MILP's counts to devices: exact counts, devices keep what their
// type still needs (as few reloads as possible), deterministic.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <stdexcept>

#include "policies/proteus/device_assignment.hpp"

namespace servesim::proteus {
namespace {

using Assignment = std::vector<std::optional<std::uint32_t>>;

MilpPlan plan_of(std::vector<std::vector<std::uint32_t>> hosts) {
  MilpPlan p;
  p.hosts = std::move(hosts);
  return p;
}

std::vector<std::vector<std::uint32_t>> counts(const std::vector<std::uint32_t>& type, const Assignment& a,
                                               std::size_t types, std::size_t variants) {
  std::vector<std::vector<std::uint32_t>> n(types, std::vector<std::uint32_t>(variants, 0));
  for (std::size_t d = 0; d < a.size(); ++d) {
    if (a[d]) ++n[type[d]][*a[d]];
  }
  return n;
}

TEST(ProteusMilpAssignment, KeepsWhatIsStillNeededAndFillsTheRestInDeviceOrder) {
  // Type 0 needs one m0 and two m1; type 1 needs one m2.
  const std::vector<std::uint32_t> type = {0, 0, 0, 1, 1};
  const Assignment current = {1, 0, 2, 2, std::nullopt};
  const MilpPlan plan = plan_of({{1, 2, 0}, {0, 0, 1}});
  const Assignment out = assign_devices(type, current, plan);
  // d0 keeps m1, d1 keeps m0, d3 keeps m2; d2's m2 is not needed on type 0,
  // so d2 takes the second m1; d4 stays empty.
  EXPECT_EQ(out, (Assignment{1, 0, 1, 2, std::nullopt}));
}

TEST(ProteusMilpAssignment, AVariantNeededOnAnotherTypeIsNotKept) {
  const std::vector<std::uint32_t> type = {0, 1};
  const Assignment current = {0, std::nullopt};
  const Assignment out = assign_devices(type, current, plan_of({{0}, {1}}));
  EXPECT_EQ(out, (Assignment{std::nullopt, 0}));
}

TEST(ProteusMilpAssignment, SurplusCopiesAreUnloadedFromTheLastDevices) {
  // Three devices on m0, one needed: the first keeps it, the others take m1
  // and nothing.
  const std::vector<std::uint32_t> type = {0, 0, 0};
  const Assignment out = assign_devices(type, {0, 0, 0}, plan_of({{1, 1}}));
  EXPECT_EQ(out, (Assignment{0, 1, std::nullopt}));
}

TEST(ProteusMilpAssignment, ExactCountsAndMostDevicesKeptOnRandomPlans) {
  std::mt19937 rng(7);
  auto below = [&](std::uint32_t n) { return std::uniform_int_distribution<std::uint32_t>(0, n - 1)(rng); };
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t types = 1 + below(3), variants = 1 + below(4), devices = 1 + below(12);
    std::vector<std::uint32_t> type(devices);
    Assignment current(devices);
    for (std::size_t d = 0; d < devices; ++d) {
      type[d] = below(types);
      if (below(4) != 0) current[d] = below(variants);
    }
    // A random plan that fits: each device of a type adds one to a random
    // variant or to none.
    std::vector<std::vector<std::uint32_t>> hosts(types, std::vector<std::uint32_t>(variants, 0));
    for (std::size_t d = 0; d < devices; ++d) {
      const std::uint32_t pick = below(variants + 1);
      if (pick < variants) ++hosts[type[d]][pick];
    }
    const MilpPlan plan = plan_of(hosts);
    const Assignment out = assign_devices(type, current, plan);
    ASSERT_EQ(counts(type, out, types, variants), hosts);
    // Kept devices: as many as any assignment can keep, sum min(needed, present).
    const auto present = counts(type, current, types, variants);
    std::uint32_t kept = 0, keepable = 0;
    for (std::size_t d = 0; d < devices; ++d) kept += current[d] && out[d] == current[d] ? 1 : 0;
    for (std::size_t t = 0; t < types; ++t) {
      for (std::size_t m = 0; m < variants; ++m) keepable += std::min(hosts[t][m], present[t][m]);
    }
    EXPECT_EQ(kept, keepable);
    EXPECT_EQ(assign_devices(type, current, plan), out);  // deterministic
  }
}

TEST(ProteusMilpAssignment, RejectsPlansTheDevicesCannotHold) {
  const std::vector<std::uint32_t> type = {0, 0};
  EXPECT_THROW(assign_devices(type, {std::nullopt, std::nullopt}, plan_of({{3}})), std::invalid_argument);
  EXPECT_THROW(assign_devices(type, {std::nullopt}, plan_of({{1}})), std::invalid_argument);
  EXPECT_THROW(assign_devices({0, 1}, {std::nullopt, std::nullopt}, plan_of({{1}})), std::invalid_argument);
  EXPECT_THROW(assign_devices(type, {5, std::nullopt}, plan_of({{1}})), std::invalid_argument);
}

}  // namespace
}  // namespace servesim::proteus
