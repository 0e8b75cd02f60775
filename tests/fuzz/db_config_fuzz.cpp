// Fuzzes the --db CONFIG parser, fetch::ParseDbConfig.
//
// The input is the config file's text.
//
// Invariants: an error names a line of the input ("line N: ", 1 <= N <= lines)
// or is about the whole file (no database, a table or column name that is not
// plain); a config that parses names a database, plain table and column
// names, a TCP port (1-65535) and a connect timeout that DbResolver can
// multiply into its read timeout (6 times) without overflow; the config
// written back as key=value lines parses to an equal config.
#include <algorithm>
#include <climits>
#include <string>
#include <string_view>

#include "fetch/db.h"
#include "fuzz_targets.h"

namespace fuzz {
namespace {

bool Plain(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  for (char c : s)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'))
      return false;
  return true;
}

std::string Write(const fetch::DbConfig& c) {
  return "host=" + c.host + "\nport=" + std::to_string(c.port) + "\nsocket=" + c.socket +
         "\nuser=" + c.user + "\npassword=" + c.password + "\ndatabase=" + c.database +
         "\ntable=" + c.table + "\nfilename_column=" + c.filename_column +
         "\nurl_column=" + c.url_column +
         "\nconnect_timeout=" + std::to_string(c.connect_timeout_s) + "\n";
}

bool Same(const fetch::DbConfig& a, const fetch::DbConfig& b) {
  return a.host == b.host && a.port == b.port && a.socket == b.socket && a.user == b.user &&
         a.password == b.password && a.database == b.database && a.table == b.table &&
         a.filename_column == b.filename_column && a.url_column == b.url_column &&
         a.connect_timeout_s == b.connect_timeout_s;
}

}  // namespace

int DbConfigOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto parsed = fetch::ParseDbConfig(text);
  if (!parsed.ok()) {
    const std::string& m = parsed.status().message();
    if (m == "no database given") return 0;
    if (m.starts_with("\"") && m.ends_with("\" is not a plain table or column name")) return 0;
    uint64_t line = 0;
    size_t i = 5;
    while (i < m.size() && m[i] >= '0' && m[i] <= '9' && i < 25) line = line * 10 + (m[i++] - '0');
    const uint64_t lines = std::count(text.begin(), text.end(), '\n') + 1;
    Check(m.compare(0, 5, "line ") == 0 && i > 5 && m.compare(i, 2, ": ") == 0 && line >= 1 &&
              line <= lines,
          "error does not name a line of the input: " + m);
    return 0;
  }
  const fetch::DbConfig& c = *parsed;
  Check(!c.database.empty(), "a config without a database was accepted");
  Check(Plain(c.table) && Plain(c.filename_column) && Plain(c.url_column),
        "a table or column name that is not plain was accepted");
  Check(c.port >= 1 && c.port <= 65535, "port " + std::to_string(c.port) + " is not a TCP port");
  Check(c.connect_timeout_s >= 1 && c.connect_timeout_s <= INT_MAX / 6,
        "connect_timeout " + std::to_string(c.connect_timeout_s) +
            " overflows DbResolver's read timeout (6 times it)");

  auto again = fetch::ParseDbConfig(Write(c));
  Check(again.ok(), "the config written back does not parse: " + again.status().message());
  Check(Same(c, *again), "the config written back parses to another config");
  return 0;
}

}  // namespace fuzz

#ifndef WARCDEDUP_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::DbConfigOneInput(data, size);
}
#endif
