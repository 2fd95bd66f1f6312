// `kibitz COMMAND --help`, `kibitz --version` and `kibitz completion bash`: made from the
// commands' usage texts (search, uci and match's from the registries) and the flags each
// command declares to its Args (HelpRequested), so help and completion never drift from what a
// command takes.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "app/cli/args.hpp"

namespace kibitz::cli {

struct CommandInfo {
  std::string name;
  std::string usage;  // "replay FILE.kbz [--at N] ..."
  int (*run)(int, char**);
};

// The flags a command declares, asked by running it with --help.
HelpRequested declared_flags(const CommandInfo& c);
// The help of one command: its usage, then each flag it takes.
std::string command_help(const CommandInfo& c, const HelpRequested& flags);
// A bash completion script for every command (source it, or install it as
// /usr/share/bash-completion/completions/kibitz).
std::string bash_completion(const std::vector<CommandInfo>& commands);

}  // namespace kibitz::cli
