#include "app/cli/help.hpp"

#include <algorithm>
#include <regex>
#include <set>

namespace kibitz::cli {

HelpRequested declared_flags(const CommandInfo& c) {
  std::string help = "--help";
  char* argv[] = {help.data(), nullptr};
  try {
    c.run(1, argv);
  } catch (const HelpRequested& h) {
    return h;
  }
  return {};  // a command that takes no flags
}

namespace {

// The values a usage text lists for a flag ("--view minimax|negamax"), or none.
std::vector<std::string> listed_values(const std::string& usage, const std::string& flag) {
  const std::regex pattern("--" + flag + "[ =]([A-Za-z0-9_.-]+(\\|[A-Za-z0-9_.-]+)+)");
  std::smatch m;
  if (!std::regex_search(usage, m, pattern)) return {};
  std::vector<std::string> out;
  const std::string list = m[1];
  std::size_t from = 0;
  auto add = [&](const std::string& v) {  // a placeholder (L, W1) is not a value to complete
    if (std::none_of(v.begin(), v.end(), [](char c) { return c >= 'A' && c <= 'Z'; }))
      out.push_back(v);
  };
  for (std::size_t bar; (bar = list.find('|', from)) != std::string::npos; from = bar + 1)
    add(list.substr(from, bar - from));
  add(list.substr(from));
  return out;
}

std::string joined(const std::vector<std::string>& words) {
  std::string s;
  for (const std::string& w : words) s += (s.empty() ? "" : " ") + w;
  return s;
}

}  // namespace

std::string command_help(const CommandInfo& c, const HelpRequested& flags) {
  std::string s = "usage: kibitz " + c.usage;
  if (s.back() != '\n') s += '\n';
  if (flags.valued.empty() && flags.switches.empty()) return s;
  s += "\noptions:\n";
  std::set<std::string> all(flags.valued.begin(), flags.valued.end());
  all.insert(flags.switches.begin(), flags.switches.end());
  for (const std::string& f : all) {
    s += "  --" + f;
    if (flags.valued.count(f)) {
      const std::vector<std::string> values = listed_values(c.usage, f);
      s += values.empty() ? " VALUE" : " " + joined(values);
    }
    s += '\n';
  }
  s += "  --help\n";
  return s;
}

std::string bash_completion(const std::vector<CommandInfo>& commands) {
  std::string names;
  for (const CommandInfo& c : commands) names += (names.empty() ? "" : " ") + c.name;
  std::string s =
      "# bash completion for kibitz (made by `kibitz completion bash`)\n"
      "_kibitz() {\n"
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
      "  if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
      "    COMPREPLY=($(compgen -W \"" +
      names +
      " completion --help --version\" -- \"$cur\"))\n"
      "    return\n"
      "  fi\n"
      "  local flags= values=\n"
      "  case ${COMP_WORDS[1]} in\n";
  for (const CommandInfo& c : commands) {
    const HelpRequested f = declared_flags(c);
    std::string flag_words, value_cases;
    for (const std::string& v : f.valued) {
      flag_words += " --" + v;
      const std::vector<std::string> values = listed_values(c.usage, v);
      if (!values.empty())
        value_cases += "        --" + v + ") values=\"" + joined(values) + "\" ;;\n";
    }
    for (const std::string& v : f.switches) flag_words += " --" + v;
    s += "    " + c.name + ")\n      flags=\"" + flag_words.substr(flag_words.empty() ? 0 : 1) +
         " --help\"\n";
    // "experiment fe-table1|fe-figure1|...": the first argument's values.
    const std::regex first("^[a-z-]+ ([A-Za-z0-9_.-]+(\\|[A-Za-z0-9_.-]+)+)");
    std::smatch m;
    if (std::regex_search(c.usage, m, first)) {
      std::string words = m[1];
      std::replace(words.begin(), words.end(), '|', ' ');
      s += "      [ \"$COMP_CWORD\" -eq 2 ] && [[ $cur != -* ]] && values=\"" + words + "\"\n";
    }
    if (!value_cases.empty()) s += "      case $prev in\n" + value_cases + "      esac\n";
    s += "      ;;\n";
  }
  s += "    completion) values=bash ;;\n"
       "  esac\n"
       "  if [ -n \"$values\" ]; then\n"
       "    COMPREPLY=($(compgen -W \"$values\" -- \"$cur\"))\n"
       "  elif [[ $cur == -* ]]; then\n"
       "    COMPREPLY=($(compgen -W \"$flags\" -- \"$cur\"))\n"
       "  else\n"
       "    COMPREPLY=($(compgen -f -- \"$cur\"))\n"
       "  fi\n"
       "}\n"
       "complete -o filenames -F _kibitz kibitz\n";
  return s;
}

}  // namespace kibitz::cli
