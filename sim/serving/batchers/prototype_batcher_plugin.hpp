#pragma once
// A batcher plug-in (batcher.hpp) that hands the engine a copy of a fresh
// batcher for each replica: for a policy's own batcher whose parameters are
// all in its constructor. The plug-in's max_batch is the policy's to build in.
#include <cstdint>
#include <memory>
#include <string>
#include <utility>

#include "sim/serving/batchers/batcher.hpp"

namespace servesim {

template <class B>
class PrototypeBatcherPlugin final : public BatcherPlugin {
 public:
  PrototypeBatcherPlugin(std::string name, B prototype) : name_(std::move(name)), prototype_(std::move(prototype)) {}
  std::string name() const override { return name_; }
  std::unique_ptr<Batcher> make(std::uint32_t /*max_batch*/) const override { return std::make_unique<B>(prototype_); }

 private:
  std::string name_;
  B prototype_;
};

}  // namespace servesim
