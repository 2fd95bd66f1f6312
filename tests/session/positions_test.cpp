// Positions are no longer recorded (format 2): the model derives a node's position from the
// root's and the moves' generation indices (trace/positions.hpp, session/services.cpp). Held to the
// positions format-1 recordings stored for every node of their game searches.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "core/file_io.hpp"
#include "trace/kbz_file.hpp"
#include "trace/model.hpp"
#include "trace/positions.hpp"

using namespace kibitz;

TEST_CASE("derived positions equal those format-1 recordings stored, in every game") {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(KIBITZ_SOURCE_DIR) / "tests" / "corpus" / "v1";
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() == ".kbz") files.push_back(entry.path());
  }
  REQUIRE(files.size() >= 20);
  std::vector<std::string> games;
  long long compared = 0;
  for (const fs::path& f : files) {
    const trace::Trace t = trace::read_kbz(read_file_bytes(f.string()));
    if (t.meta.get("game").empty()) continue;
    games.push_back(t.meta.get("game"));
    const trace::Model m(t);
    for (std::uint32_t id = 0; id < m.node_count(); ++id) {
      const std::string& recorded = m.position(id);
      REQUIRE_FALSE(recorded.empty());
      std::vector<std::uint16_t> moves;
      for (std::uint32_t n = id; m.node(n).parent != trace::k_no_node; n = m.node(n).parent)
        moves.insert(moves.begin(), m.node(n).move_index);
      CAPTURE(f.filename().string());
      CAPTURE(id);
      CHECK(trace::derive_position(t.meta, moves) == recorded);
      ++compared;
    }
  }
  for (const char* g : {"tictactoe", "connect4", "othello", "chess"})
    CHECK(std::find(games.begin(), games.end(), std::string(g)) != games.end());
  MESSAGE(compared << " positions compared");
  CHECK(compared > 3000);
}

TEST_CASE("a lean game trace shows each node's position, derived") {
  // The model of a format-2 recording: no position stored, each derived when asked.
  trace::Trace t;
  t.meta.set("game", "tictactoe");
  t.meta.set("position", "");
  CHECK(trace::derive_position(t.meta, {}) != "");
  CHECK(trace::derive_position(t.meta, {9}) == "");  // no tenth move from the start
  trace::Meta tree;
  tree.set("tree", "(1 2)");
  CHECK(trace::derive_position(tree, {0}) == "");
}
