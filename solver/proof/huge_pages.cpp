// Mappings aligned to huge pages: map one huge page more than asked, then give back the slack on
// either side, so the mapping is exactly the rounded size and starts on a 2 MiB boundary. Freed
// mappings of huge pages are kept for the next request of their size: a worker's searches map and
// free the same tables job after job, and a fresh mapping's pages are zeroed by the system on
// first touch, which on a VM cost a fifth of a campaign's time.
#include "solver/proof/huge_pages.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <mutex>

#include <sys/mman.h>

namespace tengen::proof {
namespace {

constexpr std::size_t kSmallPage = 4096;
// Kept mappings in all, at most (a worker's few searches hold a few hundred MiB between them).
constexpr std::size_t kMaxKeptBytes = std::size_t{512} << 20;

std::size_t roundedUp(std::size_t bytes, std::size_t unit) { return (bytes + unit - 1) / unit * unit; }

// Huge pages only where the mapping holds at least one; a smaller one stays on small pages.
std::size_t mappedSize(std::size_t bytes) {
  return bytes >= kHugePageBytes ? roundedUp(bytes, kHugePageBytes) : roundedUp(bytes == 0 ? 1 : bytes, kSmallPage);
}

struct KeptMappings {
  std::mutex mutex;
  std::multimap<std::size_t, void*> bySize;
  std::size_t bytes = 0;
};
// Never destroyed: a table freed by another static's destructor at exit may still come back.
KeptMappings& kept() {
  static auto* k = new KeptMappings;
  return *k;
}

void* takeKept(std::size_t size) {
  KeptMappings& k = kept();
  std::lock_guard lock(k.mutex);
  const auto it = k.bySize.find(size);
  if (it == k.bySize.end()) return nullptr;
  void* p = it->second;
  k.bySize.erase(it);
  k.bytes -= size;
  return p;
}

bool keep(void* p, std::size_t size) {
  KeptMappings& k = kept();
  std::lock_guard lock(k.mutex);
  if (k.bytes + size > kMaxKeptBytes) return false;
  k.bySize.emplace(size, p);
  k.bytes += size;
  return true;
}

}  // namespace

void* mapHugePages(std::size_t bytes, bool zeroed) {
  const std::size_t size = mappedSize(bytes);
  if (size >= kHugePageBytes) {
    if (void* p = takeKept(size)) {
      if (zeroed) std::memset(p, 0, size);
      return p;
    }
  }
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
  if (!p) return;
  const std::size_t size = mappedSize(bytes);
  try {
    if (size >= kHugePageBytes && keep(p, size)) return;
  } catch (...) {
    // No room to note it: give it back to the system instead.
  }
  munmap(p, size);
}

}  // namespace tengen::proof
