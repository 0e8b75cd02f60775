// Reading the rules file (warcurlrules(5)).
#include <charconv>

#include "manifest/fields.h"
#include "urlrules/ruleset.h"

namespace urlrules {
namespace {

bool ParseCount(std::string_view field, std::string_view key, uint64_t* value) {
  if (field.substr(0, key.size()) != key || field.size() == key.size() || field[key.size()] != '=')
    return false;
  std::string_view digits = field.substr(key.size() + 1);
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), *value);
  return ec == std::errc() && end == digits.data() + digits.size();
}

// A host as the canonicaliser writes one: printable ASCII, no '/'.
bool IsHost(std::string_view host) {
  if (host.empty()) return false;
  for (char ch : host) {
    auto c = static_cast<unsigned char>(ch);
    if (c <= 0x20 || c >= 0x7f || c == '/' || c == '?' || c == '#') return false;
  }
  return true;
}

base::Status LineError(size_t line, std::string_view expected, std::string_view found) {
  std::string m = "line ";
  m.append(std::to_string(line)).append(": expected ").append(expected).append(", found \"");
  m.append(found.substr(0, 200)).append("\"");
  return base::Status::InvalidArgument(m);
}

}  // namespace

base::Result<RuleSet> RuleSet::Parse(std::string_view text) {
  RuleSet set;
  std::vector<std::string_view> fields;
  size_t number = 0;
  // Hosts first: a rule's patterns are read with its host's delimiters.
  for (int pass = 0; pass < 2; ++pass) {
    std::string_view rest = text;
    number = 0;
    while (!rest.empty()) {
      size_t nl = rest.find('\n');
      std::string_view line = rest.substr(0, nl);
      rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
      ++number;
      if (line.empty() || line[0] == '#') continue;
      manifest::SplitFields(line, &fields);
      if (fields[0] == "host") {
        Delimiters d;
        if (fields.size() != 3 || !IsHost(fields[1]) || !ParseDelimiters(fields[2], &d))
          return LineError(number, "\"host HOST DELIMITERS\"", line);
        if (pass == 0) set.SetDelimiters(std::string(fields[1]), d);
        continue;
      }
      if (fields[0] != "rule")
        return LineError(number, "a line starting \"host\" or \"rule\"", line);
      if (pass == 0) continue;
      if (fields.size() != 9 || fields[3] != "->" || !IsHost(fields[1]))
        return LineError(number,
                         "\"rule HOST CONTEXT -> TARGET precision=P judged=N correct=N learned=N\"",
                         line);
      auto rule =
          ParseRule(fields[1], fields[2], fields[4], set.DelimitersOf(std::string(fields[1])));
      if (!rule.ok()) return rule.status().WithPrefix("line " + std::to_string(number));
      RuleStats& s = rule.value().stats;
      if (fields[5].substr(0, 10) != "precision=" || !ParseCount(fields[6], "judged", &s.judged) ||
          !ParseCount(fields[7], "correct", &s.correct) ||
          !ParseCount(fields[8], "learned", &s.learned) || s.correct > s.judged)
        return LineError(number, "precision=P judged=N correct=N learned=N (correct <= judged)",
                         line);
      set.Add(std::move(rule.value()));
    }
  }
  set.Finish();
  return set;
}

}  // namespace urlrules
