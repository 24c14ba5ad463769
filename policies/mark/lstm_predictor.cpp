#include "policies/mark/lstm_predictor.hpp"

#include <utility>

namespace servesim::mark {

LstmPredictor::LstmPredictor(std::shared_ptr<const TrainedLstm> model, ForecastGuard guard)
    : model_(std::move(model)),
      state_(model_->start_state()),
      next_(model_->parameters().units()),
      trace_(model_->parameters().units()),
      last_sample_(model_->start_sample()),
      guard_(guard) {}

void LstmPredictor::observe(double sample) {
  model_->advance(state_, sample - last_sample_, next_, trace_);
  std::swap(state_, next_);
  last_sample_ = sample;
}

std::vector<double> LstmPredictor::forecast() const {
  std::vector<double> f = model_->forecast(state_, last_sample_);
  fallbacks_ += guard_.apply(f, last_sample_);
  return f;
}

}  // namespace servesim::mark
