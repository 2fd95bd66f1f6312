#include "core/options.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "core/error.hpp"

namespace kibitz {

namespace {

std::string dashes(const char* key) {
  std::string s = key;
  for (char& c : s) {
    if (c == '_') c = '-';
  }
  return s;
}

}  // namespace

Option::Option(const char* key, OptionKind kind, const char* fallback)
    : m_key(key), m_kind(kind), m_fallback(fallback), m_flag(dashes(key)) {}

Option Option::integer(const char* key, long long min, long long max, const char* fallback) {
  Option o(key, OptionKind::integer, fallback);
  o.m_min = min;
  o.m_max = max;
  return o;
}

Option Option::boolean(const char* key, bool fallback) {
  return Option(key, OptionKind::boolean, fallback ? "on" : "off");
}

Option Option::choice(const char* key, std::vector<std::string> values, const char* fallback) {
  Option o(key, OptionKind::choice, fallback);
  o.m_values = std::move(values);
  return o;
}

Option Option::fraction(const char* key, const char* fallback) {
  return Option(key, OptionKind::fraction, fallback);
}

Option Option::text(const char* key, Check check, const char* fallback) {
  Option o(key, OptionKind::text, fallback);
  o.m_check = check;
  return o;
}

Option& Option::label(const char* text) {
  m_label = text;
  return *this;
}
Option& Option::help(const char* text) {
  m_help = text;
  return *this;
}
Option& Option::hint(const char* text) {
  m_hint = text;
  return *this;
}
Option& Option::flag(const char* name) {
  m_flag = name;
  return *this;
}
Option& Option::cli_switch() {
  m_switch = true;
  return *this;
}
Option& Option::meta(MetaRule rule, const char* key) {
  m_meta = rule;
  m_meta_key = key;
  return *this;
}
Option& Option::meta_texts(const char* on, const char* off) {
  m_meta_on = on;
  m_meta_off = off;
  return *this;
}
Option& Option::applies_when(const char* other, const char* value, const char* reason) {
  m_when_key = other;
  m_when_value = value;
  m_when_reason = reason;
  return *this;
}

std::string Option::condition_reason() const {
  if (m_when_reason) return m_when_reason;
  return std::string(m_key) + " applies only with " + m_when_key + " " + m_when_value;
}
Option& Option::also_key(const char* alias, Check check, const char* hint) {
  m_aliases.emplace_back(alias, check);
  m_alias_hints.push_back(hint ? hint : "TEXT");
  return *this;
}
Option& Option::hidden() {
  m_hidden = true;
  return *this;
}

bool Option::has_alias(const std::string& name, Check* check) const {
  for (const auto& a : m_aliases) {
    if (a.first == name) {
      if (check) *check = a.second;
      return true;
    }
  }
  return false;
}

std::string Option::value_hint() const {
  if (m_hint) return m_hint;
  switch (m_kind) {
    case OptionKind::choice: {
      std::string s;
      for (const std::string& v : m_values) s += (s.empty() ? "" : "|") + v;
      return s;
    }
    case OptionKind::boolean:
      return "on|off";
    case OptionKind::integer:
      return "N";
    case OptionKind::fraction:
      return "0..1";
    case OptionKind::text:
      break;
  }
  return "TEXT";
}

std::string Option::canonical(const std::string& value) const {
  const std::string name = m_key;
  switch (m_kind) {
    case OptionKind::integer: {
      char* end = nullptr;
      errno = 0;
      const long long v = std::strtoll(value.c_str(), &end, 10);
      if (value.empty() || *end || errno == ERANGE || v < m_min || v > m_max) {
        throw InputError(name + " must be an integer from " + std::to_string(m_min) + " to " +
                         std::to_string(m_max) + ", not '" + value + "'");
      }
      return std::to_string(v);
    }
    case OptionKind::boolean:
      if (value == "on" || value == "true" || value == "1" || value == "yes") return "on";
      if (value == "off" || value == "false" || value == "0" || value == "no") return "off";
      throw InputError(name + " must be on or off, not '" + value + "'");
    case OptionKind::choice:
      for (const std::string& v : m_values) {
        if (v == value) return v;
      }
      throw InputError(name + " must be " + choices_text() + ", not '" + value + "'");
    case OptionKind::fraction:
      return format_fraction_milli(parse_fraction_milli(value, name));
    case OptionKind::text:
      if (m_check) m_check(value);
      return value;
  }
  return value;
}

std::string Option::choices_text() const {
  std::string s;
  for (std::size_t i = 0; i < m_values.size(); ++i) {
    if (i) s += i + 1 == m_values.size() ? " or " : ", ";
    s += m_values[i];
  }
  return s;
}

std::string Option::meta_text(const std::string& canonical) const {
  if (m_kind == OptionKind::boolean) return canonical == "on" ? m_meta_on : m_meta_off;
  return canonical;
}

const Option* find_option(const OptionList& options, const std::string& key) {
  for (const Option& o : options) {
    if (key == o.key() || o.has_alias(key)) return &o;
  }
  return nullptr;
}

bool OptionValues::set(const OptionList& options, const std::string& key,
                       const std::string& value) {
  const Option* o = find_option(options, key);
  if (!o) return false;
  Option::Check alias_check = nullptr;
  if (key != o->key() && o->has_alias(key, &alias_check) && alias_check) alias_check(value);
  const std::string v = o->canonical(value);
  for (auto& item : m_items) {
    if (item.first == o->key()) {
      item.second = v;
      return true;
    }
  }
  m_items.emplace_back(o->key(), v);
  return true;
}

void OptionValues::erase(const std::string& key) {
  for (auto it = m_items.begin(); it != m_items.end(); ++it) {
    if (it->first == key) {
      m_items.erase(it);
      return;
    }
  }
}

const std::string* OptionValues::find(const std::string& key) const {
  for (const auto& item : m_items) {
    if (item.first == key) return &item.second;
  }
  return nullptr;
}

std::string OptionValues::get(const OptionList& options, const std::string& key) const {
  if (const std::string* v = find(key)) return *v;
  const Option* o = find_option(options, key);
  return o ? o->fallback() : std::string();
}

long long OptionValues::integer(const OptionList& options, const std::string& key) const {
  return std::strtoll(get(options, key).c_str(), nullptr, 10);
}

bool OptionValues::on(const OptionList& options, const std::string& key) const {
  return get(options, key) == "on";
}

bool OptionValues::applies(const OptionList& options, const Option& option) const {
  if (!option.condition_key()) return true;
  return get(options, option.condition_key()) == option.condition_value();
}

int parse_fraction_milli(const std::string& text, const std::string& what) {
  char* end = nullptr;
  const double x = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(x >= 0.0 && x <= 1.0)) {
    throw InputError(what + " must be a number from 0 to 1, not '" + text + "'");
  }
  return static_cast<int>(std::lround(x * 1000.0));
}

std::string format_fraction_milli(int milli) {
  std::string s = std::to_string(milli / 1000);
  if (milli % 1000) {
    std::string frac = std::to_string(1000 + milli % 1000).substr(1);
    while (frac.back() == '0') frac.pop_back();
    s += "." + frac;
  }
  return s;
}

}  // namespace kibitz
