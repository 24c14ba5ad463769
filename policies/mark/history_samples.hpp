#pragma once
// MArk's load samples (load_samples.hpp) of load recorded outside the run:
// the application's history, which the predictors learn from (section 4.2:
// "we use the data of the first 5 months to train", section 5.2), and the
// run's own arrivals, which only the oracle predictor may read (it is an
// upper bound on prediction, not something a deployment could do).
#include <vector>

#include "policies/arrival_oracle.hpp"
#include "policies/mark/predictor_settings.hpp"
#include "sim/serving/simulation_config.hpp"

namespace servesim::mark {

// The samples of the application's history, its units aligned so that the
// last one ends where the run starts (a partial unit at the history's
// beginning is dropped). Empty when the application has no history.
std::vector<double> history_samples(const PolicyWorld& world, AppId app, const PredictorSettings& settings);

// How many samples history_samples gives, without drawing the history: its
// whole units (servesim validate checks the LSTM's history on it).
std::size_t history_sample_count(const PolicyWorld& world, AppId app, const PredictorSettings& settings);

// The samples of the application's arrivals in the run, [0, duration): the
// very arrivals the engine will serve, from the oracle the scenario grants.
std::vector<double> run_samples(const ArrivalOracle& oracle, const PolicyWorld& world, AppId app,
                                const PredictorSettings& settings);

}  // namespace servesim::mark
