#include "sim/serving/central_queue.hpp"

namespace servesim {

CentralQueues::CentralQueues(const std::vector<std::size_t>& stages_per_app) {
  std::size_t total = 0;
  for (std::size_t n : stages_per_app) {
    first_of_app_.push_back(static_cast<std::uint32_t>(total));
    total += n;
  }
  queues_.resize(total);
}

}  // namespace servesim
