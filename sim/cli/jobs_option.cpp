#include "sim/cli/jobs_option.hpp"

#include <limits>
#include <string>

#include "sim/core/input_error.hpp"

namespace servesim::cli {

boost::program_options::typed_value<long long>* jobs_value(unsigned& jobs) {
  return boost::program_options::value<long long>()->default_value(1)->notifier([&jobs](long long n) {
    if (n < 1 || n > std::numeric_limits<unsigned>::max()) {
      throw InputError("--jobs", "expected a number of runs at once >= 1, got " + std::to_string(n));
    }
    jobs = static_cast<unsigned>(n);
  });
}

}  // namespace servesim::cli
