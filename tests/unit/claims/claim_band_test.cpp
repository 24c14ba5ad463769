// The bands band claims are judged in: the interval each rule gives around a
// paper's number, how it reads, and which widening contains the declared band.
#include "sim/scenario/claim_band.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "sim/core/input_error.hpp"

namespace servesim {
namespace {

ClaimBands bands_of(const std::string& text) {
  const nlohmann::json document = nlohmann::json::parse(text);
  return parse_claim_bands(JsonNode(document, "claims.json", "bands"));
}

const char* kDeclared = R"({
  "ratio": {"rule": "factor", "low": 0.8, "high": 1.25, "units": ["x"], "about": "a ratio"},
  "percent": {"rule": "points", "width": 2, "units": ["%"], "about": "a share"},
  "latency": {"rule": "relative", "width": 0.2, "units": ["ms"], "about": "a latency"}})";

TEST(ClaimBand, EachRuleGivesItsInterval) {
  const ClaimBands b = bands_of(kDeclared);
  EXPECT_EQ(b.at("ratio").interval(4), (std::pair<double, double>{3.2, 5.0}));
  EXPECT_EQ(b.at("percent").interval(6), (std::pair<double, double>{4, 8}));
  const auto [from, to] = b.at("latency").interval(200);
  EXPECT_DOUBLE_EQ(from, 160);
  EXPECT_DOUBLE_EQ(to, 240);
  // The bounds hold even where floating point puts 1.25 x 4 a hair above 5.
  EXPECT_TRUE(b.at("ratio").holds(5.0, 4));
  EXPECT_TRUE(b.at("ratio").holds(3.2, 4));
  EXPECT_FALSE(b.at("ratio").holds(5.001, 4));
  EXPECT_FALSE(b.at("ratio").holds(std::nan(""), 4));
  EXPECT_TRUE(b.at("percent").holds(0, 2));  // 0 % is within 2 points of 2 %
}

TEST(ClaimBand, BandsReadAsAPersonWritesThem) {
  const ClaimBands b = bands_of(kDeclared);
  EXPECT_EQ(b.at("ratio").describe(), "0.8-1.25x");
  EXPECT_EQ(b.at("percent").describe(), "±2 points");
  EXPECT_EQ(b.at("latency").describe(), "±20 %");
}

TEST(ClaimBand, AWideningContainsTheDeclaredBand) {
  const ClaimBands b = bands_of(kDeclared);
  ClaimBand wider = b.at("ratio");
  wider.low = 0.5;
  EXPECT_TRUE(wider.contains(b.at("ratio")));
  EXPECT_FALSE(b.at("ratio").contains(wider));
  EXPECT_FALSE(b.at("percent").contains(b.at("latency")));  // another rule
}

TEST(ClaimBand, DeclarationsAreChecked) {
  EXPECT_THROW(bands_of(R"({"r": {"rule": "factor", "low": 1.2, "high": 1.25, "units": ["x"], "about": "a"}})"),
               InputError);  // low above 1: the paper's own number outside its band
  EXPECT_THROW(bands_of(R"({"r": {"rule": "sideways", "width": 2, "units": ["x"], "about": "a"}})"), InputError);
  EXPECT_THROW(bands_of(R"({"r": {"rule": "points", "width": 2, "units": [], "about": "a"}})"), InputError);
  EXPECT_THROW(bands_of(R"({"r": {"rule": "points", "width": 2, "units": ["x"]}})"), InputError);
  EXPECT_THROW(bands_of("{}"), InputError);
}

}  // namespace
}  // namespace servesim
