#include "sim/metrics/query_csv_writer.hpp"

#include <array>
#include <string_view>

#include "sim/metrics/report_format.hpp"

namespace servesim {
namespace {

constexpr std::array<std::string_view, 4> kOutcomeNames = {"completed", "dropped", "rejected", "unfinished"};

}  // namespace

QueryCsvWriter::QueryCsvWriter(std::ostream& out, std::vector<std::string> app_names)
    : out_(out), app_names_(std::move(app_names)) {
  out_ << header();
}

QueryCsvWriter::~QueryCsvWriter() { flush(); }

std::string QueryCsvWriter::header() {
  return "id,app,outcome,arrival_s,finish_s,latency_ms,queue_wait_ms,deadline_s,on_time,accuracy\n";
}

void QueryCsvWriter::on_query(const QueryOutcome& q) {
  std::string& s = line_;
  s.clear();
  append_uint(s, q.id);
  s += ',';
  append_csv_field(s, app_names_.at(q.app));
  s += ',';
  s += kOutcomeNames[static_cast<std::size_t>(q.kind)];
  s += ',';
  append_number(s, q.arrival.seconds());
  s += ',';
  append_number(s, q.finish.seconds());
  s += ',';
  append_number(s, q.latency().millis());
  s += ',';
  append_number(s, q.queue_wait.millis());
  s += ',';
  if (!q.deadline.is_never()) append_number(s, q.deadline.seconds());
  s += q.on_time() ? ",1," : ",0,";
  if (q.kind == OutcomeKind::kCompleted) append_number(s, q.accuracy);
  s += '\n';
  out_ << s;
}

void QueryCsvWriter::flush() { out_.flush(); }

}  // namespace servesim
