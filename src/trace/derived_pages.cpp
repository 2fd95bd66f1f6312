#include "trace/derived_pages.hpp"

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "trace/model.hpp"

namespace kibitz::trace {

namespace {

// The derived events from `skip` on, `count` of them, into `dest`; those beyond into `carry`.
class PageOut final : public EventOut {
 public:
  void start(Event* dest, std::size_t skip, std::size_t count) {
    m_dest = dest, m_skip = skip, m_count = count, m_filled = 0;
  }
  void put(const Event& e) override {
    ++m_put;
    if (m_skip > 0) {
      --m_skip;
      return;
    }
    if (m_filled < m_count)
      m_dest[m_filled++] = e;
    else if (m_carry)
      m_carry->push_back(e);
  }
  bool full() const { return m_filled >= m_count; }
  std::size_t filled() const { return m_filled; }
  std::size_t put_count() const { return m_put; }
  void set_put_count(std::size_t n) { m_put = n; }
  std::vector<Event>* m_carry = nullptr;

 private:
  Event* m_dest = nullptr;
  std::size_t m_skip = 0, m_count = 0, m_filled = 0;
  std::size_t m_put = 0;  // events put since the start
};

struct Keyframe {
  std::size_t in_t;   // the next input event to take
  std::size_t out_t;  // events put before it
  std::shared_ptr<const void> state;
};

class DerivedPages final : public PageSource {
 public:
  DerivedPages(const EventLog& input, MakeDerivation make, std::size_t max_events,
               unsigned page_shift)
      : m_input(input),
        m_make(std::move(make)),
        m_max(max_events),
        m_page(std::size_t{1} << page_shift) {
    m_forward_out.m_carry = &m_carry;
    m_forward = m_make(m_input, m_forward_out);
  }

  std::size_t advance(Event* out) const override {
    if (m_done && m_carry.empty()) return 0;
    // What the last input event put beyond the last page comes first.
    const std::size_t from_carry = std::min(m_carry.size(), m_page);
    std::copy(m_carry.begin(), m_carry.begin() + static_cast<std::ptrdiff_t>(from_carry), out);
    m_carry.erase(m_carry.begin(), m_carry.begin() + static_cast<std::ptrdiff_t>(from_carry));
    m_forward_out.start(out + from_carry, 0, m_page - from_carry);
    while (!m_forward_out.full() && !m_done) {
      if (m_input.has(m_in_t)) {
        if (m_forward_out.put_count() >= m_next_keyframe) {
          m_keyframes.push_back({m_in_t, m_forward_out.put_count(), m_forward->save()});
          m_next_keyframe = m_forward_out.put_count() + m_page / 2;
        }
        m_forward->take(m_in_t, m_input[m_in_t]);
        ++m_in_t;
      } else {
        m_forward->finish();
        m_done = true;
      }
      if (m_forward_out.put_count() > m_max) {
        throw InputError("the trace expands to more than " + std::to_string(m_max) +
                         " events, more than the memory available holds (about " +
                         std::to_string(k_model_bytes_per_event) +
                         " bytes an event): it cannot be shown whole; record a smaller search");
      }
    }
    const std::size_t n = from_carry + m_forward_out.filled();
    if (m_done && m_carry.empty()) m_forward.reset();  // the first pass is over
    return n;
  }

  void fill(std::size_t page, Event* out, std::size_t count) const override {
    const std::size_t first = page * m_page;
    // The last keyframe at or before the page's first event.
    auto it = std::upper_bound(m_keyframes.begin(), m_keyframes.end(), first,
                               [](std::size_t t, const Keyframe& k) { return t < k.out_t; });
    const Keyframe& k = *(it - 1);
    PageOut replay_out;
    replay_out.start(out, first - k.out_t, count);
    std::unique_ptr<StreamDerivation> d = m_make(m_input, replay_out);
    d->restore(k.state);
    for (std::size_t t = k.in_t; !replay_out.full(); ++t) {
      if (!m_input.has(t)) {
        d->finish();
        break;
      }
      d->take(t, m_input[t]);
    }
    if (!replay_out.full()) throw std::logic_error("a derived page could not be made again");
  }

 private:
  const EventLog& m_input;
  MakeDerivation m_make;
  std::size_t m_max;
  std::size_t m_page;  // events a page
  mutable PageOut m_forward_out;
  mutable std::unique_ptr<StreamDerivation> m_forward;
  mutable std::vector<Event> m_carry;
  mutable std::vector<Keyframe> m_keyframes;
  mutable std::size_t m_in_t = 0;
  mutable std::size_t m_next_keyframe = 0;
  mutable bool m_done = false;
};

}  // namespace

std::unique_ptr<EventLog> derived_log(const EventLog& input, MakeDerivation make,
                                      std::size_t budget_pages, std::size_t max_events,
                                      unsigned page_shift) {
  auto source = std::make_shared<DerivedPages>(input, std::move(make), max_events, page_shift);
  return std::make_unique<EventLog>(std::move(source), 0, budget_pages, page_shift);
}

}  // namespace kibitz::trace
