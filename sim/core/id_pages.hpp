#pragma once
// Values under dense ids that are never reused (replica ids), kept in pages of
// 1024: a page is freed once every value in it is gone and every id in it has
// been handed out. Memory then follows the values alive, not every id a long
// run ever handed out (a day of INFaaS loads and unloads is ~300 k replicas),
// and a lookup is two loads.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace servesim {

template <typename T>
class IdPages {
 public:
  static constexpr std::uint32_t kPageBits = 10;
  static constexpr std::uint32_t kPageSize = 1u << kPageBits;

  // Ids handed out so far: the next one is this.
  std::uint32_t size() const { return size_; }
  // Values held now.
  std::size_t live() const { return live_; }
  // The value under `id`, or null if it is gone (or the id was never handed out).
  T* get(std::uint32_t id) const {
    const std::uint32_t page = id >> kPageBits;
    if (page >= pages_.size() || !pages_[page]) return nullptr;
    return pages_[page]->slots[id & (kPageSize - 1)].get();
  }
  // Stores `value` under the next id and returns that id.
  std::uint32_t add(std::unique_ptr<T> value) {
    const std::uint32_t id = size_++;
    const std::uint32_t page = id >> kPageBits;
    if (page == pages_.size()) pages_.push_back(std::make_unique<Page>());
    Page& p = *pages_[page];
    p.slots[id & (kPageSize - 1)] = std::move(value);
    ++p.live;
    ++live_;
    return id;
  }
  // Stores `value` under an id handed out elsewhere (a policy's record of an
  // engine replica), replacing what was there; ids up to it count as handed
  // out. A page freed before comes back for it.
  void put(std::uint32_t id, std::unique_ptr<T> value) {
    const std::uint32_t page = id >> kPageBits;
    if (page >= pages_.size()) pages_.resize(page + 1);
    if (!pages_[page]) pages_[page] = std::make_unique<Page>();
    Page& p = *pages_[page];
    auto& slot = p.slots[id & (kPageSize - 1)];
    if (!slot) {
      ++p.live;
      ++live_;
    }
    slot = std::move(value);
    if (id >= size_) size_ = id + 1;
  }
  // Frees the value under `id` (nothing if it is already gone).
  void erase(std::uint32_t id) {
    const std::uint32_t page = id >> kPageBits;
    if (page >= pages_.size() || !pages_[page]) return;
    Page& p = *pages_[page];
    auto& slot = p.slots[id & (kPageSize - 1)];
    if (!slot) return;
    slot.reset();
    --p.live;
    --live_;
    const bool handed_out = size_ >= (page + 1) * kPageSize;
    if (p.live == 0 && handed_out) pages_[page].reset();
  }
  // Pages held now (for tests of the memory bound).
  std::size_t pages_held() const {
    std::size_t n = 0;
    for (const auto& p : pages_) n += p != nullptr;
    return n;
  }

 private:
  struct Page {
    std::array<std::unique_ptr<T>, kPageSize> slots;
    std::uint32_t live = 0;
  };
  std::vector<std::unique_ptr<Page>> pages_;  // a null entry: a page freed
  std::uint32_t size_ = 0;
  std::size_t live_ = 0;
};

}  // namespace servesim
