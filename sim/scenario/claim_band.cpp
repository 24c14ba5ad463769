#include "sim/scenario/claim_band.hpp"

#include <cmath>

#include "sim/metrics/report_format.hpp"

namespace servesim {
namespace {

// Short numbers as a person writes them: 0.8, 1.25, 2, 20.
std::string plain(double v) { return format_number(v, 4); }

ClaimBand::Rule rule_of(const JsonNode& node) {
  const std::string rule = node.choice({"factor", "points", "relative"});
  if (rule == "factor") return ClaimBand::Rule::kFactor;
  return rule == "points" ? ClaimBand::Rule::kPoints : ClaimBand::Rule::kRelative;
}

// The rule's own parameters: low and high for a factor, a width otherwise.
void read_parameters(const JsonNode& node, ClaimBand& band) {
  if (band.rule == ClaimBand::Rule::kFactor) {
    band.low = node.at("low").number_in(1e-6, 1);
    band.high = node.at("high").number_in(1, 1e6);
  } else {
    band.width = node.at("width").number_in(0, band.rule == ClaimBand::Rule::kPoints ? 100 : 10);
  }
}

}  // namespace

std::pair<double, double> ClaimBand::interval(double paper) const {
  switch (rule) {
    case Rule::kFactor:
      return {paper * low, paper * high};
    case Rule::kPoints:
      return {paper - width, paper + width};
    case Rule::kRelative:
      return {paper - width * std::abs(paper), paper + width * std::abs(paper)};
  }
  return {paper, paper};
}

bool ClaimBand::holds(double ours, double paper) const {
  if (!std::isfinite(ours)) return false;
  const auto [from, to] = interval(paper);
  // A relative tolerance for the bounds themselves: 1.25 x 4 is 5.000000000000001.
  const double slack = 1e-9 * std::max(1.0, std::abs(paper));
  return ours >= from - slack && ours <= to + slack;
}

std::string ClaimBand::describe() const {
  switch (rule) {
    case Rule::kFactor:
      return plain(low) + "-" + plain(high) + "x";
    case Rule::kPoints:
      return "±" + plain(width) + " points";
    case Rule::kRelative:
      return "±" + plain(100 * width) + " %";
  }
  return "";
}

bool ClaimBand::contains(const ClaimBand& declared) const {
  if (rule != declared.rule) return false;
  if (rule == Rule::kFactor) return low <= declared.low && high >= declared.high;
  return width >= declared.width;
}

bool ClaimBand::operator==(const ClaimBand& other) const {
  return rule == other.rule && low == other.low && high == other.high && width == other.width;
}

std::string claim_unit(const JsonNode& node) { return node.choice({"x", "%", "ms", "qps", "$", ""}); }

ClaimBands parse_claim_bands(const JsonNode& bands) {
  if (!bands.raw().is_object() || bands.raw().empty()) bands.fail("expected an object of bands, one per quantity");
  ClaimBands out;
  for (const std::string& quantity : bands.keys()) {
    const JsonNode node = bands.at(quantity);
    node.expect_object({"rule", "low", "high", "width", "units", "about"});
    ClaimBand band;
    band.rule = rule_of(node.at("rule"));
    read_parameters(node, band);
    for (const JsonNode& unit : node.items("units")) band.units.push_back(claim_unit(unit));
    if (band.units.empty()) node.at("units").fail("expected at least one unit");
    band.about = node.string("about");
    out.emplace(quantity, std::move(band));
  }
  return out;
}

ClaimBand parse_claim_band_override(const JsonNode& node, const ClaimBand& declared, const std::string& quantity) {
  node.expect_object({"low", "high", "width", "reason"});
  ClaimBand band = declared;
  read_parameters(node, band);
  band.reason = node.string_or("reason", "");
  const std::string declared_text = "the declared " + quantity + " band (" + declared.describe() + ")";
  if (!band.contains(declared)) node.fail("a band narrower than " + declared_text + "; bands are never narrowed");
  if (band == declared) node.fail("the same as " + declared_text + "; drop \"band\"");
  if (band.reason.empty()) {
    node.fail("a band wider than " + declared_text + " needs a \"reason\": the paper's own spread (its error bars, "
              "or the range across its runs)");
  }
  return band;
}

}  // namespace servesim
