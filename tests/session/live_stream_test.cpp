// A live stream (trace/live_stream.hpp): a recording's bytes arriving in pieces of any size give
// snapshots that only grow, the last equal to the file; a stream cut off is read as a file cut
// short; a stream's short event chunks (header flag "stream") are read, a file's are refused.
#include <doctest/doctest.h>

#include <cstring>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "session/run.hpp"
#include "trace/kbz_file.hpp"
#include "trace/live_stream.hpp"

using namespace kibitz;
using namespace kibitz::trace;

namespace {

std::vector<std::uint8_t> recording() {  // about 160,000 lean events: three chunks
  const SearchSpec spec =
      SearchSpec::from_link_params("random=b%3D4%2Cd%3D11%2Cseed%3D3&algo=alphabeta");
  return write_kbz(run_search(spec, true).trace);
}

void u32(std::vector<std::uint8_t>& b, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
void chunk(std::vector<std::uint8_t>& b, const char* tag, const std::vector<std::uint8_t>& body) {
  b.insert(b.end(), tag, tag + 4);
  u32(b, 0);
  u32(b, static_cast<std::uint32_t>(body.size()));
  u32(b, 0);
  b.insert(b.end(), body.begin(), body.end());
}

// A version-2 file of one leaf searched, its three events in chunks of one (flags: the header's).
std::vector<std::uint8_t> short_chunks(std::uint32_t flags) {
  std::vector<std::uint8_t> b = {'K', 'I', 'B', 'I', 'T', 'Z', '\r', '\n'};
  u32(b, 2);
  u32(b, flags);
  chunk(b, "META", {'{', '}'});
  std::vector<std::uint8_t> strs;
  u32(strs, 0);
  u32(strs, 1);
  u32(strs, 0);  // string 0: ""
  chunk(b, "STRS", strs);
  const Event events[] = {{EventType::enter, 0, 0xFFFF, 0, -k_score_inf, k_score_inf},
                          {EventType::evaluate, 0, 0, 0, 5, 0},
                          {EventType::leave, 0, 0, 0, 5, 0}};
  for (const Event& e : events) {
    std::vector<std::uint8_t> body;
    u32(body, 1);
    body.push_back(static_cast<std::uint8_t>(e.type));
    body.push_back(e.flags);
    body.push_back(static_cast<std::uint8_t>(e.aux));
    body.push_back(static_cast<std::uint8_t>(e.aux >> 8));
    u32(body, e.node);
    u32(body, static_cast<std::uint32_t>(e.a));
    u32(body, static_cast<std::uint32_t>(e.b));
    chunk(b, "EVTS", body);
  }
  std::vector<std::uint8_t> sum;
  const std::uint64_t h = fnv1a64(b.data(), b.size());
  u32(sum, static_cast<std::uint32_t>(h));
  u32(sum, static_cast<std::uint32_t>(h >> 32));
  chunk(b, "END ", sum);
  return b;
}

}  // namespace

TEST_CASE("a live stream's snapshots grow to the file, whatever the pieces") {
  const auto bytes = recording();
  const Trace whole = read_kbz(bytes);
  REQUIRE(whole.events.size() > 2 * 65536);  // three chunks at least
  Rng rng(42);
  LiveStream live("test", "");
  std::size_t at = 0, last = 0;
  int snapshots = 0;
  while (at < bytes.size()) {
    const std::size_t n = std::min<std::size_t>(bytes.size() - at, 1 + rng.next() % 300000);
    live.feed(bytes.data() + at, n);
    at += n;
    if (!live.has_news()) continue;
    const Trace t = live.snapshot();
    ++snapshots;
    CHECK(t.events.size() >= last);  // only grows
    CHECK(t.notice.empty());         // not "cut short" while it arrives
    last = t.events.size();
  }
  CHECK(snapshots >= 3);
  CHECK(live.whole());
  live.end();
  const Trace t = live.snapshot();
  CHECK(t.events.size() == whole.events.size());
  CHECK(write_kbz(t) == bytes);
}

TEST_CASE("a live stream that stops early reads as a file cut short") {
  const auto bytes = recording();
  LiveStream live("test", "");
  live.feed(bytes.data(), bytes.size() / 2);
  live.end();
  REQUIRE(live.has_news());
  const Trace t = live.snapshot();
  CHECK(!live.whole());
  CHECK(t.events.size() > 0);
  CHECK(t.events.size() < read_kbz(bytes).events.size());
  CHECK(t.notice.find("cut short") != std::string::npos);

  LiveStream nothing("test", "");
  nothing.feed(bytes.data(), 10);  // not even the header
  CHECK(!nothing.has_news());
  nothing.end();
  CHECK_THROWS_AS(nothing.snapshot(), InputError);
}

TEST_CASE("short event chunks: a stream's (flag 0x800) are read, a file's refused") {
  const auto stream = short_chunks(0x800);
  const Trace t = read_kbz(stream);
  CHECK(t.events.size() == 3);
  CHECK(t.notice.empty());
  const auto file = short_chunks(0);
  CHECK_THROWS_WITH_AS(read_kbz(file), doctest::Contains("not full"), InputError);
}
