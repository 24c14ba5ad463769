#include "sim/metrics/query_csv_writer.hpp"

#include <array>
#include <string_view>
#include <utility>

#include "sim/metrics/report_format.hpp"

namespace servesim {
namespace {

constexpr std::array<std::string_view, 4> kOutcomeNames = {"completed", "dropped", "rejected", "unfinished"};
// By FailReason; docs/scenario.md explains each.
constexpr std::array<std::string_view, 9> kReasonNames = {
    "", "deadline", "shed", "unpulled", "instance_lost", "rejected", "no_replica", "throttled", "unfinished"};
static_assert(kReasonNames.size() == static_cast<std::size_t>(FailReason::kUnfinished) + 1);

}  // namespace

QueryCsvWriter::QueryCsvWriter(std::ostream& out, QueryCsvNames names) : out_(out), names_(std::move(names)) {
  out_ << header();
}

QueryCsvWriter::~QueryCsvWriter() { flush(); }

std::string QueryCsvWriter::header() {
  return "id,app,outcome,arrival_s,finish_s,latency_ms,queue_wait_ms,deadline_s,on_time,accuracy,"
         "variant,device_type,replica,stage_visits,reason\n";
}

void QueryCsvWriter::on_query(const QueryOutcome& q) {
  std::string& s = line_;
  s.clear();
  append_uint(s, q.id);
  s += ',';
  append_csv_field(s, names_.apps.at(q.app));
  s += ',';
  s += kOutcomeNames[static_cast<std::size_t>(q.kind)];
  s += ',';
  append_timing(q);
  s += ',';
  append_service(q);
  s += ',';
  s += kReasonNames[static_cast<std::size_t>(q.reason)];
  s += '\n';
  out_ << s;
}

// arrival_s through accuracy.
void QueryCsvWriter::append_timing(const QueryOutcome& q) {
  std::string& s = line_;
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
}

// variant through stage_visits: empty cells for what did not serve it.
void QueryCsvWriter::append_service(const QueryOutcome& q) {
  std::string& s = line_;
  if (q.variant != kNotServed) append_csv_field(s, names_.variants.at(q.variant));
  s += ',';
  if (q.device_type != kNotServed) append_csv_field(s, names_.device_types.at(q.device_type));
  s += ',';
  if (q.replica != kNotServed) append_uint(s, q.replica);
  s += ',';
  append_uint(s, q.stage_visits);
}

void QueryCsvWriter::flush() { out_.flush(); }

}  // namespace servesim
