#pragma once
// The plug-in of a batcher made from max_batch and a few settings fixed when
// its spec is built: B(max_batch, settings...) for each replica. The settings
// stay readable, so that a test or a policy can see what a spec holds.
#include <cstdint>
#include <memory>
#include <string>
#include <tuple>
#include <utility>

#include "sim/serving/batchers/batcher.hpp"

namespace servesim {

template <class B, class... Settings>
class SettingsBatcherPlugin final : public BatcherPlugin {
 public:
  explicit SettingsBatcherPlugin(std::string name, Settings... settings)
      : name_(std::move(name)), settings_(std::move(settings)...) {}
  std::string name() const override { return name_; }
  std::unique_ptr<Batcher> make(std::uint32_t max_batch) const override {
    return std::apply([max_batch](const Settings&... s) { return std::make_unique<B>(max_batch, s...); }, settings_);
  }
  const std::tuple<Settings...>& settings() const { return settings_; }

 private:
  std::string name_;
  std::tuple<Settings...> settings_;
};

// A spec of B with its settings.
template <class B, class... Settings>
BatcherSpec settings_batcher(std::string name, std::uint32_t max_batch, Settings... settings) {
  return {max_batch, std::make_shared<const SettingsBatcherPlugin<B, Settings...>>(std::move(name), settings...)};
}

}  // namespace servesim
