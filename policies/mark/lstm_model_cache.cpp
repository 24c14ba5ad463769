#include "policies/mark/lstm_model_cache.hpp"

#include <utility>

#include "policies/mark/lstm_trainer.hpp"
#include "sim/core/random_stream.hpp"

namespace servesim::mark {

std::shared_ptr<const TrainedLstm> LstmModelCache::get_or_train(std::span<const double> history, std::size_t window,
                                                                const LstmSettings& settings, std::uint64_t seed,
                                                                std::string_view stream_name,
                                                                const std::function<void()>& before_training) {
  Key key{std::vector<double>(history.begin(), history.end()), window, settings, seed, std::string(stream_name)};
  const std::lock_guard lock(mutex_);
  if (const auto found = models_.find(key); found != models_.end()) return found->second;
  if (before_training) before_training();
  RandomStream random(seed, stream_name);
  auto model = std::make_shared<const TrainedLstm>(train_lstm(history, window, settings, random));
  models_.emplace(std::move(key), model);
  return model;
}

std::size_t LstmModelCache::trainings() const {
  const std::lock_guard lock(mutex_);
  return models_.size();
}

}  // namespace servesim::mark
