#pragma once
// timeseries.csv: a header, then one line per WindowRow as windows close, so a
// day-long series never sits in memory. The caller owns the stream.
#include <ostream>
#include <string>

#include "sim/metrics/window_row.hpp"

namespace servesim {

class TimeSeriesCsvWriter : public WindowSink {
 public:
  // Writes the header at once. `offline_columns`: the scenario has offline
  // jobs, and the rows end with offline_completed and offline_paused_<kind>
  // for each of kWorkerKinds (without them, the file is what it was before
  // offline jobs existed).
  explicit TimeSeriesCsvWriter(std::ostream& out, bool offline_columns = false);
  ~TimeSeriesCsvWriter() override;

  void on_window(const WindowRow& row) override;
  // Lines are buffered by the stream; call at the end of the run.
  void flush();

  static std::string header(bool offline_columns = false);

 private:
  void append_offline(const WindowRow& row);

  std::ostream& out_;
  bool offline_columns_;
  std::string line_;  // reused between rows
};

}  // namespace servesim
