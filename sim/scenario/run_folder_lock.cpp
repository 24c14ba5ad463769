#include "sim/scenario/run_folder_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "sim/core/input_error.hpp"

namespace servesim {

namespace {

int open_lock_file(const std::filesystem::path& folder) {
  std::filesystem::create_directories(folder.parent_path());
  const std::filesystem::path file = folder.string() + ".lock";
  const int fd = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) throw InputError(file.string(), std::string("cannot open the run's lock: ") + std::strerror(errno));
  return fd;
}

}  // namespace

std::optional<RunFolderLock> RunFolderLock::take(const std::filesystem::path& folder, bool wait) {
  const int fd = open_lock_file(folder);
  int status;
  do {  // again when a signal interrupts the wait
    status = ::flock(fd, wait ? LOCK_EX : LOCK_EX | LOCK_NB);
  } while (status != 0 && errno == EINTR);
  if (status == 0) return RunFolderLock(fd);
  const int error = errno;
  ::close(fd);
  if (error == EWOULDBLOCK) return std::nullopt;
  throw InputError(folder.string() + ".lock", std::string("cannot lock the run: ") + std::strerror(error));
}

RunFolderLock RunFolderLock::acquire(const std::filesystem::path& folder) { return *take(folder, true); }

std::optional<RunFolderLock> RunFolderLock::try_acquire(const std::filesystem::path& folder) {
  return take(folder, false);
}

RunFolderLock::RunFolderLock(RunFolderLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }

RunFolderLock::~RunFolderLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the last descriptor releases the flock
}

}  // namespace servesim
