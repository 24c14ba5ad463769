#include "tests/fuzz/mutator.hpp"

#include <algorithm>
#include <array>

namespace servesim::fuzz {

namespace {

// Numbers at and past every limit a parser or a generator might have.
constexpr std::array kNumbers = {
    "0", "-0", "-1", "1", "0.5", "1e-9", "1e-300", "4.9e-324", "1e-400", "1e300", "1.7976931348623157e308",
    "1e999", "-1e999", "2147483648", "-2147483649", "4294967295", "4294967297", "9223372036854775807",
    "9223372036854775808", "-9223372036854775809", "18446744073709551616", "123456789012345678901234567890",
    "86400000", "1e9", "3.5", "-0.0001"};
// JSON values of every type, and strings a lenient number reader might take.
constexpr std::array kValues = {"null", "true", "false", "[]", "{}", "\"\"", "[1]", "{\"a\":1}", "\"NaN\"",
                                "\"nan\"", "\"inf\"", "\"-Infinity\"", "\"1e999\"", "\"0x10\"", "\" 1\"", "\"1,5\"",
                                "\"${HOME}\"", "\"${UNSET_VARIABLE_X}\"", "\"/dev/zero\"", "\"/\"", "\"..\"",
                                "\"\\u0000\"", "\"\\ud800\""};
// Bytes that are structure, or not text, to a parser.
constexpr std::array<char, 18> kBytes = {'\0', '\x01', '\x7f', '\xff', '\xc3', '{', '}', '[', ']',
                                         '"', ',', ':', '\\', '\n', '-', 'e', '.', ' '};

// A key or string mutated into invalid UTF-8 would make dump() throw; the
// bytes are replaced instead (raw() is the way to write invalid bytes).
std::string dump(const Json& value) { return value.dump(1, ' ', false, Json::error_handler_t::replace); }

struct Node {
  Json* value;
  Json* parent;  // null for the root
};

void collect(Json& value, Json* parent, std::vector<Node>& out) {
  out.push_back({&value, parent});
  if (value.is_structured()) {
    for (auto& child : value) collect(child, &value, out);
  }
}

}  // namespace

std::string Mutator::raw(std::string text) {
  raw_.push_back(std::move(text));
  return "@@raw" + std::to_string(raw_.size() - 1) + "@@";
}

std::string Mutator::dump_with_raw(const Json& doc) const {
  std::string text = dump(doc);
  // From the last: a later raw text may hold an earlier one's token (a raw key
  // renamed again), which the earlier one's pass then expands. A token carries
  // its quotes, so "@@raw1@@" never matches inside "@@raw12@@".
  for (std::size_t i = raw_.size(); i-- > 0;) {
    const std::string token = "\"@@raw" + std::to_string(i) + "@@\"";
    for (auto pos = text.find(token); pos != std::string::npos; pos = text.find(token, pos + raw_[i].size())) {
      text.replace(pos, token.size(), raw_[i]);
    }
  }
  return text;
}

std::string Mutator::nasty_number() { return kNumbers[below(kNumbers.size())]; }

std::string Mutator::nasty_value() {
  switch (below(6)) {
    case 0:
    case 1: return nasty_number();
    case 2: return kValues[below(kValues.size())];
    case 3: {  // deep nesting, past any sane recursion limit sometimes
      const std::size_t depth = std::array{2, 50, 600, 5000, 100000}[below(5)];
      return below(2) ? std::string(depth, '[') + "1" + std::string(depth, ']')
                      : [&] {
                          std::string s;
                          for (std::size_t i = 0; i < depth; ++i) s += "{\"a\":";
                          return s + "1" + std::string(depth, '}');
                        }();
    }
    case 4: {  // a long string of arbitrary bytes, escapes and all
      std::string s = "\"";
      const std::size_t n = std::array{1, 100, 5000, 200000}[below(4)];
      for (std::size_t i = 0; i < n; ++i) {
        const char c = below(4) ? static_cast<char>('a' + below(26)) : static_cast<char>(below(256));
        s += c == '"' || c == '\\' ? 'x' : c;
      }
      return s + "\"";
    }
    default: return "\"" + std::string(below(2) ? "x" : "") + "\"";
  }
}

void Mutator::mutate_tree(Json& doc) {
  std::vector<Node> nodes;
  collect(doc, nullptr, nodes);
  const Node n = nodes[below(nodes.size())];
  Json& v = *n.value;
  switch (below(9)) {
    case 0:  // a value of another type, or a number past a limit
    case 1:
      v = raw(nasty_value());
      return;
    case 2:  // the same number, scaled to an extreme
      if (v.is_number()) v = v.get<double>() * std::array{-1.0, 0.0, 1e-12, 1e12, 1e300}[below(5)];
      else v = raw(nasty_number());
      return;
    case 3: {  // another node's value spliced here (a policy where a workload was, ...)
      Json copy = *nodes[below(nodes.size())].value;
      v = std::move(copy);
      return;
    }
    default: break;
  }
  // Key and element mutations act on a container: this node or its parent.
  Json& c = v.is_structured() || !n.parent ? v : *n.parent;
  if (c.is_object() && !c.empty()) {
    auto it = std::next(c.begin(), static_cast<std::ptrdiff_t>(below(c.size())));
    const std::string key = it.key();
    switch (below(4)) {
      case 0: c.erase(key); return;
      case 1: {  // renamed: a typo, a case change, an empty or odd key
        std::string renamed = key;
        switch (below(4)) {
          case 0: if (!renamed.empty()) renamed.erase(below(renamed.size()), 1); break;
          case 1: std::transform(renamed.begin(), renamed.end(), renamed.begin(), ::toupper); break;
          case 2: renamed = std::array{"", " ", "__proto__", "\x01", "\xff\xfe"}[below(5)]; break;
          default: renamed += "_x";
        }
        Json moved = std::move(it.value());
        c.erase(key);
        c[renamed] = std::move(moved);
        return;
      }
      default: {  // a duplicate key, the same value or another
        const std::string value = below(2) ? dump(it.value()) : nasty_value();
        c[raw("\"" + key + "\"")] = raw(value);
        return;
      }
    }
  }
  if (c.is_array() && !c.empty()) {
    const std::size_t i = below(c.size());
    switch (below(4)) {
      case 0: c.erase(c.begin() + static_cast<std::ptrdiff_t>(i)); return;
      case 1: c.clear(); return;
      default: {  // an element repeated, a few or many times
        const Json copy = c[i];
        // No repeat adds more than kMaxBytes, so the tree stays small enough to build.
        const std::size_t times = std::min<std::size_t>(std::array{1, 2, 50, 2000}[below(4)],
                                                        1 + kMaxBytes / (dump(copy).size() + 1));
        for (std::size_t k = 0; k < times; ++k) c.push_back(copy);
        return;
      }
    }
  }
  v = raw(nasty_value());
}

void Mutator::mutate_text_once(std::string& text) {
  const std::size_t pos = below(text.size() + 1);
  switch (below(8)) {
    case 0: text.resize(pos); return;  // truncated
    case 1:
      if (!text.empty()) text[below(text.size())] ^= static_cast<char>(1u << below(8));
      return;
    case 2: text.insert(pos, 1, kBytes[below(kBytes.size())]); return;
    case 3: text.erase(pos, 1 + below(16)); return;
    case 4: text.insert(pos, text.substr(pos, 1 + below(64))); return;
    case 5: {  // a number replaced by an extreme one, or by a value of another type
      const auto start = text.find_first_of("0123456789", pos);
      if (start == std::string::npos) return;
      const auto end = text.find_first_not_of("0123456789.eE+-", start);
      text.replace(start, (end == std::string::npos ? text.size() : end) - start,
                   below(4) ? nasty_number() : std::string(kValues[below(kValues.size())]));
      return;
    }
    case 6: {  // two lines swapped: out-of-order trace rows
      const auto a = text.rfind('\n', pos);
      const auto b = text.find('\n', pos);
      if (a == std::string::npos || b == std::string::npos) return;
      const auto c = text.find('\n', b + 1);
      if (c == std::string::npos) return;
      const std::string first = text.substr(a + 1, b - a), second = text.substr(b + 1, c - b);
      text.replace(a + 1, c - a, second + first);
      return;
    }
    default: {  // a line repeated many times
      const auto a = text.rfind('\n', pos);
      const auto b = text.find('\n', pos);
      if (a == std::string::npos || b == std::string::npos) return;
      const std::string line = text.substr(a + 1, b - a);
      std::string lines;
      for (std::size_t k = 0, n = std::array{2, 100, 10000}[below(3)]; k < n; ++k) lines += line;
      text.insert(b + 1, lines);
      return;
    }
  }
}

std::string Mutator::mutate_json(const Json& doc) {
  // Repeats of repeats can reach gigabytes, whose parsing is slow for good
  // reason; such a mutant is drawn again (from the same generator, so still
  // deterministic) instead of being timed out as a hang.
  for (;;) {
    raw_.clear();
    Json mutant = doc;
    // Half the mutants carry one mistake: most of those still validate, and
    // go on to run.
    for (std::uint64_t i = 0, n = chance(0.5) ? 1 : 2 + below(3); i < n; ++i) mutate_tree(mutant);
    std::string text = dump_with_raw(mutant);
    if (chance(0.2)) mutate_text_once(text);
    if (text.size() <= kMaxBytes) return text;
  }
}

std::string Mutator::mutate_text(std::string text) {
  for (std::uint64_t i = 0, n = 1 + below(3); i < n; ++i) mutate_text_once(text);
  return text;
}

}  // namespace servesim::fuzz
