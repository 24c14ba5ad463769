#pragma once
// Which application each arrival belongs to. Either one stream is split over
// N applications at random, by Zipf popularity (Proteus draws its query mix
// with alpha = 1.001) or by explicit weights, or each application has its own
// workload and every arrival is tagged with that application's index. The
// engine merges the streams of several applications itself.
#include <cstdint>
#include <memory>
#include <vector>

#include "traces/arrival_stream.hpp"

namespace servesim {

// Probabilities of applications 1..n proportional to 1 / k^alpha (alpha >= 0;
// 0 is uniform), normalized, in the order the applications are given.
std::vector<double> zipf_weights(std::size_t n, double alpha);

class ApplicationMix : public WorkloadSpec {
 public:
  // weights: one per application, >= 0 with a positive sum; normalized here.
  // Throws std::invalid_argument otherwise, or on a null workload.
  ApplicationMix(std::shared_ptr<const WorkloadSpec> workload, std::vector<double> weights);
  const std::vector<double>& probabilities() const { return probabilities_; }
  // Opens the workload as name + "/workload" and draws each arrival's
  // application from (seed, name + "/mix").
  std::unique_ptr<ArrivalStream> open(std::uint64_t seed, const std::string& name) const override;

 private:
  std::shared_ptr<const WorkloadSpec> workload_;
  std::vector<double> probabilities_;
  std::vector<double> cumulative_;
};

// Every arrival of `workload` belongs to application `app`.
class TaggedArrivals : public WorkloadSpec {
 public:
  TaggedArrivals(std::shared_ptr<const WorkloadSpec> workload, std::uint32_t app);
  // Opens the workload under the same name: tagging draws nothing.
  std::unique_ptr<ArrivalStream> open(std::uint64_t seed, const std::string& name) const override;

 private:
  std::shared_ptr<const WorkloadSpec> workload_;
  std::uint32_t app_;
};

}  // namespace servesim
