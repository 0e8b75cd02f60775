#include "toolcommon/temp_files.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <cstring>
#include <mutex>

#include "toolcommon/diag.h"
#include "toolcommon/temp_file_family.h"

namespace toolcommon {
namespace {

// The handler may not allocate nor lock, so the registry is a list of
// fixed-size blocks that only grows, each slot a path and an atomic state.
// Registering claims a free slot (or appends a block, under the mutex);
// the handler reads only slots marked live.
enum SlotState : int { kFree = 0, kWriting = 1, kLive = 2 };

struct Slot {
  std::atomic<int> state{kFree};
  char path[4096];
};

struct Block {
  static constexpr int kSlots = 64;
  Slot slots[kSlots];
  std::atomic<Block*> next{nullptr};
};

Block g_first;
std::mutex g_mutex;  // registering and unregistering; never taken by the handler

// Families: the same scheme, a prefix and a count per slot.
struct FamilySlot {
  std::atomic<int> state{kFree};
  std::atomic<uint64_t> count{0};
  char prefix[4096];
};

struct FamilyBlock {
  static constexpr int kSlots = 8;
  FamilySlot slots[kSlots];
  std::atomic<FamilyBlock*> next{nullptr};
};

FamilyBlock g_first_family;

std::atomic<int> g_commit_depth{0};
volatile std::sig_atomic_t g_interrupted = 0;

// PREFIX.<i>.tmp built in a fixed buffer: the handler may not allocate.
void UnlinkFamily(const FamilySlot& slot) {
  char path[sizeof slot.prefix + 32];
  size_t n = std::strlen(slot.prefix);
  std::memcpy(path, slot.prefix, n);
  uint64_t count = slot.count.load(std::memory_order_acquire);
  for (uint64_t i = 0; i < count; ++i) {
    char digits[24];
    int d = 0;
    for (uint64_t v = i; d == 0 || v > 0; v /= 10) digits[d++] = static_cast<char>('0' + v % 10);
    size_t m = n;
    path[m++] = '.';
    while (d > 0) path[m++] = digits[--d];
    std::memcpy(path + m, ".tmp", 5);
    ::unlink(path);
  }
}

void RemoveAllAndExit() {
  for (Block* b = &g_first; b; b = b->next.load(std::memory_order_acquire))
    for (Slot& slot : b->slots)
      if (slot.state.load(std::memory_order_acquire) == kLive) ::unlink(slot.path);
  for (FamilyBlock* b = &g_first_family; b; b = b->next.load(std::memory_order_acquire))
    for (FamilySlot& slot : b->slots)
      if (slot.state.load(std::memory_order_acquire) == kLive) UnlinkFamily(slot);
  ::_exit(kExitInterrupted);
}

void OnInterrupt(int) {
  if (g_commit_depth.load(std::memory_order_acquire) > 0) {
    g_interrupted = 1;  // EndCommit() finishes the job
    return;
  }
  RemoveAllAndExit();
}

}  // namespace

void InstallInterruptHandler() {
  struct sigaction sa;
  std::memset(&sa, 0, sizeof sa);
  sa.sa_handler = OnInterrupt;
  ::sigaction(SIGINT, &sa, nullptr);
  ::sigaction(SIGTERM, &sa, nullptr);
}

void RegisterTempFile(const std::string& path) {
  if (path.empty() || path.size() >= sizeof(Slot::path)) return;  // no such path on Linux
  std::lock_guard<std::mutex> lock(g_mutex);
  Block* b = &g_first;
  for (;;) {
    for (Slot& slot : b->slots) {
      if (slot.state.load(std::memory_order_relaxed) != kFree) continue;
      slot.state.store(kWriting, std::memory_order_relaxed);
      std::memcpy(slot.path, path.c_str(), path.size() + 1);
      slot.state.store(kLive, std::memory_order_release);
      return;
    }
    Block* next = b->next.load(std::memory_order_relaxed);
    if (!next) {
      next = new Block;  // never freed: the handler may be walking the list
      b->next.store(next, std::memory_order_release);
    }
    b = next;
  }
}

void UnregisterTempFile(const std::string& path) {
  std::lock_guard<std::mutex> lock(g_mutex);
  for (Block* b = &g_first; b; b = b->next.load(std::memory_order_relaxed))
    for (Slot& slot : b->slots)
      if (slot.state.load(std::memory_order_relaxed) == kLive && path == slot.path)
        slot.state.store(kFree, std::memory_order_release);
}

TempFileFamily::TempFileFamily(const std::string& prefix) : prefix_(prefix), slot_(nullptr) {
  if (prefix.size() >= sizeof(FamilySlot::prefix)) return;
  std::lock_guard<std::mutex> lock(g_mutex);
  FamilyBlock* b = &g_first_family;
  for (;;) {
    for (FamilySlot& slot : b->slots) {
      if (slot.state.load(std::memory_order_relaxed) != kFree) continue;
      slot.state.store(kWriting, std::memory_order_relaxed);
      slot.count.store(0, std::memory_order_relaxed);
      std::memcpy(slot.prefix, prefix.c_str(), prefix.size() + 1);
      slot.state.store(kLive, std::memory_order_release);
      slot_ = &slot;
      return;
    }
    FamilyBlock* next = b->next.load(std::memory_order_relaxed);
    if (!next) {
      next = new FamilyBlock;  // never freed: the handler may be walking the list
      b->next.store(next, std::memory_order_release);
    }
    b = next;
  }
}

TempFileFamily::~TempFileFamily() {
  if (!slot_) return;
  std::lock_guard<std::mutex> lock(g_mutex);
  static_cast<FamilySlot*>(slot_)->state.store(kFree, std::memory_order_release);
}

std::string TempFileFamily::Path(uint64_t i) const {
  return prefix_ + "." + std::to_string(i) + ".tmp";
}

void TempFileFamily::set_count(uint64_t count) {
  if (slot_) static_cast<FamilySlot*>(slot_)->count.store(count, std::memory_order_release);
}

void BeginCommit() { g_commit_depth.fetch_add(1, std::memory_order_acq_rel); }

void EndCommit() {
  if (g_commit_depth.fetch_sub(1, std::memory_order_acq_rel) == 1 && g_interrupted)
    RemoveAllAndExit();
}

size_t RegisteredTempFiles() {
  std::lock_guard<std::mutex> lock(g_mutex);
  size_t n = 0;
  for (Block* b = &g_first; b; b = b->next.load(std::memory_order_relaxed))
    for (Slot& slot : b->slots) n += slot.state.load(std::memory_order_relaxed) == kLive;
  return n;
}

}  // namespace toolcommon
