#include "sim/metrics/json_object_file.hpp"

#include <fstream>
#include <string>

#include "sim/core/input_error.hpp"

namespace servesim {

nlohmann::ordered_json read_json_object_file(const std::filesystem::path& file, std::string_view what) {
  std::ifstream in(file);
  if (!in) throw InputError(file.string(), "cannot open the file");
  nlohmann::ordered_json doc;
  try {
    doc = nlohmann::ordered_json::parse(in);
  } catch (const nlohmann::ordered_json::parse_error& e) {
    throw InputError(file.string(), std::string("not valid JSON: ") + e.what());
  }
  if (!doc.is_object()) throw InputError(file.string(), "expected a JSON object (" + std::string(what) + ")");
  return doc;
}

}  // namespace servesim
