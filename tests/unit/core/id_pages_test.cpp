// Replica storage that does not grow with the ids ever handed out.
#include "sim/core/id_pages.hpp"

#include <gtest/gtest.h>

namespace servesim {
namespace {

TEST(IdPages, IdsAreDenseAndNeverReused) {
  IdPages<int> pages;
  EXPECT_EQ(pages.add(std::make_unique<int>(7)), 0u);
  EXPECT_EQ(pages.add(std::make_unique<int>(8)), 1u);
  pages.erase(0);
  EXPECT_EQ(pages.get(0), nullptr);
  EXPECT_EQ(*pages.get(1), 8);
  EXPECT_EQ(pages.add(std::make_unique<int>(9)), 2u);
  EXPECT_EQ(pages.get(99999), nullptr);
  pages.erase(0);  // twice: nothing
  EXPECT_EQ(pages.size(), 3u);
  EXPECT_EQ(pages.live(), 2u);
}

// 100 000 short-lived values and one that lives throughout: the pages held
// stay those of the long-lived one and of the open page.
TEST(IdPages, MemoryFollowsTheLiveValues) {
  IdPages<int> pages;
  const std::uint32_t lasting = pages.add(std::make_unique<int>(-1));
  for (int k = 0; k < 100000; ++k) {
    const std::uint32_t id = pages.add(std::make_unique<int>(k));
    if (k > 0) pages.erase(id - 1);
  }
  EXPECT_LE(pages.pages_held(), 2u);
  EXPECT_EQ(*pages.get(lasting), -1);
  EXPECT_EQ(*pages.get(pages.size() - 1), 99999);
}

// Ids from elsewhere, as a policy keys its records by the engine's replica
// ids: a skipped id stays empty, a put replaces, and a freed page comes back.
TEST(IdPages, PutStoresUnderAGivenId) {
  IdPages<int> pages;
  pages.put(5, std::make_unique<int>(50));
  EXPECT_EQ(pages.size(), 6u);
  EXPECT_EQ(pages.get(4), nullptr);
  EXPECT_EQ(*pages.get(5), 50);
  pages.put(5, std::make_unique<int>(51));
  EXPECT_EQ(*pages.get(5), 51);
  EXPECT_EQ(pages.live(), 1u);
  pages.put(3000, std::make_unique<int>(300));
  EXPECT_EQ(pages.size(), 3001u);
  EXPECT_EQ(pages.pages_held(), 2u);  // pages 0 and 2; page 1 was never needed
  pages.erase(5);
  EXPECT_EQ(pages.pages_held(), 1u);  // page 0: empty, and all its ids handed out
  pages.put(7, std::make_unique<int>(70));
  EXPECT_EQ(*pages.get(7), 70);
  EXPECT_EQ(pages.get(5), nullptr);
  pages.erase(7);
  EXPECT_EQ(pages.pages_held(), 1u);
}

}  // namespace
}  // namespace servesim
