// What error messages show of a value: printable() and quote_field() keep a
// message on one line and short whatever bytes the input held.
#include <gtest/gtest.h>

#include <string>

#include "sim/core/input_error.hpp"
#include "sim/core/text_fields.hpp"

namespace servesim {
namespace {

TEST(Printable, EscapesControlAndInvalidBytesKeepsUtf8) {
  EXPECT_EQ(printable(std::string("a\nb\r\tc\0d\x7f", 9)), "a\\nb\\r\\tc\\x00d\\x7f");
  EXPECT_EQ(printable("caf\xc3\xa9"), "caf\xc3\xa9");          // valid UTF-8 stays
  EXPECT_EQ(printable("\xff\xc3(\xe2\x82"), "\\xff\\xc3(\\xe2\\x82");  // broken sequences do not
}

TEST(QuoteField, ClipsAtEightyBytes) {
  EXPECT_EQ(quote_field("abc"), "\"abc\"");
  EXPECT_EQ(quote_field(std::string(81, 'x')), "\"" + std::string(80, 'x') + "...\"");
  EXPECT_EQ(quote_field(std::string(80, 'x')), "\"" + std::string(80, 'x') + "\"");
  EXPECT_EQ(quote_field("two\nlines"), "\"two\\nlines\"");
}

TEST(InputErrorText, IsOneLineAndBounded) {
  const InputError e("f.json: a", "got \"x\ny\"" + std::string(5000, 'z'));
  const std::string what = e.what();
  EXPECT_EQ(what.find('\n'), std::string::npos);
  EXPECT_EQ(what.rfind("f.json: a: got \"x\\ny\"zzz", 0), 0u);
  EXPECT_EQ(what.size(), std::string("f.json: a: ").size() + InputError::kMaxWhat + 3 + 1);  // "\n" became two chars, "..." added
}

}  // namespace
}  // namespace servesim
