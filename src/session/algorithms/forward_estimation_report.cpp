#include "session/algorithms/forward_estimation_report.hpp"

#include "trace/fe_index.hpp"

namespace kibitz {

namespace {

void write_fe_object(JsonWriter& j, const trace::FeTest& f) {
  j.key("fe");
  j.begin_object();
  j.key("c");
  j.score(f.c);
  j.key("d");
  j.number(static_cast<long long>(f.d));
  j.key("estimate");
  j.score(f.estimate);
  j.key("window_bound");
  j.score(f.window);
  j.key("pruned");
  j.boolean(f.pruned);
  j.key("root");
  j.string(f.max_root ? "max" : "min");
  j.key("l");
  j.score(f.l);
  j.key("u");
  j.score(f.u);
  j.key("move_index");
  if (f.move_index == trace::k_no_move_index)
    j.null();
  else
    j.number(static_cast<long long>(f.move_index));
  j.key("inequality");
  j.string(trace::fe_inequality_ascii(f));
  j.end_object();
}

}  // namespace

void write_fe_field(JsonWriter& j, const trace::Model& model, std::uint32_t id, std::size_t t) {
  const trace::FeTest* f = trace::fe_index(model).test_of_child(id);
  if (f && f->t <= t) write_fe_object(j, *f);
}

void write_fe_pruned_entries(JsonWriter& j, const trace::Model& model, std::size_t t, bool scores) {
  const trace::FeIndex& fe = trace::fe_index(model);
  for (std::size_t i = 0; i < fe.size(); ++i) {
    const trace::FeTest& f = fe.test(i);
    if (!f.pruned || f.t > t) continue;
    const trace::ModelNode& p = model.node(f.parent);
    // The window the successor would have had: (-beta, -alpha[k]) of the parent, where the
    // parent's alpha[k] is alpha (MIN root) or -beta (MAX root) in MAX's terms.
    const Score parent_alpha = f.max_root ? -f.window : f.window;
    j.begin_object();
    j.key("id");
    j.null();
    j.key("name");
    j.null();
    j.key("path");
    j.null();
    j.key("parent");
    j.number(static_cast<long long>(f.parent));
    j.key("depth");
    j.number(static_cast<long long>(p.depth + 1));
    j.key("alpha0");
    j.score(-p.beta);
    j.key("beta");
    j.score(-parent_alpha);
    j.key("alpha");
    j.begin_array();
    j.end_array();
    j.key("best");
    j.begin_array();
    j.end_array();
    j.key("ret");
    j.null();
    if (scores) {
      j.key("score");
      j.null();
    }
    for (const char* key : {"kind", "expected_kind", "bound", "cutoff_child"}) {
      j.key(key);
      j.null();
    }
    write_fe_object(j, f);
    j.end_object();
  }
}

void write_fe_summary(JsonWriter& j, const SearchResult& result) {
  const trace::Meta& meta = result.trace.meta;
  j.key("fe_prunes");
  j.number(result.stats.fe_prunes);
  j.key("fe_bounds");
  j.begin_object();
  j.key("source");
  j.string(meta.get("fe_bounds"));
  auto number_or_null = [&](const char* key, const char* meta_key) {
    j.key(key);
    const std::string* v = meta.find(meta_key);
    if (v)
      j.number(std::stoll(*v));
    else
      j.null();
  };
  number_or_null("l", "fe_l");
  number_or_null("u", "fe_u");
  if (meta.find("fe_likely_l")) {
    number_or_null("likely_l", "fe_likely_l");
    number_or_null("likely_u", "fe_likely_u");
  }
  j.key("delta");
  j.raw(meta.get("fe_delta", "1"));
  j.key("likely");
  j.boolean(meta.get("fe_likely") == "1");
  j.end_object();
}

std::string fe_summary_text(const SearchResult& result) {
  const trace::Meta& meta = result.trace.meta;
  std::string s = "forward estimation: " + std::to_string(result.stats.fe_prunes) +
                  " pruned; bounds " + meta.get("fe_bounds");
  if (meta.find("fe_l")) s += " l=" + meta.get("fe_l") + ",u=" + meta.get("fe_u");
  if (meta.get("fe_likely") == "1") {
    s += ", likely l'=" + meta.get("fe_likely_l") + ",u'=" + meta.get("fe_likely_u");
  }
  s += ", delta " + meta.get("fe_delta", "1") + "\n";
  return s;
}

}  // namespace kibitz
