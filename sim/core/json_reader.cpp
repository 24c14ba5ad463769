#include "sim/core/json_reader.hpp"

#include <set>
#include <vector>

#include "sim/core/input_file.hpp"
#include "sim/core/text_fields.hpp"

namespace servesim {
namespace {

using Event = nlohmann::json::parse_event_t;

// Follows nlohmann's parser callbacks through the document: the JSON path of
// the value being read (in JsonNode's spelling, a.b[2].c) and the keys seen so
// far in each open object.
class DocumentWalk {
 public:
  explicit DocumentWalk(std::string file) : file_(std::move(file)) {}

  // `key`: the member's name for a key event (else unused).
  bool on_event(Event event, const std::string* key) {
    switch (event) {
      case Event::object_start:
      case Event::array_start:
        if (open_.size() >= kMaxJsonDepth) {
          fail("nested more than " + std::to_string(kMaxJsonDepth) + " levels deep");
        }
        open_.push_back(Level{event == Event::object_start, {}, {}, 0});
        break;
      case Event::key: {
        Level& object = open_.back();
        object.key = *key;
        if (!object.keys.insert(object.key).second) fail("duplicate key " + quote_field(object.key));
        break;
      }
      case Event::object_end:
      case Event::array_end:
        open_.pop_back();
        finished_value();
        break;
      case Event::value:
        finished_value();
        break;
    }
    return true;  // keep every value
  }

  // "file: path" of the value being read (just "file" before the first one).
  std::string where() const {
    std::string path;
    for (const Level& level : open_) {
      if (!level.object) {
        path += "[" + std::to_string(level.index) + "]";
      } else if (!level.keys.empty()) {
        path += (path.empty() ? "" : ".") + level.key;
      }
    }
    return path.empty() ? file_ : file_ + ": " + path;
  }

  [[noreturn]] void fail(const std::string& what) const { throw InputError(where(), what); }

 private:
  struct Level {
    bool object;
    std::set<std::string> keys;  // objects: the keys so far
    std::string key;             // objects: the member being read
    std::size_t index;           // arrays: the element being read
  };

  void finished_value() {
    if (!open_.empty() && !open_.back().object) ++open_.back().index;
  }

  std::string file_;
  std::vector<Level> open_;
};

// nlohmann's message without its "[json.exception.parse_error.101] " id.
std::string reason(const nlohmann::json::exception& e) {
  const std::string what = e.what();
  const auto end_of_id = what.find("] ");
  return end_of_id == std::string::npos ? what : what.substr(end_of_id + 2);
}

// Json: nlohmann::json, or ordered_json where the key order matters.
template <class Json>
Json parse_with_limits(std::string_view text, const std::string& file) {
  DocumentWalk walk(file);
  const typename Json::parser_callback_t callback = [&walk](int, Event event, Json& parsed) {
    return walk.on_event(event, event == Event::key ? &parsed.template get_ref<const std::string&>() : nullptr);
  };
  try {
    return Json::parse(text, callback, /*allow_exceptions=*/true, /*ignore_comments=*/true);
  } catch (const nlohmann::json::parse_error& e) {
    // The message carries "line L, column C" and the token last read.
    throw JsonSyntaxError(walk.where(), "invalid JSON: " + reason(e));
  } catch (const nlohmann::json::exception& e) {
    // out_of_range 406: a number such as 1e999 that no double holds.
    throw InputError(walk.where(), "invalid JSON: " + reason(e));
  }
}

}  // namespace

nlohmann::json parse_json_text(std::string_view text, const std::string& file) {
  return parse_with_limits<nlohmann::json>(text, file);
}

nlohmann::ordered_json parse_ordered_json_text(std::string_view text, const std::string& file) {
  return parse_with_limits<nlohmann::ordered_json>(text, file);
}

std::string read_text_file(const std::string& path) { return read_input_file(path, kMaxJsonFileBytes, "a JSON file"); }

nlohmann::json read_json_file(const std::string& path) { return parse_json_text(read_text_file(path), path); }

}  // namespace servesim
