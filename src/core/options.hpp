// Options as data: an algorithm declares each of its options once (its name, kind, range,
// default, label, help, CLI flag and trace-metadata rule) and one codec serves every place an
// option travels: CLI flags, the web API's JSON options, page links, trace metadata and the
// set-up form (which draws a widget per option). Values are kept as canonical text, only for
// the options that were given: an option left out takes its default where it is used.
//
//   const std::vector<Option> k_options = {
//       Option::integer("feedover", 0, 8, "2").label("feedover plies").meta_if_set(),
//       Option::boolean("secondary", true).label("secondary search").meta_if_not_default(),
//   };
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace kibitz {

enum class OptionKind : std::uint8_t {
  integer,   // a whole number in [min, max]
  boolean,   // on / off (also true / false, 1 / 0, yes / no)
  choice,    // one of a few words
  fraction,  // a number in [0, 1], to three decimals
  text,      // anything its check accepts
};

// When an option goes into trace metadata (which is part of a trace's bytes).
enum class MetaRule : std::uint8_t {
  always,          // its value, or its default when not given
  if_set,          // only when given
  if_not_default,  // only when given and not the default
};

class Option {
 public:
  using Check = void (*)(const std::string& value);  // throws InputError naming the fault

  static Option integer(const char* key, long long min, long long max, const char* fallback);
  static Option boolean(const char* key, bool fallback);
  static Option choice(const char* key, std::vector<std::string> values, const char* fallback);
  static Option fraction(const char* key, const char* fallback);
  static Option text(const char* key, Check check, const char* fallback = "");

  // Builders.
  Option& label(const char* text);  // the set-up form's label
  Option& help(const char* text);   // one line for usage texts and tooltips
  Option& hint(const char* text);   // what the flag takes in usage texts: "D", "W1,W2,..."
  Option& flag(const char* name);   // the CLI flag (default: the key, '_' spelled '-')
  Option& cli_switch();             // a boolean given as a bare --flag
  Option& meta(MetaRule rule, const char* key = nullptr);  // key: the metadata key (default: key)
  Option& meta_texts(const char* on, const char* off);     // a boolean's metadata words
  // Only with the option `other` = value; reason: the message when it is given otherwise.
  Option& applies_when(const char* other, const char* value, const char* reason = nullptr);
  // Another name for the same value (give one of them), with what it takes in usage texts.
  Option& also_key(const char* alias, Check check, const char* hint = nullptr);
  Option& hidden();  // not drawn by the generic form (an algorithm's view draws it)

  // Parses `value` into canonical text: "12", "on"/"off", the choice, "0.5". Throws InputError
  // naming the option and the fault.
  std::string canonical(const std::string& value) const;
  // The canonical text for the metadata of a canonical value.
  std::string meta_text(const std::string& canonical) const;

  const char* key() const { return m_key; }
  const std::string& cli_flag() const { return m_flag; }
  OptionKind kind() const { return m_kind; }
  const char* form_label() const { return m_label ? m_label : m_key; }
  const char* help_text() const { return m_help ? m_help : ""; }
  const std::string& fallback() const { return m_fallback; }
  long long min() const { return m_min; }
  long long max() const { return m_max; }
  const std::vector<std::string>& values() const { return m_values; }
  std::string choices_text() const;  // "exact, online or offline"
  // What the flag takes, for usage texts: the hint, else "exact|online|offline", "on|off",
  // "N", "0..1" or "TEXT".
  std::string value_hint() const;
  bool is_switch() const { return m_switch; }
  MetaRule meta_rule() const { return m_meta; }
  const char* meta_key() const { return m_meta_key ? m_meta_key : m_key; }
  const char* condition_key() const { return m_when_key; }
  const char* condition_value() const { return m_when_value; }
  std::string condition_reason() const;
  bool is_hidden() const { return m_hidden; }
  // The alias that names this option, if `name` is one of them (its check applies).
  bool has_alias(const std::string& name, Check* check = nullptr) const;
  const std::vector<std::pair<std::string, Check>>& aliases() const { return m_aliases; }
  // What alias i takes, for usage texts.
  const char* alias_hint(std::size_t i) const { return m_alias_hints[i]; }
  bool is_on(const std::string& canonical) const { return canonical == "on"; }

 private:
  Option(const char* key, OptionKind kind, const char* fallback);

  const char* m_key;
  OptionKind m_kind;
  std::string m_fallback;
  std::string m_flag;
  const char* m_label = nullptr;
  const char* m_help = nullptr;
  const char* m_hint = nullptr;
  long long m_min = 0, m_max = 0;
  std::vector<std::string> m_values;
  Check m_check = nullptr;
  bool m_switch = false;
  MetaRule m_meta = MetaRule::if_set;
  const char* m_meta_key = nullptr;
  const char* m_meta_on = "on";
  const char* m_meta_off = "off";
  const char* m_when_key = nullptr;
  const char* m_when_value = nullptr;
  const char* m_when_reason = nullptr;
  std::vector<std::pair<std::string, Check>> m_aliases;
  std::vector<const char*> m_alias_hints;
  bool m_hidden = false;
};

using OptionList = std::vector<Option>;

// The values given for a list of options, in canonical text, in the order they were given.
class OptionValues {
 public:
  // Sets option `key` (or an alias of one) of `options` from text; throws InputError for an
  // unknown key or a bad value. Returns false, setting nothing, when no option has that name.
  bool set(const OptionList& options, const std::string& key, const std::string& value);
  void erase(const std::string& key);
  bool has(const std::string& key) const { return find(key) != nullptr; }
  const std::string* find(const std::string& key) const;
  // The value, or the option's default.
  std::string get(const OptionList& options, const std::string& key) const;
  long long integer(const OptionList& options, const std::string& key) const;
  bool on(const OptionList& options, const std::string& key) const;
  const std::vector<std::pair<std::string, std::string>>& items() const { return m_items; }
  bool empty() const { return m_items.empty(); }
  bool operator==(const OptionValues& o) const { return m_items == o.m_items; }

  // Whether an option applies given the other values (its applies_when condition).
  bool applies(const OptionList& options, const Option& option) const;

 private:
  std::vector<std::pair<std::string, std::string>> m_items;
};

// The option named `key` (or an alias) in a list, or nullptr.
const Option* find_option(const OptionList& options, const std::string& key);

// "0.5" -> 500 thousandths; InputError unless a number in [0, 1]. And back: 500 -> "0.5".
int parse_fraction_milli(const std::string& text, const std::string& what);
std::string format_fraction_milli(int milli);

}  // namespace kibitz
