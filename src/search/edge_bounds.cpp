#include "search/edge_bounds.hpp"

#include <algorithm>

#include "games/random_tree.hpp"

namespace kibitz {

const char* edge_source_name(EdgeSource s) {
  switch (s) {
    case EdgeSource::exact:
      return "exact";
    case EdgeSource::online:
      return "online";
    case EdgeSource::offline:
      return "offline";
  }
  return "exact";
}

bool parse_edge_source(const std::string& text, EdgeSource& out) {
  if (text == "exact")
    out = EdgeSource::exact;
  else if (text == "online" || text == "on-line")
    out = EdgeSource::online;
  else if (text == "offline" || text == "off-line")
    out = EdgeSource::offline;
  else
    return false;
  return true;
}

EdgeBounds EdgeBounds::exact(std::int64_t lo, std::int64_t hi) {
  EdgeBounds b;
  b.known = true;
  b.lo = lo;
  b.hi = hi;
  return b;
}

EdgeBounds EdgeBounds::flipped() const {
  EdgeBounds b = *this;
  b.lo = -hi;
  b.hi = -lo;
  b.likely_lo = -likely_hi;
  b.likely_hi = -likely_lo;
  return b;
}

std::string EdgeBounds::to_text() const {
  if (!known) return "unknown";
  std::string s = "l=" + std::to_string(lo) + ",u=" + std::to_string(hi);
  if (has_likely) s += ",l'=" + std::to_string(likely_lo) + ",u'=" + std::to_string(likely_hi);
  return s;
}

PruneBounds prune_bounds(const EdgeBounds& b, int delta_milli, bool likely) {
  PruneBounds p;
  if (!b.known || (likely && !b.has_likely)) return p;
  p.known = true;
  p.l = (likely ? b.likely_lo : b.lo) * delta_milli / 1000;
  p.u = (likely ? b.likely_hi : b.hi) * delta_milli / 1000;
  return p;
}

void EdgeSampler::add(std::int64_t edge) {
  if (m_count == 0) {
    m_lo = m_hi = edge;
  } else {
    m_lo = std::min(m_lo, edge);
    m_hi = std::max(m_hi, edge);
  }
  ++m_count;
  if (edge > 0) m_increments.push_back(edge);
  if (edge < 0) m_decrements.push_back(edge);
}

namespace {
// The lower median (an element of the sample, so the result is an exact integer).
std::int64_t median(std::vector<std::int64_t> v) {
  if (v.empty()) return 0;
  const auto mid = v.begin() + static_cast<std::ptrdiff_t>((v.size() - 1) / 2);
  std::nth_element(v.begin(), mid, v.end());
  return *mid;
}
}  // namespace

EdgeBounds EdgeSampler::bounds() const {
  EdgeBounds b;
  if (m_count == 0) return b;
  b.known = true;
  b.lo = m_lo;
  b.hi = m_hi;
  b.has_likely = true;
  b.likely_lo = median(m_decrements);
  b.likely_hi = median(m_increments);
  return b;
}

EdgeBounds learn_random_tree_edges(const RandomTreeParams& p, int trees, std::uint64_t seed) {
  EdgeSampler sampler;
  Rng rng(mix64(seed ^ 0x0FF11E5A3D1E5ull));
  for (int i = 0; i < trees; ++i) {
    RandomTreeParams q = p;
    q.seed = mix64(seed + 0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(i + 1));
    if (q.seed == p.seed) ++q.seed;
    RandomTreeGame g(q);
    sample_playouts(g, 1, rng, sampler);
  }
  return sampler.bounds();
}

}  // namespace kibitz
