// The canvas's instances and levels of detail (canvas_scene.hpp): built once per layout,
// written to the GPU in parts (a big tree's instances never all sit in memory at once), and
// each frame the ranges on screen, found by binary search per depth.
#include "viewer/canvas_scene.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "viewer/canvas_frame.hpp"
#include "viewer/viewer_state.hpp"
#include "viewer/views/view.hpp"

namespace kibitz::viewer {

namespace {

CanvasGpu* g_gpus[k_canvas_slots] = {};  // by slot: one per canvas drawn at once

// No pyramid for a tree this small: its nodes are few enough to draw at any zoom.
constexpr std::uint32_t k_pyramid_min = 4096;
// A bin is at most this many pixels wide on screen.
constexpr float k_bin_px = 2.5f;
// Instances written to the GPU at a time.
constexpr std::size_t k_chunk = 1 << 16;
// The same for each level of bins (all being built at once).
constexpr std::size_t k_bin_chunk = 1 << 12;

gpu::BoxInstance node_box(const trace::Model& m, const TreeLayout& l, std::uint32_t id) {
  gpu::BoxInstance b{};
  b.x0 = b.x1 = l.x(id);
  b.y = l.y(id);
  b.t_show = 0;  // the ranges drawn hold only the nodes entered
  b.t_leave = m.leave_t(id);
  b.t_cut = m.cutoff_t(id);
  b.kind = static_cast<std::uint8_t>(m.kind(id));
  b.expected = static_cast<std::uint8_t>(m.expected(id));
  b.flags = m.is_leaf(id) ? gpu::k_box_leaf : 0;
  return b;
}

gpu::LineInstance node_line(const trace::Model& m, const TreeLayout& l, std::uint32_t id) {
  const std::uint32_t p = m.parent(id);
  const float hh = l.metrics().node_height * 0.5f;
  if (p == trace::k_no_node || !l.shown(p)) return {0, 0, 0, 0, gpu::k_never, 0};
  return {l.x(p), l.y(p) + hh, l.x(id), l.y(id) - hh, 0, 0};
}

gpu::BoxInstance stub_box(const TreeLayout& l, const LayoutStub& st) {
  const LayoutMetrics& mt = l.metrics();
  gpu::BoxInstance b{};
  b.x0 = b.x1 = st.x;
  b.y = st.y - mt.node_height * 0.5f + mt.node_height * 0.275f;  // under its edge's end
  b.t_show = st.t;
  b.t_leave = b.t_cut = gpu::k_never;
  b.flags = gpu::k_box_stub;
  return b;
}

gpu::LineInstance stub_line(const TreeLayout& l, const LayoutStub& st) {
  const float hh = l.metrics().node_height * 0.5f;
  return {l.x(st.parent), l.y(st.parent) + hh, st.x, st.y - hh, st.t, gpu::k_line_dashed};
}

std::uint32_t stub_depth(const TreeLayout& l, const LayoutStub& st) {
  return static_cast<std::uint32_t>(std::lround(st.y / l.metrics().level_height));
}

// The stubs the GPU draws: all but those a view draws itself.
std::vector<std::uint32_t> gpu_stubs(const ViewerState& s, const TreeLayout& l) {
  std::vector<std::uint32_t> out;
  const std::vector<LayoutStub>& stubs = l.stubs();
  for (std::uint32_t i = 0; i < stubs.size(); ++i) {
    bool owned = s.ghosts_shown(stubs[i].parent);  // drawn as ghost leaves (canvas.cpp)
    for (const AlgorithmView* v : s.views()) owned = owned || v->owns_stub(s.model(), stubs[i]);
    if (!owned) out.push_back(i);
  }
  return out;
}

// Instances on their way to the GPU, written a part at a time at consecutive places from `at`.
struct Writer {
  CanvasGpu* gpu = nullptr;
  std::uint32_t at = 0;
  std::size_t part = k_chunk;
  std::vector<gpu::BoxInstance> boxes;
  std::vector<gpu::LineInstance> lines;

  explicit Writer(CanvasGpu* g = nullptr, std::uint32_t first = 0, std::size_t n = k_chunk)
      : gpu(g), at(first), part(n) {}

  void put(const gpu::BoxInstance& b, const gpu::LineInstance& l) {
    if (!gpu) return;
    boxes.push_back(b);
    lines.push_back(l);
    if (boxes.size() >= part) flush();
  }
  void flush() {
    if (!gpu || boxes.empty()) return;
    gpu->write_boxes(at, boxes.data(), boxes.size());
    gpu->write_lines(at, lines.data(), lines.size());
    at += static_cast<std::uint32_t>(boxes.size());
    boxes.clear();
    lines.clear();
  }
};

// Bins of width w from origin: the key of the bin an x falls in.
long long bin_key(float x, float origin, float w) {
  return static_cast<long long>(std::floor((x - origin) / w));
}

// One level of the pyramid being built: consecutive boxes of a depth whose x fall in the same
// bin become one box over their range, written out when the next bin starts.
struct BinBuilder {
  float w = 0, origin = 0;
  std::uint32_t planned = 0;  // bins it will make (BinCounter)
  std::uint32_t base = 0;     // where its first bin goes in the GPU's stores
  Writer out;
  std::vector<float> x0, x1, parent_x;
  std::vector<std::uint32_t> first, total, start;
  gpu::BoxInstance box{};
  gpu::LineInstance line{};
  bool open = false;
  long long key = 0;
  std::uint32_t n = 0, counts[5] = {};
  std::uint32_t all = 0;

  std::uint32_t size() const { return static_cast<std::uint32_t>(x0.size()); }
  void begin_depth() {
    flush();
    start.push_back(size());
  }
  void add(const gpu::BoxInstance& b, const gpu::LineInstance& l, std::uint32_t id) {
    const long long k = bin_key(b.x0, origin, w);
    if (open && k == key) {
      box.x1 = x1.back() = b.x0;
      box.t_show = std::min(box.t_show, b.t_show);
      box.t_leave = std::max(box.t_leave, b.t_leave);
    } else {
      flush();
      open = true;
      key = k;
      n = 0;
      std::fill(std::begin(counts), std::end(counts), 0u);
      box = b;
      box.t_cut = gpu::k_never;
      box.expected = 0;
      line = l;
      x0.push_back(b.x0);
      x1.push_back(b.x0);
      parent_x.push_back(l.x0);
      first.push_back(id);
    }
    ++n;
    ++all;
    if (b.kind < 5) ++counts[b.kind];
  }
  void flush() {
    if (!open) return;
    std::uint8_t kind = 0;
    for (std::uint8_t k = 1; k < 5; ++k) {
      if (counts[k] > counts[kind] || (kind == 0 && counts[k] > 0)) kind = k;
    }
    box.kind = kind;
    box.weight = static_cast<std::uint8_t>(
        std::min(255.0, 1.0 + 40.0 * std::log2(static_cast<double>(std::max(1u, n)))));
    total.push_back(all);
    out.put(box, line);
    open = false;
  }
  void finish() {
    flush();
    start.push_back(size());
    out.flush();
  }
};

// How many bins a builder of width w will make of points visited depth by depth: counted
// first, so that the GPU's stores are sized once and every part written as soon as it is made.
struct BinCounter {
  float w = 0, origin = 0;
  std::uint32_t depth = 0xFFFFFFFFu, bins = 0;
  long long key = 0;
  void add(std::uint32_t d, float x) {
    const long long k = bin_key(x, origin, w);
    if (d != depth || k != key) ++bins;
    depth = d;
    key = k;
  }
};

// The pyramid's levels, empty: bins of 4, 16, 64... node pitches, while a bin is narrower than
// the tree (none for a small tree), and no coarser than the first with few bins.
std::vector<BinBuilder> pyramid(const TreeLayout& layout, std::uint32_t shown) {
  std::vector<BinBuilder> out;
  if (shown < k_pyramid_min) return out;
  const LayoutMetrics& mt = layout.metrics();
  const float width = std::max(1.0f, layout.max_x() - layout.min_x());
  for (float w = 4.0f * (mt.node_width + mt.gap); w < 2.0f * width; w *= 4.0f) {
    BinCounter nodes{w, layout.min_x()};
    for (std::uint32_t d = 0; d < layout.level_count(); ++d) {
      for (const std::uint32_t* it = layout.level_begin(d); it < layout.level_end(d); ++it)
        nodes.add(d, layout.x(*it));
    }
    out.emplace_back();
    out.back().w = w;
    out.back().origin = layout.min_x();
    out.back().planned = nodes.bins;
    // A level this small draws fast at any zoom: no coarser one is needed.
    if (nodes.bins < k_pyramid_min) break;
  }
  return out;
}

// How many bins a level makes of the stubs (in depth order).
std::uint32_t stub_bins_of(const BinBuilder& level, const TreeLayout& layout,
                           const std::vector<std::uint32_t>& stubs) {
  BinCounter c{level.w, level.origin};
  for (std::uint32_t i : stubs) c.add(stub_depth(layout, layout.stubs()[i]), layout.stubs()[i].x);
  return c.bins;
}

// The stubs drawn by the GPU (in depth order) into level 0 and the stubs' bins.
// start, x0 and parent_x are level 0's arrays of the stubs.
void add_stubs(const TreeLayout& layout, const std::vector<std::uint32_t>& stubs,
               std::vector<BinBuilder>& bins, Writer& out, std::vector<std::uint32_t>& start,
               std::vector<float>& x0, std::vector<float>& parent_x) {
  const std::uint32_t stub_depths = layout.level_count() + 1;
  start.assign(stub_depths + 1, 0);
  std::size_t si = 0;
  for (std::uint32_t d = 0; d < stub_depths; ++d) {
    start[d] = static_cast<std::uint32_t>(x0.size());
    for (BinBuilder& b : bins) b.begin_depth();
    for (; si < stubs.size() && stub_depth(layout, layout.stubs()[stubs[si]]) <= d; ++si) {
      const LayoutStub& st = layout.stubs()[stubs[si]];
      x0.push_back(st.x);
      parent_x.push_back(layout.x(st.parent));
      const gpu::BoxInstance box = stub_box(layout, st);
      const gpu::LineInstance line = stub_line(layout, st);
      out.put(box, line);
      for (BinBuilder& b : bins) b.add(box, line, 0);
    }
  }
  start[stub_depths] = static_cast<std::uint32_t>(x0.size());
  out.flush();
}

}  // namespace

void set_canvas_gpu(CanvasGpu* gpu, int slot) {
  g_gpus[slot] = gpu;
}
CanvasGpu* canvas_gpu(int slot) {
  return g_gpus[slot];
}

void CanvasScene::sync(const ViewerState& s, const TreeLayout& layout) {
  CanvasGpu* const g_gpu = g_gpus[m_slot];
  if (layout.generation() == m_generation && g_gpu == m_gpu) return;
  m_generation = layout.generation();
  m_gpu = g_gpu;
  build_sets(s, layout);
}

// Plans the places of every set (the nodes, the stubs, then each level's bins of both), sizes
// the GPU's stores, then makes every instance once, writing each part as it is made: neither
// the nodes' nor the bins' instances are ever all in memory.
void CanvasScene::build_sets(const ViewerState& s, const TreeLayout& layout) {
  CanvasGpu* const g_gpu = g_gpus[m_slot];
  m_levels.clear();
  m_levels.emplace_back();
  const trace::Model* m = layout.built_model();
  if (!m || layout.node_count() == 0) {
    if (g_gpu) g_gpu->resize(0, 0);
    return;
  }
  const std::uint32_t depths = layout.level_count();
  const std::vector<std::uint32_t> stubs = gpu_stubs(s, layout);
  const std::uint32_t shown =
      static_cast<std::uint32_t>(layout.level_end(depths - 1) - layout.level_begin(0));
  std::vector<BinBuilder> node_bins = pyramid(layout, shown), stub_bins = node_bins;
  Writer nodes_out{g_gpu, 0}, stubs_out{g_gpu, shown};
  std::uint32_t base = shown + static_cast<std::uint32_t>(stubs.size());
  for (std::size_t k = 0; k < node_bins.size(); ++k) {
    node_bins[k].out = Writer(g_gpu, node_bins[k].base = base, k_bin_chunk);
    base += node_bins[k].planned;
    stub_bins[k].planned = stub_bins_of(stub_bins[k], layout, stubs);
    stub_bins[k].out = Writer(g_gpu, stub_bins[k].base = base, k_bin_chunk);
    base += stub_bins[k].planned;
  }
  if (g_gpu) g_gpu->resize(base, base);
  // Level 0: the nodes (their x and ids are the layout's), then the stubs.
  Level& raw = m_levels[0];
  raw.nodes.start.assign(1, 0);
  raw.nodes.parent_x.reserve(shown);
  for (std::uint32_t d = 0; d < depths; ++d) {
    for (BinBuilder& b : node_bins) b.begin_depth();
    for (const std::uint32_t* it = layout.level_begin(d); it < layout.level_end(d); ++it) {
      const gpu::LineInstance line = node_line(*m, layout, *it);
      const gpu::BoxInstance box = node_box(*m, layout, *it);
      raw.nodes.parent_x.push_back(line.t_show == gpu::k_never ? layout.x(*it) : line.x0);
      nodes_out.put(box, line);
      for (BinBuilder& b : node_bins) b.add(box, line, *it);
    }
    raw.nodes.start.push_back(static_cast<std::uint32_t>(raw.nodes.parent_x.size()));
  }
  nodes_out.flush();
  add_stubs(layout, stubs, stub_bins, stubs_out, raw.stubs.start, raw.stubs.x0, raw.stubs.parent_x);
  raw.nodes.base = 0;
  raw.stubs.base = shown;
  for (std::size_t k = 0; k < node_bins.size(); ++k) {
    Level level;
    level.bin_w = node_bins[k].w;
    for (auto [set, b] : {std::pair{&level.nodes, &node_bins[k]}, {&level.stubs, &stub_bins[k]}}) {
      b->finish();
      assert(b->size() == b->planned);  // the counter and the builder agree on the bins
      set->base = b->base;
      set->start = std::move(b->start);
      set->x0 = std::move(b->x0);
      set->x1 = std::move(b->x1);
      set->parent_x = std::move(b->parent_x);
      set->first = std::move(b->first);
      set->total = std::move(b->total);
      if (set == &level.stubs) set->first.clear();  // stubs are cut by time, not by id
    }
    m_levels.push_back(std::move(level));
  }
}

std::size_t CanvasScene::level_for(float zoom) const {
  std::size_t k = 0;
  for (std::size_t i = 1; i < m_levels.size(); ++i) {
    if (m_levels[i].bin_w * zoom <= k_bin_px) k = i;
  }
  return k;
}

// A set's arrays for depth d, cut to the nodes entered by the cursor (ids grow along a depth);
// level 0's nodes read the layout's (index i of the set is index i of its level order).
CanvasScene::Row CanvasScene::row(const Set& set, bool nodes, bool raw, std::uint32_t d,
                                  const TreeLayout& layout, std::uint32_t visible_end) const {
  Row r;
  if (d + 1 >= set.start.size()) return r;
  r.b = set.start[d];
  r.e = set.start[d + 1];
  r.px = set.parent_x.data();
  if (raw && nodes) {
    r.x0 = r.x1 = layout.level_x(0);
    r.first = layout.level_begin(0);
  } else {
    r.x0 = set.x0.data();
    r.x1 = set.x1.empty() ? r.x0 : set.x1.data();
    r.first = set.first.empty() ? nullptr : set.first.data();
  }
  if (r.first)
    r.e = static_cast<std::uint32_t>(std::lower_bound(r.first + r.b, r.first + r.e, visible_end) -
                                     r.first);
  return r;
}

namespace {

// The first index in [lo, hi) for which before() is false (before is true, then false).
template <class Before>
std::uint32_t search(std::uint32_t lo, std::uint32_t hi, Before before) {
  while (lo < hi) {
    const std::uint32_t mid = lo + (hi - lo) / 2;
    if (before(mid))
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo;
}

bool rows_visible(const CanvasFrame& f, float top, float bottom) {
  return f.to_screen(0, bottom).y >= f.clip_a.y && f.to_screen(0, top).y <= f.clip_b.y;
}

}  // namespace

void CanvasScene::ranges(const CanvasFrame& f, const TreeLayout& layout, gpu::CanvasDraw& draw,
                         CanvasStats& stats) const {
  draw.ranges.clear();
  if (m_levels.empty() || layout.node_count() == 0) return;
  const std::size_t k = level_for(f.zoom);
  const Level& level = m_levels[k];
  const float level_h = layout.metrics().level_height;
  const float x0 = f.world_x0, x1 = f.world_x1;
  const float edge_px = f.lod == 0 ? 1.0f : std::max(1.0f, 1.5f * f.zoom);
  // Edges, then the stubs' dashed edges: those with an end on screen, or crossing it.
  for (const auto& [set, nodes] : {std::pair{&level.nodes, true}, {&level.stubs, false}}) {
    for (std::uint32_t d = 1; d + 1 < set->start.size(); ++d) {
      if (!rows_visible(f, level_h * (d - 1), level_h * d)) continue;
      const Row r = row(*set, nodes, k == 0, d, layout, f.visible_end);
      const std::uint32_t lo =
          search(r.b, r.e, [&](std::uint32_t i) { return std::max(r.px[i], r.x0[i]) < x0; });
      const std::uint32_t hi =
          search(lo, r.e, [&](std::uint32_t i) { return std::min(r.px[i], r.x0[i]) <= x1; });
      if (hi > lo)
        draw.ranges.push_back({gpu::DrawRange::Of::lines, gpu::BoxStyle::dot, set->base + lo,
                               hi - lo, edge_px,
                               nodes ? draw.view.colours.edge : draw.view.colours.stub});
    }
  }
  // Boxes: the nodes (or bins) on screen, then the stubs' boxes (not at a far zoom).
  const gpu::BoxStyle style = f.lod == 0   ? gpu::BoxStyle::dot
                              : f.lod == 1 ? gpu::BoxStyle::small
                                           : gpu::BoxStyle::full;
  for (const auto& [set, nodes] : {std::pair{&level.nodes, true}, {&level.stubs, false}}) {
    if (!nodes && f.lod == 0) break;
    for (std::uint32_t d = 0; d + 1 < set->start.size(); ++d) {
      if (!rows_visible(f, level_h * d - f.hh, level_h * d + f.hh)) continue;
      const Row r = row(*set, nodes, k == 0, d, layout, f.visible_end);
      const std::uint32_t lo = search(r.b, r.e, [&](std::uint32_t i) { return r.x1[i] < x0; });
      const std::uint32_t hi = search(lo, r.e, [&](std::uint32_t i) { return r.x0[i] <= x1; });
      if (hi <= lo) continue;
      draw.ranges.push_back({gpu::DrawRange::Of::boxes, nodes ? style : gpu::BoxStyle::stub,
                             set->base + lo, hi - lo, 0.0f, 0});
      if (!nodes) continue;
      stats.nodes_drawn += static_cast<int>(hi - lo);
      if (k > 0) {  // the nodes the bins stand for
        const std::uint32_t in = set->total[hi - 1] - (lo > 0 ? set->total[lo - 1] : 0);
        stats.dots_folded += static_cast<int>(in - (hi - lo));
      }
    }
  }
}

}  // namespace kibitz::viewer
