#pragma once
// What this servesim was built from, baked in at build time
// (cmake/build_info.cmake): `servesim --version` prints it, and every
// summary.json's provenance records it.
namespace servesim {

const char* servesim_version();  // the project's version (CMakeLists.txt)
const char* servesim_commit();   // the git commit; "+dirty" with local changes; "unknown" outside git

}  // namespace servesim
