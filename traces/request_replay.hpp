#pragma once
// Replay of a request log: one arrival per line at a recorded time, for
// traces that keep individual requests (Proteus' per-model files are
// "arrival_ms,qos,deadline_ms", e.g. "10,1,300"). Fields are comma-separated,
// or whitespace-separated when a line has no comma; a first line that is not
// numeric is a header; blank lines are skipped; extra columns are ignored.
// The optional deadline column (ms, relative to the arrival) overrides the
// application's SLO for that request.
//
// The constructor reads the file once to validate it (every row numeric,
// times non-decreasing, at least one arrival in the window) and keeps
// nothing of it; each opened stream reads it again line by line.
#include <cstddef>
#include <filesystem>
#include <optional>

#include "traces/arrival_stream.hpp"

namespace servesim {

enum class TimeUnit { seconds, millis, micros };

struct RequestReplayOptions {
  std::filesystem::path file;
  std::size_t time_column = 0;
  TimeUnit time_unit = TimeUnit::millis;
  std::optional<std::size_t> deadline_column;  // milliseconds, > 0
  // Requests before start_s are skipped and start_s becomes simulated time 0;
  // with length_s, requests at or after start_s + length_s are dropped too.
  double start_s = 0;
  std::optional<double> length_s;
};

class RequestReplay : public WorkloadSpec {
 public:
  // Throws InputError ("file:line: ...") for a missing or empty file, a
  // malformed row, a decreasing time, or a window without requests; and
  // std::invalid_argument for bad options.
  explicit RequestReplay(RequestReplayOptions options);
  // Requests in the window.
  std::size_t requests() const { return requests_; }
  // Draws no random numbers; seed and name are unused.
  std::unique_ptr<ArrivalStream> open(std::uint64_t seed, const std::string& name) const override;

 private:
  RequestReplayOptions options_;
  std::size_t requests_ = 0;
};

}  // namespace servesim
