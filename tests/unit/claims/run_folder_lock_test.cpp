// A run folder's lock: one holder at a time, free again once its holder is gone.
#include "sim/scenario/run_folder_lock.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <optional>

#include "tests/support/temp_dir.hpp"

namespace servesim {
namespace {

TEST(RunFolderLock, HeldByOneHolderAtATimeAndFreedWithIt) {
  test::TempDir dir;
  const std::filesystem::path folder = dir.path() / "runs" / "a";
  {
    const RunFolderLock held = RunFolderLock::acquire(folder);
    EXPECT_TRUE(std::filesystem::exists(dir.path() / "runs" / "a.lock"));
    EXPECT_FALSE(RunFolderLock::try_acquire(folder).has_value());
    EXPECT_TRUE(RunFolderLock::try_acquire(dir.path() / "runs" / "b").has_value());  // another run's
  }
  std::optional<RunFolderLock> again = RunFolderLock::try_acquire(folder);
  EXPECT_TRUE(again.has_value());
  const RunFolderLock moved = std::move(*again);  // the moved-from one no longer holds it
  again.reset();
  EXPECT_FALSE(RunFolderLock::try_acquire(folder).has_value());
}

}  // namespace
}  // namespace servesim
