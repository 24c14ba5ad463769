#include "sim/serving/pipeline.hpp"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/topological_sort.hpp>
#include <iterator>
#include <stdexcept>

namespace servesim {
namespace {

std::vector<StageId> topological_sort_or_throw(std::size_t n, const std::vector<PipelineEdge>& edges) {
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  Graph graph(n);
  for (const auto& e : edges) boost::add_edge(e.from, e.to, graph);
  std::vector<std::size_t> reversed;
  try {
    boost::topological_sort(graph, std::back_inserter(reversed));
  } catch (const boost::not_a_dag&) {
    throw std::invalid_argument("the pipeline has a cycle");
  }
  return std::vector<StageId>(reversed.rbegin(), reversed.rend());
}

}  // namespace

Pipeline::Pipeline(std::vector<Stage> stages, std::vector<PipelineEdge> edges)
    : stages_(std::move(stages)), edges_(std::move(edges)) {
  const std::size_t n = stages_.size();
  if (n == 0) throw std::invalid_argument("a pipeline needs at least one stage");
  for (const auto& e : edges_) {
    if (e.from >= n || e.to >= n) throw std::invalid_argument("an edge names a stage that does not exist");
    if (e.from == e.to) throw std::invalid_argument("stage " + stages_[e.from].name + " has an edge to itself");
  }
  std::stable_sort(edges_.begin(), edges_.end(), [](const auto& a, const auto& b) {
    return a.from < b.from || (a.from == b.from && a.to < b.to);
  });
  for (std::size_t i = 1; i < edges_.size(); ++i) {
    if (edges_[i].from == edges_[i - 1].from && edges_[i].to == edges_[i - 1].to) {
      throw std::invalid_argument("duplicate edge " + stages_[edges_[i].from].name + " -> " + stages_[edges_[i].to].name);
    }
  }
  topo_ = topological_sort_or_throw(n, edges_);

  first_edge_.assign(n + 1, 0);
  in_degree_.assign(n, 0);
  for (const auto& e : edges_) {
    ++first_edge_[e.from + 1];
    ++in_degree_[e.to];
  }
  for (std::size_t i = 0; i < n; ++i) first_edge_[i + 1] += first_edge_[i];

  join_index_.assign(n, -1);
  for (std::size_t s = 0; s < n; ++s) {
    if (in_degree_[s] == 0) entries_.push_back(static_cast<StageId>(s));
    if (in_degree_[s] > 1) join_index_[s] = static_cast<int>(join_count_++);
  }

  // P(visit) in topological order; a join is visited if any in-edge is taken.
  visit_probability_.assign(n, 0.0);
  std::vector<double> miss(n, 1.0);  // P(no in-edge taken), assuming independence
  for (StageId s : topo_) {
    visit_probability_[s] = in_degree_[s] == 0 ? 1.0 : 1.0 - miss[s];
    for (const auto& e : out_edges(s)) miss[e.to] *= 1.0 - visit_probability_[s] * e.probability;
  }
}

std::span<const PipelineEdge> Pipeline::out_edges(StageId stage) const {
  return std::span<const PipelineEdge>(edges_.data() + first_edge_[stage], first_edge_[stage + 1] - first_edge_[stage]);
}

}  // namespace servesim
