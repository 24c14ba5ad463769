#pragma once
// Whether a query takes a pipeline's conditional edge: a counter-based draw
// from (branch seed, query id, stage, edge index), so the decision depends on
// the query, not on the order in which stages happen to finish, and every
// policy sees the same branches (common random numbers). The engine draws
// every branch here; so does anything that must replay its branches exactly
// (InferLine's estimator). A join stage is visited once all its in-edges are
// resolved and at least one was taken (JoinState), in both.
#include <cstddef>
#include <cstdint>

#include "sim/core/random_stream.hpp"

namespace servesim {

// The branch seed of a run under scenario seed `seed`.
inline std::uint64_t pipeline_branch_seed(std::uint64_t seed) { return derive_stream_seed(seed, "pipeline/branches"); }

// A uniform in [0, 1) from (seed, query id, stage, edge) (splitmix64's finalizer).
inline double hashed_uniform(std::uint64_t seed, std::uint64_t query, std::uint64_t stage, std::uint64_t edge) {
  std::uint64_t z = seed ^ (query * 0x9e3779b97f4a7c15ULL) ^ (stage << 48) ^ (edge << 32);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  z ^= z >> 31;
  return static_cast<double>(z >> 11) * 0x1.0p-53;
}

// Edge `edge_index` of the stage's out-edges (Pipeline::out_edges order), of
// the given probability, under the branch seed.
inline bool branch_taken(std::uint64_t branch_seed, std::uint64_t query, std::uint64_t stage, std::size_t edge_index,
                         double probability) {
  if (probability >= 1.0) return true;
  return hashed_uniform(branch_seed, query, stage, edge_index) < probability;
}

// Per-query state of a join stage: how many in-edges resolved, any taken.
struct JoinState {
  std::uint8_t resolved = 0;
  bool delivered = false;

  // Records one in-edge resolved (`taken` or not); true once all `in_degree`
  // have been, with `taken` then whether any was: the join's visit happens.
  bool resolve(std::uint32_t in_degree, bool& taken) {
    ++resolved;
    delivered = delivered || taken;
    if (resolved < in_degree) return false;
    taken = delivered;
    return true;
  }
};

}  // namespace servesim
