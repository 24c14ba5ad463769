// The per-query choice (query_selection.hpp) and its switch random_fallback.
#include "policies/infaas_v2/query_selection.hpp"

#include <gtest/gtest.h>

#include "tests/unit/infaas_v2/family_fixture.hpp"

namespace servesim::infaas_v2::test {
namespace {

constexpr Available kAllFree = {2, 2, 2, 2};
constexpr Available kNoneFree = {0, 0, 0, 0};

Selection choose(const Fixture& f, const std::vector<Predictor>& ps, std::vector<std::uint64_t> queued,
                 const Available& available, const Params& params) {
  RandomStream rng(1, "test");
  return select_predictor(ps, queued, f.profile_at(), available, 100, params, rng);
}

TEST(InfaasV2Selection, LeastLoadedAmongTheAccurateOnesWithRoom) {
  Fixture f;
  // best on gpu, batch 8 at 24 ms: floor(8000 / 24) = 333 per second.
  const std::vector<Predictor> ps = {f.predictor(f.low, kGpu), f.predictor(f.best, kGpu), f.predictor(f.best, kGpu)};
  const Selection s = choose(f, ps, {0, 50, 10}, kNoneFree, f.params);
  EXPECT_EQ(s.kind, Selection::Kind::kLeastLoaded);
  EXPECT_EQ(s.index, 2u);  // the low-accuracy one, idle, does not qualify
}

TEST(InfaasV2Selection, FullAccuratePredictorsAddTheFirstInactiveVariantOnTheFirstFittingKind) {
  Fixture f;
  const std::vector<Predictor> ps = {f.predictor(f.best, kGpu)};
  // best is full (333 queued): mid is the first variant not running; on cpu its batch 4 takes 45 ms < 100.
  Selection s = choose(f, ps, {333}, kAllFree, f.params);
  EXPECT_EQ(s.kind, Selection::Kind::kNewPredictor);
  EXPECT_EQ(s.new_variant, f.mid);
  EXPECT_EQ(s.new_kind, kCpu);
  // No free cpu: the next kind that fits (gpu).
  s = choose(f, ps, {333}, {0, 1, 1, 1}, f.params);
  EXPECT_EQ(s.new_kind, kGpu);
}

TEST(InfaasV2Selection, ThenTheClosestAccuracyWithRoom) {
  Fixture f;
  const std::vector<Predictor> ps = {f.predictor(f.low, kCpu), f.predictor(f.mid, kCpu), f.predictor(f.best, kGpu)};
  // best full; mid on cpu: batch 4 at 45 ms, floor(4000 / 45) = 88 per second.
  Selection s = choose(f, ps, {0, 10, 333}, kNoneFree, f.params);
  EXPECT_EQ(s.kind, Selection::Kind::kClosestAccuracy);
  EXPECT_EQ(s.index, 1u);
  s = choose(f, ps, {0, 88, 333}, kNoneFree, f.params);
  EXPECT_EQ(s.index, 0u);  // mid full too: low
}

TEST(InfaasV2Selection, RandomFallbackSwitch) {
  Fixture f;
  const std::vector<Predictor> ps = {f.predictor(f.mid, kCpu), f.predictor(f.best, kGpu)};
  const std::vector<std::uint64_t> full = {88, 333};
  Params artifact = f.params;
  const Selection s = choose(f, ps, full, kNoneFree, artifact);
  EXPECT_EQ(s.kind, Selection::Kind::kRandom);
  EXPECT_LT(s.index, ps.size());
  Params paper = f.params;
  paper.random_fallback = false;
  EXPECT_EQ(choose(f, ps, full, kNoneFree, paper).kind, Selection::Kind::kNone);
}

TEST(InfaasV2Selection, RandomFallbackSpreadsOverAllPredictors) {
  Fixture f;
  const std::vector<Predictor> ps = {f.predictor(f.mid, kCpu), f.predictor(f.best, kGpu)};
  const std::vector<std::uint64_t> full = {88, 333};
  RandomStream rng(3, "spread");
  std::array<int, 2> hits{};
  for (int i = 0; i < 2000; ++i) {
    ++hits[select_predictor(ps, full, f.profile_at(), kNoneFree, 100, f.params, rng).index];
  }
  EXPECT_GT(hits[0], 850);
  EXPECT_GT(hits[1], 850);
}

TEST(InfaasV2Selection, NoPredictorAndNoDeviceIsNone) {
  Fixture f;
  EXPECT_EQ(choose(f, {}, {}, kNoneFree, f.params).kind, Selection::Kind::kNone);
}

}  // namespace
}  // namespace servesim::infaas_v2::test
