#pragma once
// Mutations of a scenario (as a JSON tree and as raw text) and of the small
// trace files next to it. Deterministic: the same seed gives the same mutant.
//
// Tree mutations: delete, rename or duplicate a key; swap a value's type;
// extreme and tiny numbers (0, -1, 1e-300, 1e300, 2^32+1, 2^63, and raw
// 1e999 that no JSON library would write); NaN-like strings; deep nesting;
// long strings with control and invalid UTF-8 bytes; array elements removed,
// repeated or spliced from elsewhere. Text mutations: truncation, byte flips
// and inserts, spans deleted or repeated, numbers replaced, lines swapped.
#include <cstdint>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

namespace servesim::fuzz {

using Json = nlohmann::ordered_json;

class Mutator {
 public:
  explicit Mutator(std::uint64_t seed) : rng_(seed) {}

  // 1-4 tree mutations (one, half the time), then (sometimes) a text mutation of the dump.
  std::string mutate_json(const Json& doc);
  static constexpr std::size_t kMaxBytes = 4 << 20;  // a mutant's size at most
  // 1-3 text mutations, for trace files.
  std::string mutate_text(std::string text);

  std::uint64_t below(std::uint64_t n) { return n == 0 ? 0 : rng_() % n; }  // portable, unlike <random>'s distributions
  bool chance(double p) { return static_cast<double>(rng_() >> 11) * 0x1p-53 < p; }

 private:
  void mutate_tree(Json& doc);
  void mutate_text_once(std::string& text);
  // Raw JSON text (a number no library would print, bytes no library would
  // escape, a duplicate key) enters the tree as a placeholder string that
  // dump_with_raw() swaps for the text.
  std::string raw(std::string text);
  std::string dump_with_raw(const Json& doc) const;
  std::string nasty_value();
  std::string nasty_number();

  std::mt19937_64 rng_;
  std::vector<std::string> raw_;
};

}  // namespace servesim::fuzz
