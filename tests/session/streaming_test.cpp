// Recording to a file as the search goes (--record): the file a recording streams is the same
// bytes as the trace written afterwards, memory stays bounded however big the search, and a
// file cut short opens up to its last complete chunk.
#include <doctest/doctest.h>

#include <atomic>
#include <cstdio>
#include <string>

#include "core/file_io.hpp"
#include "session/budgets.hpp"
#include "session/run.hpp"
#include "trace/kbz_file.hpp"
#include "trace/model.hpp"

using namespace kibitz;

namespace {

std::vector<std::uint8_t> streamed(const SearchSpec& spec, std::size_t memory_chunks,
                                   SearchResult& out) {
  const std::string path = "streaming_test.kbz";
  RecordOptions r;
  r.mode = Recording::on;
  r.stream = path;
  r.memory_chunks = memory_chunks;
  out = run_search(spec, r);
  auto bytes = read_file_bytes(path);
  std::remove(path.c_str());
  return bytes;
}

}  // namespace

TEST_CASE("a streamed recording has the bytes of the trace written afterwards") {
  const char* specs[] = {
      R"J({"random":"b=5,d=8,lo=-99,hi=99,seed=3","algo":"alphabeta"})J",  // several chunks
      R"J({"game":"connect4","depth":7,"algo":"pvs","criterion":"ge"})J",  // labels
      R"J({"random":"b=4,d=5,lo=-9,hi=9,seed=5","algo":"forward-estimation","bounds":"online"})J",
      R"J({"random":"b=4,d=6,lo=-9,hi=9,seed=5","algo":"interest","limit_growth":"start=200,factor=1.5,iterations=4"})J",
  };
  for (const char* json : specs) {
    CAPTURE(std::string(json));
    const SearchSpec spec = SearchSpec::from_json(json);
    SearchResult kept;
    const auto bytes = streamed(spec, 1000, kept);
    CHECK(kept.trace.events.complete());
    CHECK(bytes == trace::write_kbz(run_search(spec, true).trace));
    CHECK(bytes == trace::write_kbz(kept.trace));
  }
}

TEST_CASE("a big streamed recording keeps only its last chunks in memory") {
  const SearchSpec spec =
      SearchSpec::from_json(R"J({"random":"b=8,d=9,lo=-999,hi=999,seed=2","algo":"alphabeta"})J");
  SearchResult out;
  const auto bytes = streamed(spec, 2, out);
  const std::size_t chunks = out.trace.events.chunk_count();
  REQUIRE(chunks > 4);
  CHECK_FALSE(out.trace.events.complete());
  CHECK(out.trace.events.bytes_reserved() <=
        3 * trace::EventLog::k_chunk_events * sizeof(trace::Event));
  // The file holds it all: read back, it is the whole search.
  const trace::Trace back = trace::read_kbz(bytes);
  CHECK(back.notice.empty());
  CHECK(back.events.size() == out.trace.events.size());
  CHECK(bytes == trace::write_kbz(run_search(spec, true).trace));
  const trace::Model m(back);
  CHECK(m.node_count() == out.stats.nodes);
  // Killed after its third chunk: the first three open, the rest is said to be missing.
  std::size_t cut = 0, at = 16;
  for (int chunk = 0; chunk < 4 && at + 16 <= bytes.size();) {
    std::uint64_t len = 0;
    for (int i = 7; i >= 0; --i) len = len << 8 | bytes[at + 8 + static_cast<std::size_t>(i)];
    const bool events = bytes[at] == 'E' && bytes[at + 1] == 'V';
    at += 16 + len;
    if (events && ++chunk == 3) cut = at + 100;  // inside the next chunk
  }
  REQUIRE(cut > 0);
  const std::vector<std::uint8_t> killed(bytes.begin(),
                                         bytes.begin() + static_cast<std::ptrdiff_t>(cut));
  const trace::Trace part = trace::read_kbz(killed);
  CHECK(part.events.size() == 3 * trace::EventLog::k_chunk_events);
  CHECK(part.notice.find("the recording was cut short") != std::string::npos);
  const trace::Model pm(part);  // its last nodes are open
  CHECK(pm.node_count() > 0);
  CHECK(pm.node(pm.roots()[0]).leave_t == trace::k_never);
}

TEST_CASE("a recording that reaches its event limit stops the search and keeps the part searched") {
  const char* specs[] = {
      R"J({"random":"b=8,d=9,lo=-999,hi=999,seed=2","algo":"alphabeta"})J",
      R"J({"random":"b=6,d=9,lo=-999,hi=999,seed=2","algo":"minimax"})J",
      R"J({"random":"b=8,d=9,lo=-999,hi=999,seed=2","algo":"pvs","iterative":true})J",
      R"J({"random":"b=8,d=9,lo=-999,hi=999,seed=2","algo":"alphabeta-bounds"})J",
      R"J({"random":"b=6,d=9,lo=-9,hi=9,seed=5","algo":"interest","limits":"100000,inf"})J",
      R"J({"game":"chess","depth":7,"algo":"greenblatt"})J",
      R"J({"random":"b=6,d=9,lo=-99,hi=99,seed=5","algo":"forward-estimation"})J",
  };
  for (const char* json : specs) {
    CAPTURE(std::string(json));
    const SearchSpec spec = SearchSpec::from_json(json);
    std::atomic<bool> stop{false};
    std::size_t calls = 0, last = 0;
    RecordOptions r;
    r.mode = Recording::on;
    r.stop = &stop;
    r.max_events = 3 * trace::EventLog::k_chunk_events;
    r.progress = [&](std::size_t events, std::size_t) {
      ++calls;
      CHECK(events > last);
      last = events;
    };
    const SearchResult out = run_search(spec, r);
    CHECK(out.stopped);
    CHECK(out.aborted);
    CHECK(calls >= 3);
    CHECK(out.trace.events.complete());
    // Stopped within a chunk of the limit, every node opened has left.
    CHECK(out.trace.events.size() < r.max_events + 2 * trace::EventLog::k_chunk_events);
    const trace::Model model(out.trace);
    for (std::uint32_t id = 0; id < model.node_count(); ++id)
      REQUIRE(model.node(id).leave_t != trace::k_never);
  }
}

TEST_CASE("a search told to stop before it starts searches next to nothing") {
  const SearchSpec spec = SearchSpec::from_json(R"J({"game":"chess","depth":99})J");
  std::atomic<bool> stop{true};
  RecordOptions r;
  r.mode = Recording::off;
  r.stop = &stop;
  const SearchResult out = run_search(spec, r);
  CHECK(out.stopped);
  CHECK(out.stats.nodes <= 2);
}

// Which budget stopped a search, and advice that fits how its trace was kept: only a trace
// kept whole in memory has its budget from the memory, and only then does a file lift it.
TEST_CASE("the budget messages say which budget and how to raise it") {
  SearchSpec spec = SearchSpec::from_json(R"J({"random":"b=50,d=12,seed=1","algo":"alphabeta"})J");
  RecordOptions r;
  r.max_nodes = 50'000'000;
  CHECK(budget_stop_message(50'000'000, 10, r, {}, spec) ==
        "stopped by the node budget (50,000,000 nodes, the default): what was searched is "
        "reported, its value is not a result; raise the budget with --nodes N (--nodes 0: none)");
  r.max_events = 1u << 30;
  const std::string in_memory = budget_stop_message(100, r.max_events, r, {}, spec);
  CHECK(in_memory.find("(1,073,741,824 events, from the memory available)") != std::string::npos);
  CHECK(in_memory.find("record to a file (--record F.kbz) or raise") != std::string::npos);
  r.summary = true;  // the text report: the trace is read as it goes, never kept
  const std::string summary = budget_stop_message(100, r.max_events, r, {}, spec);
  CHECK(summary.find("(1,073,741,824 events, the default)") != std::string::npos);
  CHECK(summary.find("--record") == std::string::npos);
  r.summary = false;
  r.stream = "t.kbz";
  CHECK(budget_stop_message(100, r.max_events, r, {false, false, false}, spec).find("events): ") !=
        std::string::npos);
  CHECK(budget_stop_message(100, 99, r, {}, spec).empty());
  // The search's own --nodes, and an algorithm without one (forward estimation).
  spec.node_budget = 5000;
  CHECK(budget_stop_message(5000, 99, r, {false, true, false}, spec) ==
        "stopped by the node budget (5,000 nodes, --nodes): what was searched is reported, its "
        "value is not a result; raise the budget with --nodes N (--nodes 0: none)");
  SearchSpec fe =
      SearchSpec::from_json(R"J({"random":"b=50,d=12,seed=1","algo":"forward-estimation"})J");
  r.max_events = 0;
  CHECK(budget_stop_message(50'000'000, 99, r, {}, fe)
            .find("lift it with --nodes 0 (forward estimation takes no other node budget)") !=
        std::string::npos);
}
