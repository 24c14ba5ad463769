// The work of training MArk's LSTM, known before it starts: the bound that
// refuses settings which would train for hours, and the estimate `run`
// announces.
#include "policies/mark/training_work.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "policies/mark/lstm_model_cache.hpp"

namespace servesim::mark {
namespace {

// The paper's settings on two weeks of per-minute samples: 20,160 x 50 x
// 32 (4 x 34 + 60) multiply-adds, the benchmark's 20 s.
TEST(LstmTrainingWork, ThePapersSettingsAreTheBenchmarksTwentySeconds) {
  const LstmSettings paper;  // 32 units, 50 epochs
  const double work = lstm_training_work(20'160, 60, paper);
  EXPECT_DOUBLE_EQ(work, 20'160.0 * 50 * 32 * (4 * 34 + 60));
  EXPECT_EQ(training_time_text(work), "about 20 s");
  EXPECT_LT(work * 30, kMaxLstmTrainingWork);
}

TEST(LstmTrainingWork, GrowsWithEpochsAndTheSquareOfTheUnits) {
  LstmSettings s;
  const double base = lstm_training_work(1000, 60, s);
  s.epochs *= 2;
  EXPECT_DOUBLE_EQ(lstm_training_work(1000, 60, s), 2 * base);
  s.units = 1024;
  s.epochs = 10'000;
  EXPECT_GT(lstm_training_work(20'160, 60, s), 1e3 * kMaxLstmTrainingWork);  // the 46 days
  EXPECT_EQ(training_time_text(kMaxLstmTrainingWork), "about 11 min");
}

// The cache announces a training it is about to do, never one it has.
TEST(LstmModelCache, AnnouncesOnlyATrainingItDoes) {
  std::vector<double> history;
  for (int i = 0; i < 80; ++i) history.push_back(10 + (i % 7));
  LstmSettings tiny;
  tiny.units = 2;
  tiny.epochs = 1;
  LstmModelCache cache;
  int announced = 0;
  cache.get_or_train(history, 5, tiny, 1, "s", [&] { ++announced; });
  cache.get_or_train(history, 5, tiny, 1, "s", [&] { ++announced; });
  EXPECT_EQ(announced, 1);
  EXPECT_EQ(cache.trainings(), 1u);
}

}  // namespace
}  // namespace servesim::mark
