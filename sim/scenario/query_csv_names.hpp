#pragma once
// The names queries.csv writes for the ids a QueryOutcome carries, taken from
// the run's world: its applications and the catalogs' variants and device
// types, in id order.
#include "sim/metrics/query_csv_writer.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim {

QueryCsvNames query_csv_names(const SimulationConfig& world);

}  // namespace servesim
