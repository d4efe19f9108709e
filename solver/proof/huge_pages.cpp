// Mappings aligned to huge pages: map one huge page more than asked, then give back the slack on
// either side, so the mapping is exactly the rounded size and starts on a 2 MiB boundary.
#include "solver/proof/huge_pages.h"

#include <cstdint>

#include <sys/mman.h>

namespace tengen::proof {
namespace {

constexpr std::size_t kSmallPage = 4096;

std::size_t roundedUp(std::size_t bytes, std::size_t unit) { return (bytes + unit - 1) / unit * unit; }

// Huge pages only where the mapping holds at least one; a smaller one stays on small pages.
std::size_t mappedSize(std::size_t bytes) {
  return bytes >= kHugePageBytes ? roundedUp(bytes, kHugePageBytes) : roundedUp(bytes == 0 ? 1 : bytes, kSmallPage);
}

}  // namespace

void* mapHugePages(std::size_t bytes) {
  const std::size_t size = mappedSize(bytes);
  const std::size_t slack = size >= kHugePageBytes ? kHugePageBytes : 0;
  void* p = mmap(nullptr, size + slack, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  if (slack == 0) return p;
  const auto start = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t aligned = (start + kHugePageBytes - 1) & ~std::uintptr_t{kHugePageBytes - 1};
  if (aligned > start) munmap(p, aligned - start);
  if (const std::size_t tail = start + size + slack - (aligned + size); tail > 0)
    munmap(reinterpret_cast<void*>(aligned + size), tail);
  // Advice only: where huge pages are off or short, the memory works the same on small ones.
  madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE);
  return reinterpret_cast<void*>(aligned);
}

void unmapHugePages(void* p, std::size_t bytes) noexcept {
  if (p) munmap(p, mappedSize(bytes));
}

}  // namespace tengen::proof
