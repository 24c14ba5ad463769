#include "sim/scenario/interrupt_cleanup.hpp"

#include <signal.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cstring>

namespace servesim {

namespace {

// A fixed table, not a container: the handler may only read memory that no
// allocation moves, with lock-free atomics (async-signal-safe). 1024 files
// cover 200 parallel runs of five files each.
constexpr std::size_t kSlots = 1024;
constexpr std::size_t kPathBytes = 4096;

struct PartialFiles {
  std::array<std::atomic<bool>, kSlots> claimed{};
  std::array<std::atomic<bool>, kSlots> ready{};
  std::array<std::array<char, kPathBytes>, kSlots> paths{};
};

PartialFiles& partial_files() {
  static PartialFiles files;
  return files;
}

static_assert(std::atomic<bool>::is_always_lock_free, "the signal handler reads these");

extern "C" void remove_partial_files_and_die(int signal_number) {
  PartialFiles& files = partial_files();
  for (std::size_t i = 0; i < kSlots; ++i) {
    if (files.ready[i].load(std::memory_order_acquire)) ::unlink(files.paths[i].data());
  }
  // SA_RESETHAND restored the default action: die of the signal, as the shell expects.
  ::raise(signal_number);
}

}  // namespace

void install_interrupt_cleanup() {
  partial_files();  // built now, not first inside the handler
  struct sigaction action {};
  action.sa_handler = remove_partial_files_and_die;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;
  for (const int signal_number : {SIGINT, SIGTERM}) {
    // A signal the parent ignores stays ignored (a shell starts background
    // jobs with SIGINT ignored, and scripts/sweep.sh handles Ctrl-C itself).
    struct sigaction inherited {};
    ::sigaction(signal_number, nullptr, &inherited);
    if (inherited.sa_handler != SIG_IGN) ::sigaction(signal_number, &action, nullptr);
  }
}

int register_partial_file(const std::string& path) {
  if (path.size() >= kPathBytes) return -1;
  PartialFiles& files = partial_files();
  for (std::size_t i = 0; i < kSlots; ++i) {
    bool expected = false;
    if (!files.claimed[i].compare_exchange_strong(expected, true)) continue;
    std::memcpy(files.paths[i].data(), path.c_str(), path.size() + 1);
    files.ready[i].store(true, std::memory_order_release);
    return static_cast<int>(i);
  }
  return -1;
}

void unregister_partial_file(int slot) {
  if (slot < 0) return;
  PartialFiles& files = partial_files();
  files.ready[slot].store(false, std::memory_order_release);
  files.claimed[slot].store(false, std::memory_order_release);
}

}  // namespace servesim
