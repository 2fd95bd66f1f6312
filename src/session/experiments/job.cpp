#include "session/experiments/job.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#ifndef __EMSCRIPTEN__
#include <mutex>
#include <thread>
#endif

#include "core/error.hpp"
#include "core/rng.hpp"

namespace kibitz {

std::uint64_t trial_seed(std::uint64_t seed, std::uint64_t stream, std::uint64_t index) {
  return mix64(mix64(seed ^ 0x6B1B17E5EEDull) + mix64(stream * 0x9E3779B97F4A7C15ull + 1) + index);
}

double ExperimentJob::fraction() const {
  if (m_finished) return 1.0;
  const std::size_t n = stage_size();
  return n == 0 ? 0.0 : static_cast<double>(m_done) / static_cast<double>(n);
}

void ExperimentJob::finish_stage() {
  m_done = 0;
  if (!end_stage()) m_finished = true;
}

void ExperimentJob::step(std::size_t units) {
  while (units > 0 && !m_finished) {
    const std::size_t n = stage_size();
    while (units > 0 && m_done < n) {
      run_trial(m_done++);
      --units;
    }
    if (m_done >= n) finish_stage();
  }
}

void ExperimentJob::run(int threads, const std::function<void(const ExperimentJob&)>& progress) {
#ifdef __EMSCRIPTEN__
  threads = 1;  // no threads in the browser
#endif
  threads = std::max(1, threads);
  auto last = std::chrono::steady_clock::now();
  auto report = [&](bool force) {
    if (!progress) return;
    const auto now = std::chrono::steady_clock::now();
    if (force || now - last >= std::chrono::milliseconds(100)) {
      last = now;
      progress(*this);
    }
  };
  while (!m_finished) {
    const std::size_t n = stage_size();
    if (threads == 1 || n - m_done < 2) {
      while (m_done < n) {
        run_trial(m_done++);
        report(false);
      }
    }
#ifndef __EMSCRIPTEN__
    else {
      std::atomic<std::size_t> next{m_done}, completed{m_done};
      std::exception_ptr failure;
      std::mutex failure_lock;
      std::vector<std::thread> pool;
      const std::size_t workers =
          std::min<std::size_t>(static_cast<std::size_t>(threads), n - m_done);
      for (std::size_t w = 0; w < workers; ++w) {
        pool.emplace_back([&]() {
          for (std::size_t i; (i = next.fetch_add(1)) < n;) {
            try {
              run_trial(i);
            } catch (...) {
              std::lock_guard<std::mutex> hold(failure_lock);
              if (!failure) failure = std::current_exception();
            }
            completed.fetch_add(1);
          }
        });
      }
      while (completed.load() < n) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        m_done = completed.load();
        report(false);
      }
      for (std::thread& t : pool) t.join();
      if (failure) std::rethrow_exception(failure);
      m_done = n;
    }
#endif
    report(true);
    finish_stage();
  }
  report(true);
}

void ExperimentJob::set_shard(Shard s) {
  if (!s.whole() && !splits()) {
    throw InputError(m_name +
                     " cannot be split: each of its stages is set up from the one before "
                     "(run it whole)");
  }
  m_shard = s;
}

std::vector<long long> ExperimentJob::trial_values(std::size_t) const {
  throw InputError(m_name + " cannot be split");
}

void ExperimentJob::set_trial_values(std::size_t, const std::vector<long long>&) {
  throw InputError(m_name + " cannot be split");
}

void ExperimentJob::finish_merged() {
  m_shard = Shard{};
  m_done = stage_size();
  finish_stage();
}

std::string fixed(double v, int decimals) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
  return buf;
}

std::string csv_line(const std::vector<std::string>& fields) {
  std::string s;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i) s += ',';
    const std::string& f = fields[i];
    if (f.find_first_of(",\"\n") != std::string::npos) {
      s += '"';
      for (char ch : f) s += ch == '"' ? std::string("\"\"") : std::string(1, ch);
      s += '"';
    } else {
      s += f;
    }
  }
  return s + "\n";
}

std::string text_table(const std::vector<std::string>& header,
                       const std::vector<std::vector<std::string>>& rows) {
  // Widths in characters, counting each UTF-8 sequence once.
  auto width = [](const std::string& s) {
    std::size_t w = 0;
    for (unsigned char ch : s) w += (ch & 0xC0) != 0x80;
    return w;
  };
  std::vector<std::size_t> w(header.size(), 0);
  for (std::size_t i = 0; i < header.size(); ++i) w[i] = width(header[i]);
  for (const auto& r : rows) {
    for (std::size_t i = 0; i < r.size() && i < w.size(); ++i) w[i] = std::max(w[i], width(r[i]));
  }
  auto line = [&](const std::vector<std::string>& r) {
    std::string s;
    for (std::size_t i = 0; i < w.size(); ++i) {
      const std::string cell = i < r.size() ? r[i] : "";
      const std::string pad(w[i] - width(cell), ' ');
      s += (i == 0 ? cell + pad : "  " + pad + cell);
    }
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s + "\n";
  };
  std::string out = line(header);
  std::size_t total = 0;
  for (std::size_t x : w) total += x + 2;
  out += std::string(total - 2, '-') + "\n";
  for (const auto& r : rows) out += line(r);
  return out;
}

}  // namespace kibitz
