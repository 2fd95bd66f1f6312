#include "search/greenblatt/width.hpp"

#include <algorithm>
#include <cctype>

#include "core/error.hpp"

namespace kibitz::greenblatt {

WidthSchedule WidthSchedule::tournament() {
  WidthSchedule w;
  w.m_widths = {15, 15, 9, 9, 7};
  return w;
}

WidthSchedule WidthSchedule::normal() {
  return WidthSchedule();
}

WidthSchedule WidthSchedule::parse(const std::string& text) {
  if (text == "tournament") return tournament();
  if (text == "normal") return normal();
  const std::string head = "width schedule '" + text + "': ";
  WidthSchedule w;
  w.m_widths.clear();
  std::size_t i = 0;
  while (true) {
    while (i < text.size() && text[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < text.size() && std::isdigit(static_cast<unsigned char>(text[i]))) ++i;
    if (i == start) {
      throw InputError(head + "expected a width (a number) at character " + std::to_string(i + 1) +
                       " (write tournament, normal or widths like 15,15,9,9,7)");
    }
    if (i - start > 4) throw InputError(head + "a width above " + std::to_string(k_max_width));
    const int v = std::stoi(text.substr(start, i - start));
    if (v < 1 || v > k_max_width) {
      throw InputError(head + "every width must be between 1 and " + std::to_string(k_max_width) +
                       ", not " + std::to_string(v));
    }
    w.m_widths.push_back(v);
    if (static_cast<int>(w.m_widths.size()) > k_max_levels) {
      throw InputError(head + "more than " + std::to_string(k_max_levels) + " levels");
    }
    while (i < text.size() && text[i] == ' ') ++i;
    if (i == text.size()) break;
    if (text[i] != ',')
      throw InputError(head + "unexpected '" + std::string(1, text[i]) + "' at character " +
                       std::to_string(i + 1));
    ++i;
  }
  return w;
}

int WidthSchedule::at(int level) const {
  const int i = std::max(0, std::min(level - 1, static_cast<int>(m_widths.size()) - 1));
  return m_widths[static_cast<std::size_t>(i)];
}

std::string WidthSchedule::text() const {
  std::string s;
  for (int w : m_widths) s += (s.empty() ? "" : ",") + std::to_string(w);
  return s;
}

Selection select_moves(const Position& pos, const std::vector<Move>& legal, const Plausibility& p,
                       int width, bool captures_extend) {
  Selection sel;
  const int n = static_cast<int>(p.moves.size());
  sel.reason.assign(static_cast<std::size_t>(n), Reason::none);
  sel.width = width;
  const Bitboard safe_pieces = pieces_with_safe_moves(pos, legal);
  sel.safe_pieces = chess::popcount(safe_pieces);
  sel.distinct_min = std::min(width / 2, sel.safe_pieces);
  Bitboard moved = 0;  // pieces (by origin square) among the selected moves
  for (int r = 0; r < n; ++r) {
    const PlausibleMove& m = p.moves[static_cast<std::size_t>(r)];
    Reason why = Reason::none;
    if (r < width)
      why = Reason::basic;
    else if (m.safe_check())
      why = Reason::check;
    else if (captures_extend && m.capture)
      why = Reason::capture;
    if (why != Reason::none) {
      sel.reason[static_cast<std::size_t>(r)] = why;
      moved |= chess::bit(m.move.from());
    }
  }
  // Too few distinct pieces: add the most plausible safe move of each piece not yet moved.
  for (int r = 0; r < n && chess::popcount(moved) < sel.distinct_min; ++r) {
    const PlausibleMove& m = p.moves[static_cast<std::size_t>(r)];
    if (sel.reason[static_cast<std::size_t>(r)] != Reason::none ||
        (moved & chess::bit(m.move.from())))
      continue;
    if (!(safe_pieces & chess::bit(m.move.from())) || !m.safe) continue;
    sel.reason[static_cast<std::size_t>(r)] = Reason::distinct;
    moved |= chess::bit(m.move.from());
  }
  sel.selected = static_cast<int>(std::count_if(sel.reason.begin(), sel.reason.end(),
                                                [](Reason r) { return r != Reason::none; }));
  return sel;
}

}  // namespace kibitz::greenblatt
