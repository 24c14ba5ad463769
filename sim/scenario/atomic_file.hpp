#pragma once
// A file written under a temporary name ("<path>.partial") and renamed over
// its path only once complete, so a failed or interrupted run never leaves a
// half-written file where a good one stood, and a reader never sees one.
// Failures are the user's to fix (a full disk, a folder without write
// permission, a folder of the file's name): InputError naming the path. The
// ones that can be seen early are seen when it opens, before a long run. An
// interrupt (Ctrl-C) removes the temporary file (interrupt_cleanup.hpp).
#include <filesystem>
#include <fstream>
#include <ostream>

namespace servesim {

class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ostream& stream() { return out_; }
  const std::filesystem::path& path() const { return path_; }
  // Flushes and closes, throwing if anything failed to write (a full disk).
  // Closing every file of a set before committing any keeps the set whole.
  void close();
  // Closes (if not yet) and renames into place: over the path it was opened
  // for, or over `as` (a run that stopped early is kept under other names).
  void commit();
  void commit(const std::filesystem::path& as);

 private:
  std::filesystem::path path_;
  std::filesystem::path temp_;
  std::ofstream out_;
  bool closed_ = false;
  bool committed_ = false;
  int interrupt_slot_ = -1;
};

// Creates the folder (and its parents) outputs go to; InputError naming it if
// it cannot be.
void create_output_folder(const std::filesystem::path& dir);

}  // namespace servesim
