#include "policies/mark/batch_manager.hpp"

#include <algorithm>

namespace servesim::mark {

void BatchManager::reset(std::vector<BatchMember> members) {
  std::optional<ReplicaId> forming_replica;
  if (forming_) forming_replica = members_[forming_->member].replica;
  members_ = std::move(members);
  std::vector<double> weights;
  weights.reserve(members_.size());
  // The balancer picks batches, so each weighs its batches a minute, C_i /
  // N_batch: requests then go in proportion to C_i (the public code's
  // weights: 415 for a p2.xlarge serving 415 x 8 a minute, modules/constants.py).
  for (const BatchMember& m : members_) {
    weights.push_back(m.capacity_per_minute / std::max<std::uint32_t>(1, m.shape.n_batch));
  }
  rotation_.reset(std::move(weights));
  std::optional<Forming> kept;
  for (std::size_t i = 0; i < members_.size() && forming_; ++i) {
    if (members_[i].replica == *forming_replica) kept = Forming{i, forming_->batch};
  }
  forming_ = kept;
}

bool BatchManager::still_open(SimTime now) const {
  if (!forming_) return false;
  const BatchingShape& shape = members_[forming_->member].shape;
  return forming_->batch.size < shape.n_batch && now < forming_->batch.opened + shape.w_batch;
}

bool BatchManager::in_time(const BatchMember& m, const ReplicaBacklog& backlog, const FormingBatch& batch,
                           SimTime now) const {
  return completion_bound(m.shape, backlog, batch, now) - now <= rt_max_;
}

BatchManager::Choice BatchManager::join(std::size_t member, FormingBatch batch, bool admitted) {
  ++batch.size;
  if (batch.size < members_[member].shape.n_batch) {
    forming_ = Forming{member, batch};
  } else {
    forming_.reset();  // full: the next request starts another
  }
  return {members_[member].replica, admitted};
}

BatchManager::Choice BatchManager::assign(SimTime now, const BacklogOf& backlog_of, bool lambda) {
  if (still_open(now)) {
    const BatchMember& m = members_[forming_->member];
    const std::optional<ReplicaBacklog> backlog = backlog_of(m.replica);
    if (backlog) {
      if (in_time(m, *backlog, forming_->batch, now)) return join(forming_->member, forming_->batch, true);
      if (!lambda) return join(forming_->member, forming_->batch, false);
      // Late on this instance: to Lambda, and the next request starts a
      // batch for another.
      forming_.reset();
      return {m.replica, false};
    }
  }
  return open_new(now, backlog_of, lambda);
}

// A new batch: the balancer's pick if it serves the request in time, else
// the first other instance that does, in the members' order (the rotation
// moves on by one pick either way).
BatchManager::Choice BatchManager::open_new(SimTime now, const BacklogOf& backlog_of, bool lambda) {
  forming_.reset();
  const std::optional<std::size_t> pick = rotation_.pick();
  if (!pick) return {};
  const FormingBatch fresh{0, now};
  std::optional<std::size_t> first;  // the first candidate that takes requests
  for (std::size_t k = 0; k < members_.size(); ++k) {
    const std::size_t i = k == 0 ? *pick : (k <= *pick ? k - 1 : k);  // the pick, then the others in order
    const std::optional<ReplicaBacklog> backlog = backlog_of(members_[i].replica);
    if (!backlog) continue;
    if (!first) first = i;
    if (in_time(members_[i], *backlog, fresh, now)) return join(i, fresh, true);
  }
  if (!first) return {};
  if (!lambda) return join(*first, fresh, false);
  return {members_[*first].replica, false};
}

}  // namespace servesim::mark
