// A small command-line parser: "--name value", "--name=value" and boolean "--flag"; every flag
// must be declared, so a typo is an error, not a silently ignored option.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace kibitz::cli {

// Thrown by Args when --help (or -h) is given: the command's declared flags, which `kibitz
// COMMAND --help` and the bash completion (cli/help.cpp) show.
struct HelpRequested {
  std::set<std::string> valued, switches;
};

class Args {
 public:
  // valued: flags that take a value; switches: flags without one. Throws InputError, and
  // HelpRequested for --help or -h.
  Args(int argc, char** argv, int first, const std::set<std::string>& valued,
       const std::set<std::string>& switches);

  bool has(const std::string& flag) const { return m_values.count(flag) > 0; }
  std::optional<std::string> value(const std::string& flag) const;
  std::string value_or(const std::string& flag, const std::string& fallback) const;
  long long integer(const std::string& flag, long long fallback, long long lo, long long hi) const;
  const std::vector<std::string>& positional() const { return m_positional; }

 private:
  std::map<std::string, std::string> m_values;
  std::vector<std::string> m_positional;
};

}  // namespace kibitz::cli
