#pragma once
// Trains MArk's LSTM once per (history, window, settings, seed, stream name)
// and hands the same immutable model to every caller: the policies of one run
// (say mark and an ablation of it) then forecast from the same trained
// network, and the seconds of training are paid once. Not global: whoever
// builds the policies owns one and passes it down. Safe to share between
// threads (runs may run on threads); training happens under the lock, so a
// second caller waits for the first one's model instead of training its own.
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "policies/mark/predictor_settings.hpp"
#include "policies/mark/trained_lstm.hpp"

namespace servesim::mark {

class LstmModelCache {
 public:
  // The model trained on `history` for `window` units with `settings`, its
  // initial weights drawn from RandomStream(seed, stream_name); trained now
  // if no caller asked for it before, calling `before_training` first (to
  // announce a long training; nothing when the model is cached).
  std::shared_ptr<const TrainedLstm> get_or_train(std::span<const double> history, std::size_t window,
                                                  const LstmSettings& settings, std::uint64_t seed,
                                                  std::string_view stream_name,
                                                  const std::function<void()>& before_training = {});
  std::size_t trainings() const;  // models trained so far

 private:
  struct Key {
    std::vector<double> history;
    std::size_t window;
    LstmSettings settings;
    std::uint64_t seed;
    std::string stream_name;
    auto operator<=>(const Key&) const = default;
  };

  mutable std::mutex mutex_;
  std::map<Key, std::shared_ptr<const TrainedLstm>> models_;
};

}  // namespace servesim::mark
