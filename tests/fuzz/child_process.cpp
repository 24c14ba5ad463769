#include "tests/fuzz/child_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

namespace servesim::fuzz {

ChildResult run_child(const std::vector<std::string>& argv, const std::filesystem::path& dir,
                      const ChildLimits& limits) {
  // Everything the child needs is prepared before fork: the fuzzer runs
  // several workers in threads, and between fork and exec only
  // async-signal-safe calls are allowed.
  std::vector<char*> args;
  for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const std::string out_path = (dir / "stdout.txt").string();
  const std::string err_path = (dir / "stderr.txt").string();
  const std::string cwd = dir.string();
  const rlim_t bytes = static_cast<rlim_t>(limits.memory_mb) << 20;

  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setpgid(0, 0);  // its own group, so a timeout kills every thread and child of it
    const int in = ::open("/dev/null", O_RDONLY);
    const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (in < 0 || out < 0 || err < 0 || ::chdir(cwd.c_str()) != 0) ::_exit(127);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(err, 2);
    const rlimit no_core{0, 0};  // a crashing mutant must not litter core files
    ::setrlimit(RLIMIT_CORE, &no_core);
    if (limits.address_space_limit) {
      const rlimit as{bytes, bytes};
      ::setrlimit(RLIMIT_AS, &as);
    }
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  ChildResult r;
  if (pid < 0) {
    r.err = "fork failed";
    return r;
  }
  int status = 0;
  const auto deadline = start + std::chrono::duration<double>(limits.timeout_s);
  // Polling with a growing pause: most children end within milliseconds, a
  // few run seconds; a 20 ms granularity is plenty for a 10 s timeout.
  auto pause = std::chrono::microseconds(200);
  while (::waitpid(pid, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      r.timed_out = true;
      ::kill(-pid, SIGKILL);
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(20000));
  }
  r.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.exited = WIFEXITED(status);
  r.exit_code = r.exited ? WEXITSTATUS(status) : -1;
  r.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  std::ifstream in(err_path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  r.err = text.str();
  return r;
}

}  // namespace servesim::fuzz
