#pragma once
// A file written under a temporary name ("<path>.partial") and renamed over
// its path only once complete, so a failed or interrupted run never leaves a
// half-written file where a good one stood, and a reader never sees one.
// Failures are the user's to fix (a full disk, a folder without write
// permission): InputError naming the path.
#include <filesystem>
#include <fstream>
#include <ostream>
#include <string_view>

namespace servesim {

class AtomicFile {
 public:
  explicit AtomicFile(std::filesystem::path path);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  std::ostream& stream() { return out_; }
  // Flushes, closes and renames into place.
  void commit();

 private:
  std::filesystem::path path_;
  std::filesystem::path temp_;
  std::ofstream out_;
  bool committed_ = false;
};

// Writes `text` to `path` atomically.
void write_file_atomically(const std::filesystem::path& path, std::string_view text);

}  // namespace servesim
