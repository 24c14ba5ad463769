// The claims ledger's expressions: references, series, arithmetic, logic and
// the errors that name where a claim is wrong.
#include "sim/scenario/claim_expression.hpp"

#include <gtest/gtest.h>

#include <map>

#include "sim/core/input_error.hpp"

namespace servesim {
namespace {

class FakeValues final : public ClaimValues {
 public:
  std::map<std::string, double> fields;
  double field(const std::string& label, const std::string& path) const override {
    const auto it = fields.find(label + ":" + path);
    if (it == fields.end()) throw InputError("claims.json", "no " + label + ":" + path);
    return it->second;
  }
  double series(const std::string& label, const std::string& column, const std::string& aggregate, double from_s,
                double to_s, const std::string& app) const override {
    last_series = label + "/" + column + "/" + aggregate + "/" + std::to_string(from_s) + "/" +
                  std::to_string(to_s) + "/" + app;
    return 7;
  }
  mutable std::string last_series;
};

double eval(const std::string& text, const FakeValues& v, const double* value = nullptr) {
  return ClaimExpression(text, "claims.json: claims[0].holds").evaluate(v, value);
}

TEST(ClaimExpression, ReferencesWithDashesAndArithmetic) {
  FakeValues v;
  v.fields = {{"infaas-accuracy:violation_ratio", 0.9}, {"proteus:violation_ratio", 0.06},
              {"proteus:per_app.resnet.goodput_qps", 100}};
  EXPECT_DOUBLE_EQ(eval("infaas-accuracy:violation_ratio / proteus:violation_ratio", v), 15);
  EXPECT_DOUBLE_EQ(eval("2 + 3 * 4 - (1 - 3) / 2", v), 15);
  EXPECT_DOUBLE_EQ(eval("-proteus:per_app.resnet.goodput_qps", v), -100);
  EXPECT_DOUBLE_EQ(eval("max(1, 2) + min(1, 2) + abs(-3)", v), 6);
}

TEST(ClaimExpression, ComparisonsAndLogic) {
  FakeValues v;
  v.fields = {{"a:x", 1}, {"b:x", 2}};
  EXPECT_EQ(eval("a:x < b:x and b:x <= 2", v), 1);
  EXPECT_EQ(eval("a:x > b:x or b:x != 2", v), 0);
  EXPECT_EQ(eval("not a:x == 2", v), 1);
  const double value = 4.3;
  EXPECT_EQ(eval("value > 1", v, &value), 1);
}

TEST(ClaimExpression, SeriesNamesTheWindowsAndTheApplication) {
  FakeValues v;
  EXPECT_EQ(eval("series(infaas, replicas_inferentia, max, 60, 90)", v), 7);
  EXPECT_EQ(v.last_series, "infaas/replicas_inferentia/max/60.000000/90.000000/all");
  eval("series(proteus, goodput_qps, mean, 0, 10 * 6, resnet)", v);
  EXPECT_EQ(v.last_series, "proteus/goodput_qps/mean/0.000000/60.000000/resnet");
}

TEST(ClaimExpression, LabelsInOrderOfFirstUse) {
  const ClaimExpression e("b:x + a:y + series(c, col, sum, 0, 1) + b:z", "where");
  EXPECT_EQ(e.labels(), (std::vector<std::string>{"b", "a", "c"}));
}

// `run/label:path` names a label of one of the claim's named runs; a '/'
// anywhere else still divides, as it did before runs had names.
TEST(ClaimExpression, ANamedRunIsSpelledBeforeTheLabel) {
  FakeValues v;
  v.fields = {{"p:x", 6}, {"online-alone/p:x", 2}, {"b:y", 2}};
  EXPECT_DOUBLE_EQ(eval("p:x / online-alone/p:x", v), 3);
  EXPECT_DOUBLE_EQ(eval("p:x/online-alone/p:x", v), 3);
  EXPECT_DOUBLE_EQ(eval("p:x/b:y", v), 3);
  const double value = 6;
  EXPECT_DOUBLE_EQ(eval("value/b:y", v, &value), 3);
  EXPECT_DOUBLE_EQ(eval("value/2", v, &value), 3);
  EXPECT_EQ(eval("series(alone/q, load, max, 0, 1)", v), 7);
  EXPECT_EQ(v.last_series, "alone/q/load/max/0.000000/1.000000/all");
  const ClaimExpression e("alone/p:x + p:x + series(alone/q, col, sum, 0, 1)", "where");
  EXPECT_EQ(e.labels(), (std::vector<std::string>{"alone/p", "p", "alone/q"}));
}

TEST(ClaimExpression, RunLabelsSplitAtTheSlash) {
  EXPECT_EQ(split_run_label("online-alone/infaas").run, "online-alone");
  EXPECT_EQ(split_run_label("online-alone/infaas").label, "infaas");
  EXPECT_EQ(split_run_label("infaas").run, "");
  EXPECT_EQ(split_run_label("infaas").label, "infaas");
}

TEST(ClaimExpression, RunNamesAreWhatAReferenceCanSpell) {
  for (const char* good : {"online-alone", "a.b_2", "_x"}) EXPECT_TRUE(is_run_name(good)) << good;
  for (const char* bad : {"", "a/b", "a:b", "2x", "on line", "value"}) EXPECT_FALSE(is_run_name(bad)) << bad;
}

// The error a ClaimExpression at `where` throws for `text`, or "no error".
std::string error_of(const std::string& text, const std::string& where) {
  try {
    ClaimExpression(text, where);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(ClaimExpression, SyntaxErrorsNameTheClaimAndThePosition) {
  const auto message = [](const std::string& text) { return error_of(text, "claims.json: claims[2].holds"); };
  EXPECT_NE(message("a:x <").find("claims[2].holds"), std::string::npos);
  EXPECT_NE(message("a:x <").find("expected a value"), std::string::npos);
  EXPECT_NE(message("proteus").find("expected label:path"), std::string::npos);
  EXPECT_NE(message("series(a, b, median, 0, 1)").find("unknown aggregate"), std::string::npos);
  EXPECT_NE(message("a:x $ 2").find("character 5"), std::string::npos);
  EXPECT_NE(message("(a:x").find("expected ')'"), std::string::npos);
  EXPECT_NE(message("sqrt(2)").find("unknown function"), std::string::npos);
  EXPECT_NE(message("a/b/c:x").find("expected label or run/label"), std::string::npos);
  EXPECT_NE(message("series(a/b/c, col, max, 0, 1)").find("expected label or run/label"), std::string::npos);
}

// A ledger cannot overflow the stack: nesting and length are refused past
// their limits with the claim's path, never by a crash.
TEST(ClaimExpression, NestingAndLengthHaveLimits) {
  FakeValues v;
  const std::size_t deepest = ClaimExpression::kMaxNesting;
  EXPECT_DOUBLE_EQ(eval(std::string(deepest, '(') + "2" + std::string(deepest, ')'), v), 2.0);
  EXPECT_DOUBLE_EQ(eval(std::string(deepest, '-') + "2", v), 2.0);  // an even number of minus signs
  const auto message = [](const std::string& text) { return error_of(text, "claims.json: claims[4].value"); };
  for (const std::string& deep : {std::string(deepest + 1, '(') + "2" + std::string(deepest + 1, ')'),
                                  std::string(100000, '-') + "2", std::string(deepest + 1, '!') + "2",
                                  "abs(" + std::string(deepest, '(') + "2" + std::string(deepest, ')') + ")"}) {
    std::string text = deep;
    if (text[0] == '!') {  // "not" nested: "not not ... 2"
      text.clear();
      for (std::size_t i = 0; i <= deepest; ++i) text += "not ";
      text += "2";
    }
    if (text.size() > ClaimExpression::kMaxLength) text.resize(ClaimExpression::kMaxLength - 1);
    const std::string what = message(text);
    EXPECT_NE(what.find("claims.json: claims[4].value"), std::string::npos) << what;
    EXPECT_NE(what.find("nested deeper than 64 levels"), std::string::npos) << what;
  }
  std::string chain = "1";
  while (chain.size() <= ClaimExpression::kMaxLength) chain += "+1";
  const std::string too_long = "at most " + std::to_string(ClaimExpression::kMaxLength) + " are allowed";
  EXPECT_NE(message(chain).find(too_long), std::string::npos) << message(chain);
  chain.resize(ClaimExpression::kMaxLength - 1);  // ends in "+1" or "+": the longest allowed chain
  if (chain.back() == '+') chain.pop_back();
  EXPECT_DOUBLE_EQ(eval(chain, v), static_cast<double>((chain.size() + 1) / 2));
}

TEST(ClaimExpression, AnUnknownReferenceIsAnInputError) {
  FakeValues v;
  EXPECT_THROW(eval("nobody:violation_ratio", v), InputError);
  EXPECT_THROW(eval("value", v), InputError);  // no value outside "holds"
}

}  // namespace
}  // namespace servesim
