// The CPU time a player spends on a move, and the time budget that stops it.
//
// Time is the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID), not the wall clock: a match
// on a busy machine (or with more threads than cores) charges each player what it computed
// itself. A time budget is enforced by one watchdog thread per match that reads each playing
// thread's CPU clock every millisecond and sets that move's stop flag once the budget is spent;
// the searches already poll a stop flag at every node.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace kibitz::match {

struct Slot;

// Nanoseconds of CPU time the calling thread has used.
std::int64_t thread_cpu_ns();

class MoveWatchdog {
 public:
  // budget_ns > 0: moves are stopped after that much CPU time; 0: no watchdog thread at all.
  // At most `threads` moves are timed at once. InputError where there are no threads (wasm).
  MoveWatchdog(std::int64_t budget_ns, int threads);
  ~MoveWatchdog();
  MoveWatchdog(const MoveWatchdog&) = delete;
  MoveWatchdog& operator=(const MoveWatchdog&) = delete;

  // One move of the calling thread: starts its clock; stop() is the flag to hand the search.
  class Move {
   public:
    Move(MoveWatchdog& dog);
    ~Move();
    const std::atomic<bool>* stop() const;
    std::int64_t elapsed_ns() const { return thread_cpu_ns() - m_start; }

   private:
    MoveWatchdog& m_dog;
    struct Slot* m_slot = nullptr;
    std::int64_t m_start = 0;
  };

 private:
  void watch();

  std::int64_t m_budget_ns;
  std::mutex m_mutex;
  std::condition_variable m_wake;
  std::vector<std::unique_ptr<Slot>> m_slots;  // one per thread, made at the start
  bool m_done = false;
  std::thread m_thread;
};

}  // namespace kibitz::match
