#pragma once
// queries.csv: one line per query as its outcome arrives, when a run asks for
// it. Accuracy is normalized (1 = the family's best) and empty unless the query
// completed; deadline_s is empty for a query without one. Then what served
// the query's last finished visit (variant, device type, replica: empty where
// nothing did, and a Lambda function has only a variant), the visits that
// finished, and why it failed (empty if it completed). docs/scenario.md
// describes every column.
#include <ostream>
#include <string>
#include <vector>

#include "sim/metrics/query_sink.hpp"

namespace servesim {

// The names the writer spells the outcome's ids with, indexed by them.
struct QueryCsvNames {
  std::vector<std::string> apps;          // by QueryOutcome::app
  std::vector<std::string> variants;      // by QueryOutcome::variant
  std::vector<std::string> device_types;  // by QueryOutcome::device_type
};

class QueryCsvWriter : public QuerySink {
 public:
  // Writes the header at once.
  QueryCsvWriter(std::ostream& out, QueryCsvNames names);
  ~QueryCsvWriter() override;

  void on_query(const QueryOutcome& outcome) override;
  void flush();

  static std::string header();

 private:
  void append_timing(const QueryOutcome& q);
  void append_service(const QueryOutcome& q);

  std::ostream& out_;
  QueryCsvNames names_;
  std::string line_;  // reused: this is on the hot path
};

}  // namespace servesim
