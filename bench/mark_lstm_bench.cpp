// MArk's LSTM predictor (policies/mark/): training on two weeks of per-minute
// samples with the paper's settings (MArk, ATC'19, section 4.2: Pw 60; the
// public code's 32 units and 50 epochs), and the per-minute online work of a
// trained model: one step on the new sample, then one forecast.
// Targets: training under 30 s on one core; observe + forecast under 20 us.
#include <benchmark/benchmark.h>

#include <cmath>
#include <memory>
#include <vector>

#include "policies/mark/lstm_predictor.hpp"
#include "policies/mark/lstm_trainer.hpp"
#include "sim/core/random_stream.hpp"

namespace servesim::mark {
namespace {

constexpr std::size_t kSamplesPerDay = 1440;

// Per-minute samples of a diurnal load with noise (a day's peak 4x its trough).
std::vector<double> diurnal_samples(std::size_t days) {
  RandomStream noise(1, "bench.mark.samples");
  std::vector<double> s(days * kSamplesPerDay);
  for (std::size_t t = 0; t < s.size(); ++t) {
    const double phase = 2 * M_PI * static_cast<double>(t) / kSamplesPerDay;
    s[t] = 1500 - 900 * std::cos(phase) + noise.normal(0.0, 30.0);
  }
  return s;
}

void BM_MarkLstmTrainTwoWeeks(benchmark::State& state) {
  const std::vector<double> history = diurnal_samples(14);  // 20160 samples
  const PredictorSettings settings;
  for (auto _ : state) {
    RandomStream random(1, "bench.mark.lstm");
    const TrainedLstm model = train_lstm(history, settings.window, settings.lstm, random);
    benchmark::DoNotOptimize(model.parameters().values().data());
  }
  state.counters["samples"] = static_cast<double>(history.size());
  state.counters["epochs"] = static_cast<double>(settings.lstm.epochs);
}
BENCHMARK(BM_MarkLstmTrainTwoWeeks)->Unit(benchmark::kSecond)->Iterations(1);

std::shared_ptr<const TrainedLstm> quickly_trained_model(const std::vector<double>& history) {
  PredictorSettings settings;
  settings.lstm.epochs = 1;  // the forecast's cost does not depend on how well it was trained
  RandomStream random(1, "bench.mark.lstm");
  return std::make_shared<const TrainedLstm>(train_lstm(history, settings.window, settings.lstm, random));
}

void BM_MarkLstmObserveAndForecast(benchmark::State& state) {
  const std::vector<double> history = diurnal_samples(2);
  LstmPredictor predictor(quickly_trained_model(history), ForecastGuard(history));
  std::size_t t = 0;
  for (auto _ : state) {
    predictor.observe(history[t++ % history.size()]);
    benchmark::DoNotOptimize(predictor.forecast());
  }
}
BENCHMARK(BM_MarkLstmObserveAndForecast)->Unit(benchmark::kMicrosecond);

void BM_MarkLstmForecast(benchmark::State& state) {
  const std::vector<double> history = diurnal_samples(2);
  const LstmPredictor predictor(quickly_trained_model(history), ForecastGuard(history));
  for (auto _ : state) benchmark::DoNotOptimize(predictor.forecast());
}
BENCHMARK(BM_MarkLstmForecast)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace servesim::mark
