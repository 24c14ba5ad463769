#pragma once
// queries.csv: one line per query as its outcome arrives, when a run asks for
// it. Accuracy is normalized (1 = the family's best) and empty unless the query
// completed; deadline_s is empty for a query without one.
#include <ostream>
#include <string>
#include <vector>

#include "sim/metrics/query_sink.hpp"

namespace servesim {

class QueryCsvWriter : public QuerySink {
 public:
  // Writes the header at once; app_names are indexed by QueryOutcome::app.
  QueryCsvWriter(std::ostream& out, std::vector<std::string> app_names);
  ~QueryCsvWriter() override;

  void on_query(const QueryOutcome& outcome) override;
  void flush();

  static std::string header();

 private:
  std::ostream& out_;
  std::vector<std::string> app_names_;
  std::string line_;  // reused: this is on the hot path
};

}  // namespace servesim
