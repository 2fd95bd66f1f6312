#include "app/cli/args.hpp"

#include <cerrno>
#include <cstdlib>

#include "core/error.hpp"

namespace kibitz::cli {

Args::Args(int argc, char** argv, int first, const std::set<std::string>& valued,
           const std::set<std::string>& switches) {
  for (int i = first; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--help" || word == "-h") throw HelpRequested{valued, switches};
  }
  for (int i = first; i < argc; ++i) {
    std::string a = argv[i];
    if (a.size() > 2 && a[0] == '-' && a[1] == '-') {
      std::string name = a.substr(2), value;
      bool inline_value = false;
      if (auto eq = name.find('='); eq != std::string::npos) {
        value = name.substr(eq + 1);
        name = name.substr(0, eq);
        inline_value = true;
      }
      if (valued.count(name)) {
        if (!inline_value) {
          if (i + 1 >= argc) throw InputError("--" + name + " needs a value");
          value = argv[++i];
        }
        if (m_values.count(name)) throw InputError("--" + name + " is given twice");
        m_values[name] = value;
      } else if (switches.count(name)) {
        if (inline_value) throw InputError("--" + name + " takes no value");
        if (m_values.count(name)) throw InputError("--" + name + " is given twice");
        m_values[name] = "";
      } else {
        throw InputError("unknown option --" + name);
      }
    } else {
      m_positional.push_back(a);
    }
  }
}

std::optional<std::string> Args::value(const std::string& flag) const {
  auto it = m_values.find(flag);
  if (it == m_values.end()) return std::nullopt;
  return it->second;
}

std::string Args::value_or(const std::string& flag, const std::string& fallback) const {
  auto v = value(flag);
  return v ? *v : fallback;
}

long long Args::integer(const std::string& flag, long long fallback, long long lo,
                        long long hi) const {
  auto v = value(flag);
  if (!v) return fallback;
  char* end = nullptr;
  errno = 0;
  long long x = std::strtoll(v->c_str(), &end, 10);
  if (v->empty() || *end != '\0' || errno == ERANGE) {
    throw InputError("--" + flag + " expects an integer, not '" + *v + "'");
  }
  if (x < lo || x > hi) {
    throw InputError("--" + flag + " must be between " + std::to_string(lo) + " and " +
                     std::to_string(hi));
  }
  return x;
}

}  // namespace kibitz::cli
