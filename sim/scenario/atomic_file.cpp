#include "sim/scenario/atomic_file.hpp"

#include "sim/core/input_error.hpp"

namespace servesim {

namespace fs = std::filesystem;

AtomicFile::AtomicFile(fs::path path) : path_(std::move(path)), temp_(path_.string() + ".partial") {
  out_.open(temp_);
  if (!out_) throw InputError(temp_.string(), "cannot open for writing");
}

AtomicFile::~AtomicFile() {
  if (committed_) return;
  out_.close();
  std::error_code ignored;
  fs::remove(temp_, ignored);
}

void AtomicFile::commit() {
  out_.close();
  if (!out_) throw InputError(temp_.string(), "write failed");
  std::error_code error;
  fs::rename(temp_, path_, error);
  if (error) throw InputError(path_.string(), "cannot replace: " + error.message());
  committed_ = true;
}

void write_file_atomically(const fs::path& path, std::string_view text) {
  AtomicFile file(path);
  file.stream() << text;
  file.commit();
}

}  // namespace servesim
