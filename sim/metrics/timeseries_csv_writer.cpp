#include "sim/metrics/timeseries_csv_writer.hpp"

#include "sim/metrics/report_format.hpp"

namespace servesim {
namespace {

void append_by_kind(std::string& out, std::string_view prefix) {
  for (auto name : kDeviceKindNames) {
    out += ',';
    out += prefix;
    out += name;
  }
}

}  // namespace

TimeSeriesCsvWriter::TimeSeriesCsvWriter(std::ostream& out, bool offline_columns)
    : out_(out), offline_columns_(offline_columns) {
  out_ << header(offline_columns);
}

TimeSeriesCsvWriter::~TimeSeriesCsvWriter() { flush(); }

std::string TimeSeriesCsvWriter::header(bool offline_columns) {
  std::string h =
      "window_start_s,window_end_s,app,arrivals,demand_qps,completed,on_time,late,dropped,rejected,unfinished,"
      "throughput_qps,goodput_qps,latency_p50_ms,latency_p99_ms,effective_accuracy";
  append_by_kind(h, "devices_");
  append_by_kind(h, "replicas_");
  append_by_kind(h, "utilisation_");
  h += ",instances_on_demand,instances_spot,lambda_invocations,lambda_cold_starts";
  h += ",cost_per_hour,cost,cost_on_demand,cost_spot,cost_lambda,cost_fixed,cost_hosted";
  if (offline_columns) {
    h += ",offline_completed";
    for (DeviceKind kind : kWorkerKinds) {
      h += ",offline_paused_";
      h += device_kind_name(kind);
    }
  }
  h += '\n';
  return h;
}

void TimeSeriesCsvWriter::on_window(const WindowRow& r) {
  std::string& s = line_;
  s.clear();
  append_number(s, r.start_s);
  s += ',';
  append_number(s, r.end_s);
  s += ',';
  append_csv_field(s, r.app);
  s += ',';
  append_uint(s, r.arrivals);
  s += ',';
  append_optional(s, r.demand_qps);
  for (std::uint64_t count : {r.completed, r.on_time, r.late, r.dropped, r.rejected, r.unfinished}) {
    s += ',';
    append_uint(s, count);
  }
  for (const auto& rate : {r.throughput_qps, r.goodput_qps}) {
    s += ',';
    append_optional(s, rate);
  }
  for (double value : {r.latency_p50_ms, r.latency_p99_ms}) {
    s += ',';
    append_number(s, value);
  }
  s += ',';
  append_optional(s, r.effective_accuracy);
  for (const auto* counts : {&r.devices, &r.replicas}) {
    for (std::uint32_t n : *counts) {
      s += ',';
      append_uint(s, n);
    }
  }
  for (const auto& u : r.utilisation) {
    s += ',';
    append_optional(s, u);
  }
  for (std::uint64_t count : {std::uint64_t{r.instances_on_demand}, std::uint64_t{r.instances_spot},
                              r.lambda_invocations, r.lambda_cold_starts}) {
    s += ',';
    append_uint(s, count);
  }
  for (double value :
       {r.cost_per_hour, r.cost, r.cost_on_demand, r.cost_spot, r.cost_lambda, r.cost_fixed, r.cost_hosted}) {
    s += ',';
    append_number(s, value);
  }
  if (offline_columns_) append_offline(r);
  s += '\n';
  out_ << s;
}

// A pause flag is written 0 or 1, so that summing its column counts the
// windows with a pause.
void TimeSeriesCsvWriter::append_offline(const WindowRow& r) {
  line_ += ',';
  append_uint(line_, r.offline_completed);
  for (DeviceKind kind : kWorkerKinds) {
    line_ += ',';
    append_uint(line_, r.offline_paused[static_cast<std::size_t>(kind)] ? 1 : 0);
  }
}

void TimeSeriesCsvWriter::flush() { out_.flush(); }

}  // namespace servesim
