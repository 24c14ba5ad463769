#pragma once
// An application's pipeline: a DAG of stages, each served by one model family,
// with a branch probability on every edge (InferLine's conditional stages). A
// single-model application is a one-stage pipeline; nothing special-cases it.
//
// Semantics: a query visits every entry stage (no in-edges). When a visit
// finishes, each out-edge is taken independently with its probability. A stage
// with one in-edge is visited when that edge is taken; a stage with several
// in-edges (a join) waits until all of them are resolved, and is visited once
// if at least one was taken. A stage that is not visited resolves its own
// out-edges as not taken, so joins never wait forever.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sim/serving/model_catalog.hpp"

namespace servesim {

using StageId = std::uint16_t;

struct Stage {
  std::string name;
  FamilyId family = 0;
};

struct PipelineEdge {
  StageId from = 0;
  StageId to = 0;
  double probability = 1.0;
};

class Pipeline {
 public:
  // Throws std::invalid_argument with a readable reason if the graph has a
  // cycle, a self-loop, a duplicate edge or an out-of-range stage.
  Pipeline(std::vector<Stage> stages, std::vector<PipelineEdge> edges);

  const std::vector<Stage>& stages() const { return stages_; }
  const std::vector<StageId>& entry_stages() const { return entries_; }
  std::span<const PipelineEdge> out_edges(StageId stage) const;
  std::uint32_t in_degree(StageId stage) const { return in_degree_[stage]; }
  // Index of a join stage among the pipeline's joins, or -1 for other stages.
  int join_index(StageId stage) const { return join_index_[stage]; }
  std::uint32_t join_count() const { return join_count_; }
  // Probability that a query visits the stage (InferLine's scale factor),
  // treating the branches into a join as independent.
  double visit_probability(StageId stage) const { return visit_probability_[stage]; }
  // Stages in an order where every edge points forward.
  const std::vector<StageId>& topological_order() const { return topo_; }

 private:
  std::vector<Stage> stages_;
  std::vector<PipelineEdge> edges_;  // grouped by `from`
  std::vector<std::uint32_t> first_edge_;
  std::vector<std::uint32_t> in_degree_;
  std::vector<int> join_index_;
  std::uint32_t join_count_ = 0;
  std::vector<StageId> entries_;
  std::vector<StageId> topo_;
  std::vector<double> visit_probability_;
};

}  // namespace servesim
