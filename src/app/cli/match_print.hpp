// A match's result as `kibitz match` prints it (text, or JSON with --json; its games with
// --games), for `kibitz merge` too.
#pragma once

#include "app/play/match/match.hpp"

namespace kibitz::cli {

void print_match(const match::MatchSpec& spec, const match::MatchResult& r, bool json, bool games);

}  // namespace kibitz::cli
