#pragma once
// The band a `band` claim of the claims ledger is judged in (claims_ledger.hpp):
// where a paper gives a number, ours holds when it lies within the band around
// it. Bands are declared once per kind of quantity in the ledger's "bands"
// (ratios within 0.8-1.25x, shares within 2 points, latencies within 20 %), so
// that no claim's band is chosen after seeing ours; a claim may widen its band
// only with the paper's own spread as the stated reason.
//
//   "bands": {"ratio":   {"rule": "factor", "low": 0.8, "high": 1.25, "units": ["x"], "about": "..."},
//             "percent": {"rule": "points", "width": 2, "units": ["%"], "about": "..."},
//             "latency": {"rule": "relative", "width": 0.2, "units": ["ms"], "about": "..."}}
//
// factor: ours / paper's in [low, high]; points: |ours - paper's| <= width
// (in the unit as shown: percentage points); relative: |ours - paper's| <=
// width x |paper's|.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/json_node.hpp"

namespace servesim {

struct ClaimBand {
  enum class Rule { kFactor, kPoints, kRelative };
  Rule rule = Rule::kFactor;
  double low = 1;    // factor: the lowest ours / paper's
  double high = 1;   // factor: the highest
  double width = 0;  // points (absolute) or relative (a fraction of the paper's)
  std::vector<std::string> units;
  std::string about;    // what the quantity is, in words
  std::string reason;   // a claim's wider band: the paper's spread that allows it

  // The interval around `paper` (in the unit as shown) that holds.
  std::pair<double, double> interval(double paper) const;
  bool holds(double ours, double paper) const;
  // "0.8-1.25x", "+-2 points", "+-20 %"
  std::string describe() const;
  // Whether this band contains `declared` everywhere (a claim's widening).
  bool contains(const ClaimBand& declared) const;
  bool operator==(const ClaimBand& other) const;
};

using ClaimBands = std::map<std::string, ClaimBand>;

// A unit a claim's numbers are shown in: "x", "%", "ms", "qps", "$" or "".
std::string claim_unit(const JsonNode& node);

// The ledger's "bands" object; errors name the band's field.
ClaimBands parse_claim_bands(const JsonNode& bands);

// A claim's "band": the declared band of its quantity widened, with a reason;
// refused when narrower than the declared one anywhere, equal to it, or
// without a reason.
ClaimBand parse_claim_band_override(const JsonNode& node, const ClaimBand& declared, const std::string& quantity);

}  // namespace servesim
