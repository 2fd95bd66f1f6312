#include "app/play/match/move_clock.hpp"

#include <chrono>
#include <ctime>
#include <stdexcept>

#include "core/error.hpp"

#if !defined(__EMSCRIPTEN__)
#include <pthread.h>
#endif

namespace kibitz::match {

std::int64_t thread_cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

struct Slot {
  std::atomic<bool> stop{false};
  std::atomic<bool> active{false};
  clockid_t clock{};
  std::atomic<std::int64_t> deadline{0};
};

MoveWatchdog::MoveWatchdog(std::int64_t budget_ns, int threads) : m_budget_ns(budget_ns) {
  if (m_budget_ns <= 0) return;
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
  (void)threads;
  throw InputError("a time budget needs threads, which this build does not have");
#else
  for (int i = 0; i < threads; ++i) m_slots.push_back(std::make_unique<Slot>());
  m_thread = std::thread([this] { watch(); });
#endif
}

MoveWatchdog::~MoveWatchdog() {
  if (!m_thread.joinable()) return;
  {
    std::lock_guard<std::mutex> lock(m_mutex);
    m_done = true;
  }
  m_wake.notify_all();
  m_thread.join();
}

void MoveWatchdog::watch() {
  std::unique_lock<std::mutex> lock(m_mutex);
  while (!m_done) {
    for (const auto& slot : m_slots) {
      if (!slot->active.load() || slot->stop.load()) continue;
      timespec ts{};
      if (clock_gettime(slot->clock, &ts) != 0) continue;
      const std::int64_t now = static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
      if (now >= slot->deadline.load()) slot->stop = true;
    }
    m_wake.wait_for(lock, std::chrono::milliseconds(1));
  }
}

MoveWatchdog::Move::Move(MoveWatchdog& dog) : m_dog(dog), m_start(thread_cpu_ns()) {
  if (m_dog.m_budget_ns <= 0) return;
  std::lock_guard<std::mutex> lock(m_dog.m_mutex);
  for (const auto& slot : m_dog.m_slots) {
    if (slot->active.load()) continue;
    m_slot = slot.get();
    break;
  }
  if (!m_slot) throw std::logic_error("more moves timed at once than the match has threads");
#if !defined(__EMSCRIPTEN__)
  pthread_getcpuclockid(pthread_self(), &m_slot->clock);
#endif
  m_slot->stop = false;
  m_slot->deadline = m_start + m_dog.m_budget_ns;
  m_slot->active = true;
}

MoveWatchdog::Move::~Move() {
  if (m_dog.m_budget_ns <= 0) return;
  std::lock_guard<std::mutex> lock(m_dog.m_mutex);
  m_slot->active = false;
}

const std::atomic<bool>* MoveWatchdog::Move::stop() const {
  return m_slot ? &m_slot->stop : nullptr;
}

}  // namespace kibitz::match
