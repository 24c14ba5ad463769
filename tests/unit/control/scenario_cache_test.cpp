// What the runs of one scenario share (policies/scenario_cache.hpp): one
// entry per type, made once however many runs, on however many threads, ask.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>
#include <vector>

#include "policies/scenario_cache.hpp"

namespace servesim::test {
namespace {

std::atomic<int> made{0};

struct Counted {
  Counted() { ++made; }
  int value = 7;
};

struct Other {
  int value = 0;
};

TEST(ScenarioCache, OneEntryPerTypeMadeByTheFirstCaller) {
  made = 0;
  ScenarioCache cache;
  Counted& first = cache.get<Counted>();
  first.value = 42;
  EXPECT_EQ(&cache.get<Counted>(), &first);
  EXPECT_EQ(cache.get<Counted>().value, 42);
  EXPECT_EQ(cache.get<Other>().value, 0);  // another type, its own entry
  EXPECT_EQ(made.load(), 1);
  ScenarioCache another;  // another scenario shares nothing
  EXPECT_EQ(another.get<Counted>().value, 7);
  EXPECT_EQ(made.load(), 2);
}

TEST(ScenarioCache, RunsOnThreadsShareOneEntry) {
  made = 0;
  ScenarioCache cache;
  std::vector<const Counted*> seen(8);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < seen.size(); ++i) {
    threads.emplace_back([&, i] { seen[i] = &cache.get<Counted>(); });
  }
  for (auto& t : threads) t.join();
  EXPECT_EQ(made.load(), 1);
  for (const Counted* p : seen) EXPECT_EQ(p, seen.front());
}

}  // namespace
}  // namespace servesim::test
