// Memory for large tables in 2 MiB pages where the system has them: a table a search reads at
// random costs a TLB miss per lookup on 4 KiB pages (two page walks under a hypervisor), and the
// first touch of each small page a fault.
#pragma once

#include <cstddef>
#include <new>

namespace tengen::proof {

inline constexpr std::size_t kHugePageBytes = std::size_t{2} << 20;

// A mapping of `bytes` (rounded up to whole pages), zeroed unless asked not to, aligned to 2 MiB
// and advised to use huge pages when it spans at least one; throws std::bad_alloc when the system
// refuses. Release it with unmapHugePages and the same byte count: one of huge pages is kept
// (up to a limit) for the next request of its size, which then skips the system's page faults.
void* mapHugePages(std::size_t bytes, bool zeroed = true);
void unmapHugePages(void* p, std::size_t bytes) noexcept;

// A standard allocator for containers that grow into such tables: blocks of 2 MiB or more are
// mapped as above, smaller ones come from operator new.
template <class T>
struct HugePageAllocator {
  using value_type = T;
  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) noexcept {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
    // The container constructs every element itself: no need to zero them first.
    if (bytes >= kHugePageBytes) return static_cast<T*>(mapHugePages(bytes, false));
    return static_cast<T*>(::operator new(bytes, std::align_val_t{alignof(T)}));
  }
  void deallocate(T* p, std::size_t n) noexcept {
    const std::size_t bytes = n * sizeof(T);
    if (bytes >= kHugePageBytes) return unmapHugePages(p, bytes);
    ::operator delete(p, std::align_val_t{alignof(T)});
  }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const noexcept { return true; }
};

}  // namespace tengen::proof
