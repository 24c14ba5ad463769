#pragma once
// --jobs (runs at once, one thread each), shared by `run` and `claims`. Read as
// a signed number so that "-1" is refused instead of wrapping to 4294967295,
// as boost's unsigned parsing would; 0 is refused too (nothing would run).
#include <boost/program_options.hpp>

namespace servesim::cli {

// The option's value semantic: default 1; a value below 1 is an InputError
// ("--jobs: ...") when the options are notified.
boost::program_options::typed_value<long long>* jobs_value(unsigned& jobs);

}  // namespace servesim::cli
