#include "sim/scenario/claim_expression.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "sim/core/input_error.hpp"

namespace servesim {

struct ClaimExpression::Node {
  enum class Kind { kNumber, kReference, kSeries, kValue, kNegate, kNot, kBinary, kCall };
  Kind kind = Kind::kNumber;
  double number = 0;
  std::string op;                      // binary operator or function name
  std::vector<std::string> names;      // reference: label, path; series: label, column, aggregate, app
  std::vector<std::unique_ptr<Node>> children;
};

namespace {

using Node = ClaimExpression::Node;

struct Token {
  enum class Kind { kNumber, kName, kSymbol, kEnd };
  Kind kind = Kind::kEnd;
  std::string text;
  double number = 0;
  std::size_t at = 0;  // offset in the text, for errors
};

// The word for a claim's value in its "holds"; never a run's name.
constexpr const char* kValue = "value";

bool name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == ':' || c == '-';
}

// The end of the name that starts at `start`. A '/' belongs to it only before
// the name's ':' and right before a name ("run/label:path", "run/label" in
// series); elsewhere it divides, so "a:x/b:y", "value/p:x" and "value/2" mean
// what they meant before runs had names.
std::size_t name_end(const std::string& text, std::size_t start) {
  bool in_path = false;
  std::size_t i = start;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    const bool joins = c == '/' && !in_path && i + 1 < text.size() && name_start(text[i + 1]) &&
                       text.compare(start, i - start, kValue) != 0;
    if (!name_char(c) && !joins) break;
    in_path = in_path || c == ':';
  }
  return i;
}

std::vector<Token> tokenize(const std::string& text, const std::string& where) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    Token t;
    t.at = i;
    if (std::isdigit(static_cast<unsigned char>(c)) || (c == '.' && i + 1 < text.size() && std::isdigit(text[i + 1]))) {
      char* end = nullptr;
      t.number = std::strtod(text.c_str() + i, &end);
      t.kind = Token::Kind::kNumber;
      i = static_cast<std::size_t>(end - text.c_str());
    } else if (name_start(c)) {
      const std::size_t start = i;
      i = name_end(text, start);
      t.kind = Token::Kind::kName;
      t.text = text.substr(start, i - start);
    } else {
      static const char* const kTwo[] = {"<=", ">=", "==", "!="};
      t.kind = Token::Kind::kSymbol;
      t.text = std::string(1, c);
      for (const char* two : kTwo) {
        if (text.compare(i, 2, two) == 0) t.text = two;
      }
      if (std::string("()+-*/<>,").find(c) == std::string::npos && t.text.size() == 1) {
        throw InputError(where, "unexpected '" + t.text + "' at character " + std::to_string(i + 1) + " of \"" +
                                    text + "\"");
      }
      i += t.text.size();
    }
    tokens.push_back(std::move(t));
  }
  tokens.push_back(Token{Token::Kind::kEnd, "", 0, text.size()});
  return tokens;
}

class Parser {
 public:
  Parser(const std::string& text, const std::string& where, std::vector<std::string>& labels)
      : text_(text), where_(where), tokens_(tokenize(text, where)), labels_(labels) {}

  std::unique_ptr<Node> parse() {
    auto root = disjunction();
    if (peek().kind != Token::Kind::kEnd) fail("unexpected \"" + peek().text + "\"");
    return root;
  }

 private:
  // One nested level while it is parsed; refused beyond kMaxNesting.
  class Nested {
   public:
    explicit Nested(Parser& parser) : parser_(parser) {
      if (++parser_.depth_ > ClaimExpression::kMaxNesting) {
        parser_.fail("nested deeper than " + std::to_string(ClaimExpression::kMaxNesting) + " levels");
      }
    }
    ~Nested() { --parser_.depth_; }
    Nested(const Nested&) = delete;
    Nested& operator=(const Nested&) = delete;

   private:
    Parser& parser_;
  };

  const Token& peek() const { return tokens_[next_]; }
  Token take() { return tokens_[next_++]; }
  bool accept_name(const char* word) {
    if (peek().kind != Token::Kind::kName || peek().text != word) return false;
    ++next_;
    return true;
  }
  bool accept_symbol(const char* symbol) {
    if (peek().kind != Token::Kind::kSymbol || peek().text != symbol) return false;
    ++next_;
    return true;
  }
  void expect_symbol(const char* symbol) {
    if (!accept_symbol(symbol)) fail(std::string("expected '") + symbol + "'");
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw InputError(where_, what + " at character " + std::to_string(peek().at + 1) + " of \"" + text_ + "\"");
  }

  static std::unique_ptr<Node> binary(std::string op, std::unique_ptr<Node> left, std::unique_ptr<Node> right) {
    auto n = std::make_unique<Node>();
    n->kind = Node::Kind::kBinary;
    n->op = std::move(op);
    n->children.push_back(std::move(left));
    n->children.push_back(std::move(right));
    return n;
  }

  std::unique_ptr<Node> disjunction() {
    auto left = conjunction();
    while (accept_name("or")) left = binary("or", std::move(left), conjunction());
    return left;
  }
  std::unique_ptr<Node> conjunction() {
    auto left = negation();
    while (accept_name("and")) left = binary("and", std::move(left), negation());
    return left;
  }
  // As in Python, "not" binds more loosely than a comparison: not a == b is not (a == b).
  std::unique_ptr<Node> negation() {
    if (!accept_name("not")) return comparison();
    const Nested nested(*this);
    auto n = std::make_unique<Node>();
    n->kind = Node::Kind::kNot;
    n->children.push_back(negation());
    return n;
  }
  std::unique_ptr<Node> comparison() {
    auto left = sum();
    for (const char* op : {"<=", ">=", "==", "!=", "<", ">"}) {
      if (accept_symbol(op)) return binary(op, std::move(left), sum());
    }
    return left;
  }
  // One left-associative level: operands from `next`, joined by any of `ops`.
  template <typename Next>
  std::unique_ptr<Node> left_associative(std::initializer_list<const char*> ops, Next next) {
    auto left = next();
    while (true) {
      const char* matched = nullptr;
      for (const char* op : ops) {
        if (accept_symbol(op)) {
          matched = op;
          break;
        }
      }
      if (matched == nullptr) return left;
      left = binary(matched, std::move(left), next());
    }
  }
  std::unique_ptr<Node> sum() { return left_associative({"+", "-"}, [this] { return product(); }); }
  std::unique_ptr<Node> product() { return left_associative({"*", "/"}, [this] { return unary(); }); }
  std::unique_ptr<Node> unary() {
    if (!accept_symbol("-")) return primary();
    const Nested nested(*this);
    auto n = std::make_unique<Node>();
    n->kind = Node::Kind::kNegate;
    n->children.push_back(unary());
    return n;
  }
  std::unique_ptr<Node> primary() {
    if (accept_symbol("(")) {
      const Nested nested(*this);
      auto inner = disjunction();
      expect_symbol(")");
      return inner;
    }
    const Token t = take();
    auto n = std::make_unique<Node>();
    if (t.kind == Token::Kind::kNumber) {
      n->number = t.number;
      return n;
    }
    if (t.kind != Token::Kind::kName) {
      --next_;
      fail(t.kind == Token::Kind::kEnd ? "expected a value" : "unexpected \"" + t.text + "\"");
    }
    if (accept_symbol("(")) return call(t.text, std::move(n));
    if (t.text == kValue) {
      n->kind = Node::Kind::kValue;
      return n;
    }
    const std::size_t colon = t.text.find(':');
    if (colon == std::string::npos || colon == 0 || colon + 1 == t.text.size()) {
      --next_;
      fail("expected label:path, a number or a function, got \"" + t.text + "\"");
    }
    n->kind = Node::Kind::kReference;
    n->names = {t.text.substr(0, colon), t.text.substr(colon + 1)};
    note_label(n->names[0]);
    return n;
  }
  std::unique_ptr<Node> call(const std::string& name, std::unique_ptr<Node> n) {
    if (name == "series") return series(std::move(n));
    if (name != "min" && name != "max" && name != "abs") fail("unknown function \"" + name + "\"");
    const Nested nested(*this);
    n->kind = Node::Kind::kCall;
    n->op = name;
    n->children.push_back(disjunction());
    if (name != "abs") {
      expect_symbol(",");
      n->children.push_back(disjunction());
    }
    expect_symbol(")");
    return n;
  }
  std::string bare_name(const char* what) {
    if (peek().kind != Token::Kind::kName) fail(std::string("expected ") + what);
    return take().text;
  }
  std::unique_ptr<Node> series(std::unique_ptr<Node> n) {
    n->kind = Node::Kind::kSeries;
    n->names.push_back(bare_name("a run label"));
    note_label(n->names.back());
    expect_symbol(",");
    n->names.push_back(bare_name("a timeseries.csv column"));
    expect_symbol(",");
    n->names.push_back(bare_name("an aggregate (mean, max, min, sum, first, last, nonzero)"));
    static const char* const kAggregates[] = {"mean", "max", "min", "sum", "first", "last", "nonzero"};
    if (std::find(std::begin(kAggregates), std::end(kAggregates), n->names.back()) == std::end(kAggregates)) {
      fail("unknown aggregate \"" + n->names.back() + "\"");
    }
    for (int bound = 0; bound < 2; ++bound) {
      expect_symbol(",");
      n->children.push_back(sum());
    }
    n->names.push_back(accept_symbol(",") ? bare_name("an application name") : "all");
    expect_symbol(")");
    return n;
  }
  // Called right after the label's token was taken; an error points at it.
  void note_label(const std::string& label) {
    if (label.find('/') != std::string::npos && !valid_run_label(label)) {
      --next_;
      fail("expected label or run/label (a run name, one '/', a label), got \"" + label + "\"");
    }
    if (std::find(labels_.begin(), labels_.end(), label) == labels_.end()) labels_.push_back(label);
  }

  static bool valid_run_label(const std::string& label) {
    const RunLabel split = split_run_label(label);
    return is_run_name(split.run) && split.label.find('/') == std::string::npos;
  }

  const std::string& text_;
  const std::string& where_;
  std::vector<Token> tokens_;
  std::size_t next_ = 0;
  std::size_t depth_ = 0;  // nested levels open (Nested)
  std::vector<std::string>& labels_;
};

double apply(const std::string& op, double a, double b) {
  if (op == "+") return a + b;
  if (op == "-") return a - b;
  if (op == "*") return a * b;
  if (op == "/") return a / b;
  if (op == "<") return a < b;
  if (op == "<=") return a <= b;
  if (op == ">") return a > b;
  if (op == ">=") return a >= b;
  if (op == "==") return a == b;
  if (op == "!=") return a != b;
  if (op == "and") return a != 0 && b != 0;
  return a != 0 || b != 0;  // "or"
}

double evaluate_node(const Node& n, const ClaimValues& values, const double* value, const std::string& where) {
  const auto child = [&](std::size_t i) { return evaluate_node(*n.children[i], values, value, where); };
  switch (n.kind) {
    case Node::Kind::kNumber:
      return n.number;
    case Node::Kind::kReference:
      return values.field(n.names[0], n.names[1]);
    case Node::Kind::kSeries:
      return values.series(n.names[0], n.names[1], n.names[2], child(0), child(1), n.names[3]);
    case Node::Kind::kValue:
      if (!value) throw InputError(where, "\"value\" is only known in a claim's \"holds\"");
      return *value;
    case Node::Kind::kNegate:
      return -child(0);
    case Node::Kind::kNot:
      return child(0) == 0;
    case Node::Kind::kBinary:
      return apply(n.op, child(0), child(1));
    case Node::Kind::kCall:
      if (n.op == "abs") return std::abs(child(0));
      return n.op == "min" ? std::min(child(0), child(1)) : std::max(child(0), child(1));
  }
  return 0;
}

}  // namespace

RunLabel split_run_label(const std::string& label) {
  const std::size_t slash = label.find('/');
  if (slash == std::string::npos) return {"", label};
  return {label.substr(0, slash), label.substr(slash + 1)};
}

bool is_run_name(const std::string& name) {
  if (name.empty() || !name_start(name.front()) || name == kValue) return false;
  return std::all_of(name.begin(), name.end(), [](char c) { return name_char(c) && c != ':'; });
}

ClaimExpression::ClaimExpression(const std::string& text, const std::string& where) : text_(text), where_(where) {
  if (text_.size() > kMaxLength) {
    throw InputError(where_, "an expression of " + std::to_string(text_.size()) + " characters; at most " +
                                 std::to_string(kMaxLength) + " are allowed");
  }
  root_ = Parser(text_, where_, labels_).parse();
}

ClaimExpression::ClaimExpression(ClaimExpression&&) noexcept = default;
ClaimExpression& ClaimExpression::operator=(ClaimExpression&&) noexcept = default;
ClaimExpression::~ClaimExpression() = default;

double ClaimExpression::evaluate(const ClaimValues& values, const double* value) const {
  return evaluate_node(*root_, values, value, where_);
}

}  // namespace servesim
