#include "sim/serving/query_table.hpp"

#include <algorithm>

namespace servesim {

std::uint32_t QueryTable::add(const QueryRecord& record) {
  ++in_flight_;
  std::uint32_t slot;
  if (free_.empty()) {
    slot = static_cast<std::uint32_t>(records_.size());
    records_.push_back(record);
    joins_.resize(joins_.size() + joins_per_query_);
  } else {
    slot = free_.back();
    free_.pop_back();
    records_[slot] = record;
  }
  std::fill_n(joins_.begin() + static_cast<std::ptrdiff_t>(slot) * joins_per_query_, joins_per_query_, JoinState{});
  return slot;
}

void QueryTable::remove(std::uint32_t slot) {
  --in_flight_;
  free_.push_back(slot);
}

std::vector<std::uint32_t> QueryTable::live_slots() const {
  std::vector<bool> free(records_.size(), false);
  for (std::uint32_t slot : free_) free[slot] = true;
  std::vector<std::uint32_t> live;
  for (std::uint32_t slot = 0; slot < records_.size(); ++slot) {
    if (!free[slot]) live.push_back(slot);
  }
  return live;
}

}  // namespace servesim
