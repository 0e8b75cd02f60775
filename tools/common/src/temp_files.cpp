#include "toolcommon/temp_files.h"

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cstring>
#include <mutex>

#include "toolcommon/diag.h"

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

void OnInterrupt(int) {
  for (Block* b = &g_first; b; b = b->next.load(std::memory_order_acquire))
    for (Slot& slot : b->slots)
      if (slot.state.load(std::memory_order_acquire) == kLive) ::unlink(slot.path);
  ::_exit(kExitInterrupted);
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

size_t RegisteredTempFiles() {
  std::lock_guard<std::mutex> lock(g_mutex);
  size_t n = 0;
  for (Block* b = &g_first; b; b = b->next.load(std::memory_order_relaxed))
    for (Slot& slot : b->slots) n += slot.state.load(std::memory_order_relaxed) == kLive;
  return n;
}

}  // namespace toolcommon
