#pragma once
// The checks every input file passes before it is read whole: the scenario,
// its catalogs, traces, histories and spot price series, the claims ledger,
// and the summaries and sweep points `collect` reads. It must be a regular
// file: a device such as /dev/zero never ends, a FIFO with no writer blocks
// forever, a socket cannot be read. And it must be no larger than its
// reader's limit (docs/scenario.md, "Limits"), so that a wrong path cannot
// fill the memory. Every problem is one line naming the path.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

namespace servesim {

// JSON documents: 256 MiB, 600x the largest the project ships (the claims
// ledger, 440 KB); the parser holds a document several times its size.
inline constexpr std::uintmax_t kMaxJsonFileBytes = std::uintmax_t{256} << 20;
// Text and CSV files read whole (profiles, variant lists, spot prices,
// allocation files): 1 GiB, 1,300x the largest the Proteus artifact has.
inline constexpr std::uintmax_t kMaxTextFileBytes = std::uintmax_t{1} << 30;

// Why `path` cannot be read as `what` ("a JSON file"), or nothing: it does
// not exist or cannot be reached (the system's reason: a symlink loop, no
// permission), is a folder, is not a regular file, or is over `max_bytes`.
std::optional<std::string> input_file_problem(const std::filesystem::path& path, std::uintmax_t max_bytes,
                                              const std::string& what);

// Throws InputError(path, problem) when there is one.
void check_input_file(const std::filesystem::path& path, std::uintmax_t max_bytes, const std::string& what);

// The file's bytes, after check_input_file; a read error (EIO) is one line too.
std::string read_input_file(const std::filesystem::path& path, std::uintmax_t max_bytes, const std::string& what);

}  // namespace servesim
