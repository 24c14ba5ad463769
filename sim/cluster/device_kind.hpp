#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

namespace servesim {

enum class DeviceKind : std::uint8_t { kCpu, kGpu, kInferentia, kLambda };
inline constexpr std::size_t kDeviceKindCount = 4;
inline constexpr std::array<std::string_view, kDeviceKindCount> kDeviceKindNames = {"cpu", "gpu", "inferentia",
                                                                                      "lambda"};

constexpr std::string_view device_kind_name(DeviceKind kind) { return kDeviceKindNames[static_cast<std::size_t>(kind)]; }

inline std::optional<DeviceKind> parse_device_kind(std::string_view name) {
  for (std::size_t i = 0; i < kDeviceKindCount; ++i) {
    if (kDeviceKindNames[i] == name) return static_cast<DeviceKind>(i);
  }
  return std::nullopt;
}

}  // namespace servesim
