#include <iomanip>
#include <iostream>

#include "policies/batcher_params.hpp"
#include "policies/policy_registry.hpp"
#include "sim/cli/commands.hpp"
#include "sim/cluster/device_kind.hpp"
#include "sim/core/input_error.hpp"
#include "sim/core/text_fields.hpp"
#include "sim/scenario/hardware_catalog_parser.hpp"
#include "sim/scenario/model_catalog_parser.hpp"
#include "sim/scenario/scenario_loader.hpp"
#include "sim/scenario/workload_parser.hpp"

namespace servesim::cli {
namespace {

constexpr const char* kListUsage =
    "usage: servesim list [policies [NAME]|workloads|devices|batchers|catalog SCENARIO]\n\n"
    "Without an argument, lists everything but catalogs. `policies NAME` prints one policy's\n"
    "parameters: what each takes (its range), its default and its help. `catalog SCENARIO` prints\n"
    "the device types and model variants (accuracy, memory, batch-1 latency per device type) the\n"
    "scenario loads.\n";

void print_pairs(const std::string& title, const std::vector<std::pair<std::string, std::string>>& rows) {
  std::cout << title << ":\n";
  for (const auto& [name, what] : rows) std::cout << "  " << std::left << std::setw(18) << name << what << "\n";
}

void list_policies() {
  std::vector<std::pair<std::string, std::string>> rows;
  for (const auto& p : policy_registry()) rows.emplace_back(p.name, p.description);
  print_pairs("policies", rows);
}

void list_policy(const std::string& name) {
  const std::optional<PolicyEntry> p = find_policy(name);
  if (!p) {
    throw InputError("servesim list policies", "unknown policy " + quote_field(name) + " (known: " +
                                                   known_policy_names() + ")");
  }
  std::cout << p->name << ": " << p->description << "\n\nparameters (policies[i].params):\n";
  std::cout << p->params().reference();
}

void list_devices() {
  print_pairs("device kinds (device types, e.g. \"v100\", are declared in hardware catalogs)",
              {{"cpu", "CPU cores of a server; a replica's concurrency models its worker threads"},
               {"gpu", "a GPU (K80, V100, T4, 1080 Ti, A100, ...); replicas share its memory"},
               {"inferentia", "an AWS Inferentia NeuronCore"},
               {"lambda", "serverless functions (the cloud world model)"}});
}

void list_batchers() {
  std::vector<std::pair<std::string, std::string>> rows;
  for (const BatcherKind& kind : batcher_kinds()) rows.emplace_back(kind.name, kind.description);
  print_pairs("batchers", rows);
}

void list_catalog(const std::string& scenario_file) {
  const Scenario scenario = load_scenario(scenario_file);
  std::cout << "device types:\n";
  for (const auto& t : scenario.world.hardware->types()) {
    std::cout << "  " << std::left << std::setw(16) << t.name << device_kind_name(t.kind) << ", " << t.memory_mb
              << " MB, $" << t.price_per_hour << "/h\n";
  }
  const auto& models = *scenario.world.models;
  for (const auto& family : models.families()) {
    std::cout << "family " << family.name << ":\n";
    for (VariantId v : family.variants) {
      const auto& variant = models.variant(v);
      std::cout << "  " << std::left << std::setw(24) << variant.name << " acc " << std::setprecision(4)
                << variant.accuracy << ", " << variant.memory_mb << " MB, max batch " << variant.max_batch << ";";
      for (const auto& [device, profile] : variant.latency) {
        std::cout << " " << device << " " << profile.at(1).millis() << " ms";
      }
      std::cout << "\n";
    }
  }
}

}  // namespace

int list_command(const std::vector<std::string>& args) {
  if (!args.empty() && (args[0] == "--help" || args[0] == "-h")) {
    std::cout << kListUsage;
    return 0;
  }
  const std::string what = args.empty() ? "all" : args[0];
  if (what == "catalog") {
    if (args.size() != 2) throw InputError("servesim list catalog", "expected a scenario file");
    list_catalog(args[1]);
    return 0;
  }
  if (what == "policies" && args.size() >= 2) {
    if (args.size() > 2) throw InputError("servesim list", "unexpected argument \"" + args[2] + "\"");
    list_policy(args[1]);
    return 0;
  }
  if (args.size() > 1) throw InputError("servesim list", "unexpected argument \"" + args[1] + "\"");
  const bool all = what == "all";
  if (!all && what != "policies" && what != "workloads" && what != "devices" && what != "batchers") {
    throw InputError("servesim list", "unknown list \"" + what + "\" (policies, workloads, devices, batchers, catalog)");
  }
  if (all || what == "policies") list_policies();
  if (all || what == "workloads") print_pairs("workload kinds", workload_kinds());
  if (all || what == "devices") list_devices();
  if (all || what == "batchers") list_batchers();
  return 0;
}

}  // namespace servesim::cli
