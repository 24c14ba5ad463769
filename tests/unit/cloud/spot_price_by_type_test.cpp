// cloud.spot.price_series by instance type: each spot instance is billed by
// its own type's series (types without one by the discount), the view quotes
// each type's current price, and the money audit holds. The original form,
// one file, prices every spot instance alike.
#include <gtest/gtest.h>

#include "tests/unit/cloud/cloud_harness.hpp"

namespace servesim::cloudtest {
namespace {

// One spot c5.large ($0.085 on demand) and one spot c5.b ($0.17), warm from
// the start, for an hour; one query, so the run ends at 3600 s.
json two_spot_instances(const test::TempDir& dir, json price_series) {
  json doc = one_query_world(dir);
  doc["duration_s"] = 3600;
  doc["cluster"] = {{"instances", json::array({{{"type", "c5.large"}, {"market", "spot"}},
                                               {{"type", "c5.b"}, {"market", "spot"}}})}};
  doc["cloud"] = {{"spot", {{"price_series", std::move(price_series)}}}};
  return doc;
}

struct Quotes {
  std::map<int, double> c5_large, c5_b;  // the view's price at whole seconds
};

TestController quoting(Quotes& quotes) {
  TestController c;
  c.tick = from_seconds(100);
  c.every_tick = [&quotes](const ClusterView& view) {
    const int t = static_cast<int>(std::lround(view.now().seconds()));
    quotes.c5_large[t] = view.spot_price_per_hour(itype(view, "c5.large"));
    quotes.c5_b[t] = view.spot_price_per_hour(itype(view, "c5.b"));
  };
  return c;
}

TEST(SpotPriceByType, EachTypeIsBilledAndQuotedByItsOwnSeries) {
  test::TempDir dir;
  dir.write("c5_large.csv", "time_s,price_per_hour\n0,0.02\n1800,0.04\n");
  const Scenario scenario = load_doc(dir, two_spot_instances(dir, {{"c5.large", "c5_large.csv"}}));
  const SpotPricing& pricing = scenario.world.cloud.spot_pricing;
  EXPECT_FALSE(pricing.series.has_value());
  ASSERT_EQ(pricing.series_by_type.size(), 1u);
  Quotes quotes;
  TestController c = quoting(quotes);
  const CloudRun r = run(scenario, c);  // the run checks the money audit (I4) at its end

  EXPECT_DOUBLE_EQ(quotes.c5_large.at(1700), 0.02);
  EXPECT_DOUBLE_EQ(quotes.c5_large.at(1800), 0.04);
  EXPECT_NEAR(quotes.c5_b.at(1800), 0.3 * 0.17, 1e-15);  // no series of its own: the discount
  // c5.large: 1800 s at $0.02/h + 1800 s at $0.04/h; c5.b: an hour at 30 % of $0.17.
  ASSERT_EQ(r.cluster.cost.by_instance_type.size(), 2u);
  EXPECT_NEAR(r.cluster.cost.by_instance_type.at("c5.large"), 0.03, 1e-12);
  EXPECT_NEAR(r.cluster.cost.by_instance_type.at("c5.b"), 0.051, 1e-12);
  EXPECT_NEAR(r.cluster.cost.spot, 0.081, 1e-12);
  EXPECT_EQ(r.cluster.cost.on_demand, 0.0);
  EXPECT_FALSE(r.cluster.cost.problem().has_value());
  // The cost rate of the time series (at each window's end) follows each type's price.
  ASSERT_GE(r.rows.size(), 360u);
  EXPECT_NEAR(r.rows[0].cost_per_hour, 0.02 + 0.051, 1e-12);
  EXPECT_NEAR(r.rows[359].cost_per_hour, 0.04 + 0.051, 1e-12);
}

TEST(SpotPriceByType, OneFileStillPricesEveryTypeAlike) {
  test::TempDir dir;
  dir.write("all.csv", "0,0.02\n1800,0.04\n");
  const Scenario scenario = load_doc(dir, two_spot_instances(dir, "all.csv"));
  EXPECT_TRUE(scenario.world.cloud.spot_pricing.series.has_value());
  EXPECT_TRUE(scenario.world.cloud.spot_pricing.series_by_type.empty());
  Quotes quotes;
  TestController c = quoting(quotes);
  const CloudRun r = run(scenario, c);
  EXPECT_DOUBLE_EQ(quotes.c5_b.at(1800), 0.04);
  EXPECT_NEAR(r.cluster.cost.by_instance_type.at("c5.large"), 0.03, 1e-12);
  EXPECT_NEAR(r.cluster.cost.by_instance_type.at("c5.b"), 0.03, 1e-12);
}

}  // namespace
}  // namespace servesim::cloudtest
