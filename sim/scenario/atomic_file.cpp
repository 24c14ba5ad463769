#include "sim/scenario/atomic_file.hpp"

#include "sim/core/input_error.hpp"
#include "sim/scenario/interrupt_cleanup.hpp"

namespace servesim {

namespace fs = std::filesystem;

namespace {

// A folder where the file goes would only fail the rename, after the run.
void check_not_folder(const fs::path& path) {
  std::error_code ignored;
  if (fs::is_directory(path, ignored)) throw InputError(path.string(), "is a folder; cannot write the file there");
}

}  // namespace

AtomicFile::AtomicFile(fs::path path) : path_(std::move(path)), temp_(path_.string() + ".partial") {
  check_not_folder(path_);
  out_.open(temp_);
  if (!out_) throw InputError(temp_.string(), "cannot open for writing");
  interrupt_slot_ = register_partial_file(temp_.string());
}

AtomicFile::~AtomicFile() {
  if (committed_) return;
  out_.close();
  std::error_code ignored;
  fs::remove(temp_, ignored);
  unregister_partial_file(interrupt_slot_);
}

void AtomicFile::close() {
  if (closed_) return;
  out_.close();
  if (!out_) throw InputError(temp_.string(), "write failed");
  closed_ = true;
}

void AtomicFile::commit() { commit(path_); }

void AtomicFile::commit(const fs::path& as) {
  close();
  check_not_folder(as);
  std::error_code error;
  fs::rename(temp_, as, error);
  if (error) throw InputError(as.string(), "cannot replace: " + error.message());
  committed_ = true;
  unregister_partial_file(interrupt_slot_);
}

void create_output_folder(const fs::path& dir) {
  std::error_code error;
  fs::create_directories(dir, error);
  if (error) throw InputError(dir.string(), "cannot create the output folder: " + error.message());
}

}  // namespace servesim
