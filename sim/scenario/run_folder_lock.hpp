#pragma once
// An exclusive lock on one run folder of a shared results folder, held while
// the run is checked for and made: two callers reusing the same folder (two
// `servesim claims --reuse`, two ledger tests of one ctest) then run it once
// instead of writing it at the same time. An advisory flock(2) on
// "<folder>.lock" beside the folder; the kernel drops it if the holder dies.
#include <filesystem>
#include <optional>

namespace servesim {

class RunFolderLock {
 public:
  // Waits for the lock.
  static RunFolderLock acquire(const std::filesystem::path& folder);
  // The lock if it is free now, else nothing.
  static std::optional<RunFolderLock> try_acquire(const std::filesystem::path& folder);

  RunFolderLock(RunFolderLock&& other) noexcept;
  RunFolderLock& operator=(RunFolderLock&&) = delete;
  RunFolderLock(const RunFolderLock&) = delete;
  RunFolderLock& operator=(const RunFolderLock&) = delete;
  ~RunFolderLock();

 private:
  explicit RunFolderLock(int fd) : fd_(fd) {}
  static std::optional<RunFolderLock> take(const std::filesystem::path& folder, bool wait);
  int fd_;
};

}  // namespace servesim
