#pragma once
// What became of one offline job by the end of a run: summary.json's
// "offline" block (docs/scenario.md, "Outputs").
#include <cstdint>
#include <optional>
#include <string>

namespace servesim {

struct OfflineJobResult {
  std::string app;
  std::string name;
  std::uint64_t inputs = 0;
  std::uint64_t done = 0;
  double submit_s = 0;
  std::optional<double> completed_s;  // when its last input finished; empty: not finished
  // From submission to completion (or the run's end), the time during which
  // none of its inputs ran: queued, held back, or never dispatched.
  double waiting_s = 0;
  std::optional<double> deadline_s;  // after submission; reported, never enforced
};

}  // namespace servesim
