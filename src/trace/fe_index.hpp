// The forward-estimation tests of a trace, per node (the layout of the events is in
// event.hpp): what the model exposes so that views can draw a pruned successor as a stub with
// the inequality that pruned it, and each tested successor's interval [c + l'*d, c + u'*d]
// against its window.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/score.hpp"
#include "trace/extension_index.hpp"
#include "trace/trace.hpp"

namespace kibitz::trace {

struct FeTest {
  std::uint32_t t = 0;  // the fe_test event (its payloads are t + 1 and t + 2)
  std::uint32_t parent = k_no_node;
  std::uint32_t child = k_no_node;   // the successor's node when it was entered
  std::uint32_t entered_before = 0;  // successors of parent entered before the test
  std::uint16_t move_index = k_no_move_index;
  bool pruned = false;
  bool max_root = false;  // a MAX root: c + l'*d >= beta; else a MIN root: c + u'*d <= alpha
  bool strict = false;    // criterion >: < alpha, > beta
  Score c = 0;
  std::int32_t d = 0;
  Score l = 0, u = 0;  // the edge-cost bounds used
  Score estimate = 0;  // c + u'*d (MIN root) or c + l'*d (MAX root)
  Score window = 0;    // alpha (MIN root) or beta (MAX root)

  // The estimated interval of the successor's value, MAX's point of view.
  std::int64_t low() const {
    return static_cast<std::int64_t>(c) + static_cast<std::int64_t>(l) * d;
  }
  std::int64_t high() const {
    return static_cast<std::int64_t>(c) + static_cast<std::int64_t>(u) * d;
  }
};

// "c+u·d = −812 ≤ α = −640" (the pruning inequality, or its failure: "c+u·d = −500 > α = −640").
std::string fe_inequality(const FeTest& f);
// The same in ASCII for the CLI: "c+u*d = -812 <= alpha = -640".
std::string fe_inequality_ascii(const FeTest& f);

// A sentence for the replay bar: what the test compared and what it decided. parent_name is
// how the narration names the tested node's parent.
std::string fe_narration(const FeTest& f, const std::string& parent_name);

class FeIndex : public ExtensionIndex {
 public:
  // nodes: enter time and parent of every node, in id order (from the model's first pass).
  // Throws InputError("trace, event N (fe_test): ...") for a malformed test.
  void build(const TraceView& trace, const std::vector<std::uint32_t>& enter_t,
             const std::vector<std::uint32_t>& parent);

  std::size_t size() const { return m_tests.size(); }
  const FeTest& test(std::size_t i) const { return m_tests[i]; }
  // The tests at a node (of its successors), in time order.
  const FeTest* begin(std::uint32_t id) const;
  std::uint32_t count(std::uint32_t id) const;
  // The test that let a node be entered, if any.
  const FeTest* test_of_child(std::uint32_t id) const;
  // The test whose events include event t (the fe_test or one of its payloads), if any.
  const FeTest* test_at(std::uint32_t parent, std::size_t t) const;

 private:
  std::vector<FeTest> m_tests;                // grouped by parent, in time order within a node
  std::vector<std::uint32_t> m_begin, m_end;  // per node id
  std::vector<std::uint32_t> m_of_child;      // per node id: index + 1 of its test, 0 = none
};

class Model;
// The model's forward-estimation tests (empty for a trace without them).
const FeIndex& fe_index(const Model& model);

}  // namespace kibitz::trace
