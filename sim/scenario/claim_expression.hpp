#pragma once
// The small expression language of the claims ledger
// (configs/scenarios/papers/claims.json): numbers, references to the run
// summaries of one scenario, time-series aggregates, arithmetic, comparisons
// and logic. A comparison is 1 when it holds and 0 when not.
//
//   infaas-accuracy:violation_ratio / proteus:violation_ratio
//   proteus:per_app.resnet.goodput_qps > 0.9 * proteus:throughput_qps
//   series(infaas, replicas_inferentia, max, 60, 90) >= 1 and infaas:cost.total < clipper-plus:cost.total
//   value > 1        (in a claim's "holds": its "value")
//   online-alone/infaas:violation_ratio    (a claim's named run, claims_ledger.hpp)
//
// A reference is `label:dotted.path` into that run's summary.json, or
// `run/label:dotted.path` into the run named `run` among the claim's "runs".
// Labels and paths may contain '-', so a binary minus needs spaces around it
// ("a - b"); a '/' is a division except between a run and a label.
// series(label, column, aggregate, from_s, to_s[, app]) aggregates a
// timeseries.csv column (mean, max, min, sum, first, last, or nonzero: the
// share of windows where it is not 0) over the windows that lie in
// [from_s, to_s], on the "all" rows or one application's; its label may be
// `run/label` too. The column `late_share` is derived: each window's late
// queries over its finished ones (on_time + late), so `series(x, late_share,
// max, 0, 600)` is the worst window's miss rate.
// Functions min(a, b), max(a, b), abs(a).
#include <memory>
#include <string>
#include <vector>

namespace servesim {

// Where references are looked up; evaluation errors are InputErrors naming
// what could not be found.
class ClaimValues {
 public:
  virtual ~ClaimValues() = default;
  virtual double field(const std::string& label, const std::string& path) const = 0;
  virtual double series(const std::string& label, const std::string& column, const std::string& aggregate,
                        double from_s, double to_s, const std::string& app) const = 0;
};

// A reference's label split at its '/': `run` is empty for the claim's own run.
struct RunLabel {
  std::string run;
  std::string label;
};
RunLabel split_run_label(const std::string& label);

// Whether `name` can name a claim's run: a reference can spell it before its '/'
// (a letter or '_', then letters, digits, '_', '-' or '.'; not "value").
bool is_run_name(const std::string& name);

class ClaimExpression {
 public:
  struct Node;

  // The parser and the evaluation recurse once per nested level and per
  // operator of a chain: both bounded, as JSON's nesting is, so that no
  // expression in a ledger can overflow the stack.
  // 3.4x the longest in the shipped ledger (4,791 characters); a chain of
  // 8,000 operators evaluates in well under a megabyte of stack.
  static constexpr std::size_t kMaxLength = 16384;  // characters
  static constexpr std::size_t kMaxNesting = 64;   // parentheses, unary minus, "not", a function's arguments

  // Throws InputError(where, ...) naming the position of a syntax error, or
  // an expression longer or nested deeper than the limits above.
  ClaimExpression(const std::string& text, const std::string& where);
  ClaimExpression(ClaimExpression&&) noexcept;
  ClaimExpression& operator=(ClaimExpression&&) noexcept;
  ~ClaimExpression();

  // `value` is what the name `value` stands for (a claim's value), if any.
  double evaluate(const ClaimValues& values, const double* value = nullptr) const;
  // The run labels the expression refers to, in order of first use.
  const std::vector<std::string>& labels() const { return labels_; }
  const std::string& text() const { return text_; }
  // Where the expression is in its file, as its errors name it.
  const std::string& where() const { return where_; }

 private:
  std::string text_;
  std::string where_;
  std::unique_ptr<Node> root_;
  std::vector<std::string> labels_;
};

}  // namespace servesim
