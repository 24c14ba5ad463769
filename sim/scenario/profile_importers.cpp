#include "sim/scenario/profile_importers.hpp"

#include "sim/core/text_fields.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/input_error.hpp"
#include "sim/core/path_expansion.hpp"
#include "sim/core/input_limits.hpp"
#include "sim/core/text_lines.hpp"
#include "sim/core/variant_list.hpp"

namespace servesim {
namespace {

namespace fs = std::filesystem;

constexpr double kBytesPerMb = 1024.0 * 1024.0;

// A CSV file with a header row; columns are found by name.
class CsvTable {
 public:
  CsvTable(fs::path path, const JsonNode& field) : path_(std::move(path)) {
    const auto lines = read_lines(path_, field);
    if (lines.empty()) field.fail(path_.string() + " is empty (expected a header row)");
    header_line_ = lines.front().number;
    header_ = split_csv(lines.front().text, path_, header_line_);
    for (std::size_t c = 0; c < header_.size(); ++c) {
      if (header_[c].empty()) fail(header_line_, "column " + std::to_string(c + 1) + " has no name");
      if (!index_.emplace(header_[c], c).second) fail(header_line_, "duplicate column \"" + header_[c] + "\"");
    }
    for (std::size_t l = 1; l < lines.size(); ++l) {
      Row row{lines[l].number, split_csv(lines[l].text, path_, lines[l].number)};
      if (row.fields.size() != header_.size()) {
        fail(row.line, "expected " + std::to_string(header_.size()) + " fields (as in the header), got " +
                           std::to_string(row.fields.size()));
      }
      rows_.push_back(std::move(row));
    }
  }

  struct Row {
    std::size_t line;
    std::vector<std::string> fields;
  };

  const fs::path& path() const { return path_; }
  const std::vector<std::string>& header() const { return header_; }
  const std::vector<Row>& rows() const { return rows_; }
  std::optional<std::size_t> column(std::string_view name) const {
    auto it = index_.find(std::string(name));
    if (it == index_.end()) return std::nullopt;
    return it->second;
  }
  std::size_t require(std::string_view name) const {
    if (auto c = column(name)) return *c;
    fail(header_line_, "missing column \"" + std::string(name) + "\"");
  }
  std::size_t header_line() const { return header_line_; }
  [[noreturn]] void fail(std::size_t line, const std::string& what) const { fail_at(path_, line, what); }

 private:
  fs::path path_;
  std::size_t header_line_ = 1;
  std::vector<std::string> header_;
  std::map<std::string, std::size_t> index_;
  std::vector<Row> rows_;
};

// A number in (0, most]: a latency or an accuracy of a measured profile.
double positive_number(const CsvTable& csv, const CsvTable::Row& row, std::size_t column, double most) {
  const std::string& text = row.fields[column];
  const auto v = parse_number(text);
  if (!v || !(*v > 0 && *v <= most)) {
    std::ostringstream range;
    range << "expected a number > 0 and <= " << most << ", got \"" << text << "\"";
    csv.fail(row.line, "column \"" + csv.header()[column] + "\": " + range.str());
  }
  return *v;
}

std::uint32_t batch_size(const CsvTable& csv, const CsvTable::Row& row, std::size_t column) {
  const std::string& text = row.fields[column];
  std::uint32_t v = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size() || v == 0 || v > kMaxBatch) {
    csv.fail(row.line, "column \"" + csv.header()[column] + "\": expected a batch size in 1.." +
                           std::to_string(kMaxBatch) + ", got \"" + text + "\"");
  }
  return v;
}

// --------------------------------------------------------- shared JSON keys

bool known_device(const std::string& name, const HardwareCatalog& hardware) {
  return name == "lambda" || hardware.find(name).has_value();
}

// device_map: accelerator name -> device types (empty = skip its rows).
using DeviceMap = std::map<std::string, std::vector<std::string>, std::less<>>;

DeviceMap parse_device_map(const JsonNode& node, const HardwareCatalog& hardware) {
  DeviceMap map;
  for (const std::string& accel : node.keys()) {
    const JsonNode value = node.at(accel);
    std::vector<std::string> devices;
    std::vector<JsonNode> items;
    if (value.raw().is_null()) {
      map.emplace(accel, devices);
      continue;
    }
    if (value.raw().is_array()) {
      items = value.items();
      if (items.empty()) value.fail("expected at least one device type (or null to skip this accelerator)");
    } else {
      items.push_back(value);
    }
    for (const JsonNode& item : items) {
      const std::string device = item.string();
      if (!known_device(device, hardware)) item.fail("unknown device type \"" + device + "\"");
      if (std::find(devices.begin(), devices.end(), device) != devices.end()) item.fail("device type listed twice");
      devices.push_back(device);
    }
    map.emplace(accel, std::move(devices));
  }
  return map;
}

std::string prefix_of(const JsonNode& entry) { return entry.has("prefix") ? entry.string("prefix") : ""; }

FamilyId new_family(const std::string& name, const JsonNode& entry, ModelCatalog& into) {
  if (into.find_family(name)) {
    entry.fail("family \"" + name + "\" is already defined by an earlier catalog (give this import a \"prefix\")");
  }
  return into.add_family(name);
}

// ------------------------------------------------------------ Proteus CSV

struct ProteusRow {
  std::size_t line;
  double latency_ms;
};

// The measured rows of one model on one accelerator, by batch size.
struct ProteusGroup {
  std::size_t first_line = 0;
  std::map<std::uint32_t, std::vector<ProteusRow>> by_batch;
};

struct ProteusModel {
  std::size_t first_line = 0;
  double accuracy = 0;
  std::map<std::string, ProteusGroup> by_accel;  // every row, mapped or not
};

std::vector<std::pair<std::string, fs::path>> family_files(const JsonNode& entry, const fs::path& dir) {
  const JsonNode dir_field = entry.at("variants_dir");
  if (!entry.has("families")) return variant_list_files(dir, dir_field);
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) dir_field.fail("cannot open the folder " + dir.string());
  std::vector<std::pair<std::string, fs::path>> files;
  const auto items = entry.items("families");
  if (items.empty()) entry.at("families").fail("expected at least one family");
  for (const JsonNode& item : items) {
    const std::string name = item.string();
    const fs::path file = dir / name;
    if (name.empty() || name.find('/') != std::string::npos || !fs::is_regular_file(file, ec)) {
      item.fail("no family file " + file.string());
    }
    for (const auto& [seen, _] : files) {
      if (seen == name) item.fail("family listed twice");
    }
    files.emplace_back(name, file);
  }
  return files;
}

void import_proteus_csv(const JsonNode& entry, const fs::path& base, const HardwareCatalog& hardware,
                        ModelCatalog& into) {
  entry.expect_object({"import", "file", "variants_dir", "device_map", "families", "latency_column",
                       "duplicate_rows", "max_batch", "memory_mb", "load_latency_ms", "prefix", "source"});
  if (entry.has("source")) entry.string("source");
  const DeviceMap device_map = parse_device_map(entry.at("device_map"), hardware);
  static const std::map<std::string, std::string, std::less<>> kLatencyColumns = {
      {"p50", "50th_pct"}, {"p90", "90th_pct"}, {"avg", "avg_latency(ms)"}, {"min", "Min"}, {"max", "Max"}};
  const std::string latency_key =
      entry.has("latency_column") ? entry.at("latency_column").choice({"p50", "p90", "avg", "min", "max"}) : "p50";
  const std::string duplicates =
      entry.has("duplicate_rows") ? entry.at("duplicate_rows").choice({"error", "first", "mean"}) : "error";
  std::optional<std::uint32_t> max_batch;
  if (entry.has("max_batch")) {
    max_batch = static_cast<std::uint32_t>(entry.integer_in("max_batch", 1, kMaxBatch));
  }
  const double memory_mb = entry.number_in_or("memory_mb", 0, kMaxMemoryMb, 0, "MB");
  const Duration load_latency = entry.has("load_latency_ms") ? entry.at("load_latency_ms").millis_in(0, kMaxLatencyMs) : Duration::zero();
  const std::string prefix = prefix_of(entry);

  // The families and the variants they allow.
  const auto files = family_files(entry, resolve_path(entry.at("variants_dir"), base));
  std::map<std::string, const ListedVariant*> wanted;
  std::vector<std::pair<std::string, std::vector<ListedVariant>>> families;
  for (const auto& [family, file] : files) {
    families.emplace_back(family, read_variant_list(file, entry.at("variants_dir")));
  }
  for (const auto& [family, variants] : families) {
    for (const ListedVariant& v : variants) {
      auto [it, inserted] = wanted.emplace(v.name, &v);
      if (!inserted) {
        fail_at(v.file, v.line, "variant \"" + v.name + "\" is already listed at " + it->second->file.string() + ":" +
                                    std::to_string(it->second->line));
      }
    }
  }

  // The measurements of the wanted variants.
  const CsvTable csv(resolve_path(entry.at("file"), base), entry.at("file"));
  const std::size_t c_model = csv.require("Model"), c_accel = csv.require("Accel"), c_batch = csv.require("batchsize"),
                    c_latency = csv.require(kLatencyColumns.find(latency_key)->second),
                    c_accuracy = csv.require("Accuracy");
  std::map<std::string, ProteusModel> models;
  for (const auto& row : csv.rows()) {
    const std::string& model = row.fields[c_model];
    if (!wanted.count(model)) continue;  // not allowed by any imported family
    const std::string& accel = row.fields[c_accel];
    if (!device_map.count(accel)) {
      csv.fail(row.line, "accelerator \"" + accel +
                             "\" is not in \"device_map\" (map it to a device type, or to null to leave it out)");
    }
    const std::uint32_t batch = batch_size(csv, row, c_batch);
    const double latency = positive_number(csv, row, c_latency, kMaxLatencyMs);
    const double accuracy = positive_number(csv, row, c_accuracy, kMaxRawAccuracy);
    ProteusModel& m = models[model];
    if (m.first_line == 0) {
      m.first_line = row.line;
      m.accuracy = accuracy;
    } else if (accuracy != m.accuracy) {
      csv.fail(row.line, "accuracy " + row.fields[c_accuracy] + " of \"" + model + "\" differs from line " +
                             std::to_string(m.first_line));
    }
    ProteusGroup& g = m.by_accel[accel];
    if (g.first_line == 0) g.first_line = row.line;
    auto& same = g.by_batch[batch];
    if (!same.empty() && duplicates == "error") {
      csv.fail(row.line, "a second row for (" + model + ", " + accel + ", batch " + std::to_string(batch) +
                             "), the first is at line " + std::to_string(same.front().line) +
                             " (set \"duplicate_rows\" to \"first\" or \"mean\" to accept)");
    }
    same.push_back({row.line, latency});
  }

  for (const auto& [family_name, variants] : families) {
    const FamilyId family = new_family(prefix + family_name, entry, into);
    for (const ListedVariant& allowed : variants) {
      auto found = models.find(allowed.name);
      if (found == models.end()) {
        fail_at(allowed.file, allowed.line, "variant \"" + allowed.name + "\" has no rows in " + csv.path().string());
      }
      const ProteusModel& m = found->second;
      ModelVariant v;
      v.name = prefix + allowed.name;
      if (into.find_variant(v.name)) {
        fail_at(allowed.file, allowed.line,
                "variant \"" + v.name + "\" is already defined (give this import a \"prefix\")");
      }
      v.family = family;
      v.accuracy_raw = m.accuracy;
      v.memory_mb = memory_mb;
      v.load_latency = load_latency;
      std::map<std::string, std::string> source_of;  // device type -> accelerator, to catch two claims
      std::uint32_t largest = 0;
      for (const auto& [accel, group] : m.by_accel) {
        const auto& devices = device_map.find(accel)->second;
        if (devices.empty()) continue;
        if (!group.by_batch.count(1)) {
          csv.fail(group.first_line, "(" + allowed.name + ", " + accel + ") has no batch-1 row");
        }
        std::vector<LatencyPoint> points;
        for (const auto& [batch, rows] : group.by_batch) {
          double ms = rows.front().latency_ms;
          if (duplicates == "mean") {
            ms = 0;
            for (const auto& r : rows) ms += r.latency_ms;
            ms /= static_cast<double>(rows.size());
          }
          points.push_back({batch, ms});
        }
        largest = std::max(largest, points.back().batch);
        for (const std::string& device : devices) {
          if (auto [it, inserted] = source_of.emplace(device, accel); !inserted) {
            entry.at("device_map").fail("device type \"" + device + "\" would get the profiles of both \"" +
                                        it->second + "\" and \"" + accel + "\"");
          }
          v.latency.emplace(device, LatencyProfile(points, LatencyProfile::Fit::kInterpolate));
        }
      }
      if (v.latency.empty()) {
        fail_at(allowed.file, allowed.line,
                "variant \"" + allowed.name + "\" has rows only on accelerators mapped to null in \"device_map\"");
      }
      v.max_batch = max_batch ? std::min(*max_batch, largest) : largest;
      into.add_variant(std::move(v));
    }
  }
  into.normalize_accuracy();
}

// ---------------------------------------------------------------- INFaaS

// One INFaaS profile per row, named as in INFaaS' model_profile.config
// (src/profiler): latency in ms per batch size (inflatb<N>; 0 or empty = not
// measured, as INFaaS' profiler writes 0 above maxbatch), load latency in ms,
// peak memory in bytes.
void import_infaas(const JsonNode& entry, const fs::path& base, const HardwareCatalog& hardware, ModelCatalog& into) {
  entry.expect_object({"import", "file", "device_map", "latency_fit", "prefix", "source"});
  if (entry.has("source")) entry.string("source");
  std::optional<DeviceMap> device_map;
  if (entry.has("device_map")) device_map = parse_device_map(entry.at("device_map"), hardware);
  const bool linear =
      !entry.has("latency_fit") || entry.at("latency_fit").choice({"linear", "interpolate"}) == "linear";
  const std::string prefix = prefix_of(entry);

  const CsvTable csv(resolve_path(entry.at("file"), base), entry.at("file"));
  static const std::set<std::string, std::less<>> kKnown = {"family",     "variant",  "hardware", "accuracy",
                                                            "maxbatch",   "loadlat",  "peakmemory", "parname",
                                                            "framework",  "task",     "dataset",  "source"};
  std::vector<std::pair<std::uint32_t, std::size_t>> batch_columns;  // (batch, column)
  for (std::size_t c = 0; c < csv.header().size(); ++c) {
    const std::string& name = csv.header()[c];
    if (name.rfind("inflatb", 0) == 0) {
      const std::string digits = name.substr(7);
      std::uint32_t b = 0;
      auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), b);
      if (ec != std::errc() || ptr != digits.data() + digits.size() || b == 0 || b > kMaxBatch) {
        csv.fail(csv.header_line(), "column \"" + name + "\": expected inflatb<batch size>, e.g. inflatb8");
      }
      batch_columns.emplace_back(b, c);
    } else if (!kKnown.count(name)) {
      csv.fail(csv.header_line(),
               "unknown column \"" + name +
                   "\" (expected family, variant, hardware, accuracy, inflatb1 .. inflatb64, and optionally maxbatch, "
                   "loadlat, peakmemory, parname, framework, task, dataset, source)");
    }
  }
  std::sort(batch_columns.begin(), batch_columns.end());
  if (batch_columns.empty() || batch_columns.front().first != 1) csv.require("inflatb1");
  const std::size_t c_family = csv.require("family"), c_variant = csv.require("variant"),
                    c_hardware = csv.require("hardware"), c_accuracy = csv.require("accuracy");
  const auto c_maxbatch = csv.column("maxbatch"), c_loadlat = csv.column("loadlat"),
             c_peakmemory = csv.column("peakmemory");

  auto optional_number = [&](const CsvTable::Row& row, std::optional<std::size_t> column) -> double {
    if (!column || row.fields[*column].empty()) return 0;
    const auto v = parse_number(row.fields[*column]);
    if (!v || *v < 0) {
      csv.fail(row.line, "column \"" + csv.header()[*column] + "\": expected a number >= 0, got \"" +
                             row.fields[*column] + "\"");
    }
    return *v;
  };

  std::map<std::string, std::size_t> variant_lines;
  std::set<FamilyId> families_here;
  for (const auto& row : csv.rows()) {
    const std::string family_name = row.fields[c_family], variant_name = row.fields[c_variant],
                      hw = row.fields[c_hardware];
    if (family_name.empty()) csv.fail(row.line, "empty \"family\"");
    if (variant_name.empty()) csv.fail(row.line, "empty \"variant\"");
    std::vector<std::string> devices;
    if (device_map) {
      auto it = device_map->find(hw);
      if (it == device_map->end()) {
        csv.fail(row.line, "hardware \"" + hw +
                               "\" is not in \"device_map\" (map it to a device type, or to null to leave it out)");
      }
      devices = it->second;
      if (devices.empty()) continue;
    } else {
      if (!known_device(hw, hardware)) {
        csv.fail(row.line, "unknown device type \"" + hw + "\" (name a device type, or map it with \"device_map\")");
      }
      devices.push_back(hw);
    }
    if (auto [it, inserted] = variant_lines.emplace(variant_name, row.line); !inserted) {
      csv.fail(row.line, "variant \"" + variant_name + "\" is already at line " + std::to_string(it->second) +
                             " (one row per variant: an INFaaS variant runs on one kind of hardware)");
    }

    std::vector<LatencyPoint> points;
    for (const auto& [batch, column] : batch_columns) {
      const std::string& text = row.fields[column];
      if (text.empty()) continue;
      const auto ms = parse_number(text);
      if (!ms || *ms < 0) {
        csv.fail(row.line, "column \"" + csv.header()[column] +
                               "\": expected a latency in ms >= 0 (0 = not measured), got \"" + text + "\"");
      }
      if (*ms > 0) points.push_back({batch, *ms});
    }
    if (points.empty() || points.front().batch != 1) {
      csv.fail(row.line, "column \"inflatb1\": expected the batch-1 latency in ms > 0");
    }
    std::uint32_t largest = points.back().batch;
    if (linear && points.size() == 1) {
      // INFaaS' rule for a single measurement (compute_linreg in
      // src/master/modelreg_server.cc): slope = that latency, intercept 0.
      points.push_back({2, 2 * points.front().latency_ms});
    }

    ModelVariant v;
    v.name = prefix + variant_name;
    if (into.find_variant(v.name)) {
      csv.fail(row.line, "variant \"" + v.name + "\" is already defined (give this import a \"prefix\")");
    }
    const std::string family = prefix + family_name;
    if (auto f = into.find_family(family)) {
      // A family met on an earlier row of this file is fine; one from another catalog is not.
      if (!families_here.count(*f)) new_family(family, entry, into);  // reports the clash
      v.family = *f;
    } else {
      v.family = into.add_family(family);
      families_here.insert(v.family);
    }
    v.accuracy_raw = positive_number(csv, row, c_accuracy, kMaxRawAccuracy);
    v.memory_mb = optional_number(row, c_peakmemory) / kBytesPerMb;
    v.load_latency = from_millis(optional_number(row, c_loadlat));
    if (c_maxbatch && !row.fields[*c_maxbatch].empty()) {
      largest = batch_size(csv, row, *c_maxbatch);
    }
    v.max_batch = largest;
    for (const std::string& device : devices) {
      v.latency.emplace(device, LatencyProfile(points, linear ? LatencyProfile::Fit::kLinear
                                                               : LatencyProfile::Fit::kInterpolate));
    }
    into.add_variant(std::move(v));
  }
  if (variant_lines.empty()) entry.at("file").fail(csv.path().string() + " has no profile rows to import");
  into.normalize_accuracy();
}

}  // namespace

bool is_profile_import(const JsonNode& entry) { return entry.raw().is_object() && entry.has("import"); }

void import_model_profiles(const JsonNode& entry, const fs::path& base, const HardwareCatalog& hardware,
                           ModelCatalog& into) {
  const std::string kind = entry.at("import").choice({"proteus_csv", "infaas"});
  if (kind == "proteus_csv") {
    import_proteus_csv(entry, base, hardware, into);
  } else {
    import_infaas(entry, base, hardware, into);
  }
}

}  // namespace servesim
