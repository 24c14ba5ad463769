#pragma once
// What the policies of one scenario's runs share, made once on first use: a
// policy keeps here what is costly to compute and the same in every run (MArk's
// trained LSTMs, mark/lstm_model_cache.hpp), so that a policy and its
// ablations side by side pay for it once. Keyed by type: each policy family
// brings its own entry type, and the engine and the runner know none of them.
// Not global: whoever runs the scenario owns one and passes it down through
// PolicyContext. A caller making many scenarios' runs may share one across
// them (the claims runner does), so an entry keys what it keeps by everything
// it depends on, never by the scenario it was first made for (the LSTM cache
// keys a model by its whole history, settings and seed). Safe to share between
// threads (runs may run on threads): entries are made under the lock; an entry
// must itself be safe to share.
#include <map>
#include <memory>
#include <mutex>
#include <typeindex>

namespace servesim {

class ScenarioCache {
 public:
  // The scenario's T, default-constructed by the first caller.
  template <class T>
  T& get() {
    std::lock_guard lock(mutex_);
    std::shared_ptr<void>& entry = entries_[std::type_index(typeid(T))];
    if (!entry) entry = std::make_shared<T>();
    return *static_cast<T*>(entry.get());
  }

 private:
  std::mutex mutex_;
  std::map<std::type_index, std::shared_ptr<void>> entries_;  // looked up, never iterated
};

}  // namespace servesim
