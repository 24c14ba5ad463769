#pragma once
// SHA-256 (FIPS 180-4) of a byte string, as 64 lowercase hex digits: what a
// run's provenance records of its scenario file (sha256sum prints the same).
#include <string>
#include <string_view>

namespace servesim {

std::string sha256_hex(std::string_view bytes);

}  // namespace servesim
