#include "sim/metrics/report_format.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <sstream>

#include "sim/metrics/json_writer.hpp"

namespace servesim {
namespace {

TEST(ReportFormat, NumbersAreFixedPrecisionAndTrimmed) {
  EXPECT_EQ(format_number(0.1), "0.1");
  EXPECT_EQ(format_number(2.0), "2");
  EXPECT_EQ(format_number(1234.5678909), "1234.567891");
  EXPECT_EQ(format_number(1e-9), "0");
  EXPECT_EQ(format_number(-1e-9), "0");  // no "-0"
  EXPECT_EQ(format_number(-2.5), "-2.5");
  EXPECT_EQ(format_number(1e15), "1000000000000000");
  EXPECT_EQ(format_number(std::nan("")), "");
  EXPECT_EQ(format_number(std::numeric_limits<double>::infinity()), "");
  EXPECT_EQ(format_fixed(3.14159, 2), "3.14");
  EXPECT_EQ(format_fixed(-0.001, 2), "0.00");
  EXPECT_EQ(format_fixed(10, 1), "10.0");
}

TEST(ReportFormat, SignificantDigitsAreLikePercentG) {
  const auto sig = [](double v) {
    std::string out;
    append_significant(out, v, 9);
    return out;
  };
  EXPECT_EQ(sig(13.0), "13");
  EXPECT_EQ(sig(std::sqrt(13.0)), "3.60555128");
  EXPECT_EQ(sig(1.5e-7), "1.5e-07");
  EXPECT_EQ(sig(123456789012.0), "1.23456789e+11");
  EXPECT_EQ(sig(std::nan("")), "");
}

TEST(ReportFormat, CsvFieldsAreQuotedOnlyWhenNeeded) {
  std::string out;
  append_csv_field(out, "plain");
  out += '|';
  append_csv_field(out, "a,b \"q\"");
  EXPECT_EQ(out, "plain|\"a,b \"\"q\"\"\"");
}

TEST(ReportFormat, JsonStringsAreEscaped) {
  std::string out;
  append_json_string(out, "a\"b\\c\n");
  EXPECT_EQ(out, "\"a\\\"b\\\\c\\u000a\"");
}

TEST(JsonWriter, PrettyPrintsInCallOrder) {
  std::ostringstream out;
  JsonWriter w(out);
  w.begin_object();
  w.string("z", "last-first");
  w.integer("n", 3);
  w.begin_object("empty");
  w.end_object();
  w.begin_object("inner");
  w.number("x", 0.5);
  w.number("none", std::optional<double>{});
  w.end_object();
  w.end_object();
  EXPECT_EQ(out.str(),
            "{\n  \"z\": \"last-first\",\n  \"n\": 3,\n  \"empty\": {},\n  \"inner\": {\n    \"x\": 0.5,\n"
            "    \"none\": null\n  }\n}\n");
}

}  // namespace
}  // namespace servesim
