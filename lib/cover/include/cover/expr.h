// The coverage relation of warccover(1): an expression over two records,
// a (the covered one) and b (the one kept), that says "a is redundant while
// b is kept". Its own small language (grammar in warccover(1)):
//
//   containment >= 0.7 and a.date <= b.date and a.host = b.host
//
// Content measures of the pair: containment (|sh(a) n sh(b)| / |sh(a)|),
// jaccard, dice. Attributes of either side: a.url a.host a.domain a.path
// a.date a.mime a.title a.status a.length a.digest a.tokens (and b.*).
// Operators, loosest first: or; and; not; = != < > <= >=; + -; * /; unary -.
// Functions: year(n) month(n) day(n) (UTC, of seconds since the epoch; 0
// for a value beyond about 28,000 years from 1970), lower(s) (ASCII),
// abs(n). Types are checked when parsing: numbers compare with numbers,
// strings with strings (byte order); arithmetic on numbers only; the whole
// expression is a condition. Comparisons do not chain (a < b < c is an
// error); "==" is the same as "=". Names and keywords ignore case ("AND",
// "A.Host"). Numbers: 7, 0.7, .5, 1e-3 (a sign is unary minus); strings in
// '...' or "...", where a backslash escapes either quote or a backslash.
// Numbers are doubles; x / 0 is 0.
//
//   auto expr = Expr::Parse("containment >= 0.7 and a.date <= b.date");
//   if (!expr.ok()) Fail(expr.status());   // "column 8: expected ..., found ..."
//   if (expr->Holds(attrs_a, attrs_b, measures)) ...
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "neardup/similarity.h"

namespace neardup {
struct SigRecordView;
}

namespace cover {

struct Node;  // the parsed expression's nodes (expr_node.h)

// What the expression reads of one record.
struct Attrs {
  std::string url;     // the target URI as the manifest writes it (manifest encoding)
  std::string host;    // lower case, as the signature file holds it ("-" when none)
  std::string domain;  // registered domain of host (Public Suffix List); host if none
  std::string path;    // the URI's path as written, "/" when empty; no query or fragment;
                       // in manifest encoding like url
  std::string mime, title, digest;  // mime and title raw; digest as the manifest writes it
  double date = 0;                  // seconds since the epoch, UTC, from the manifest's date
  double status = 0, length = 0, tokens = 0;
};

// The attributes of a signature file's record. domain by libpsl's
// psl_registrable_domain over psl_latest (the newer of libpsl's built-in
// list and Debian's publicsuffix package), loaded once; an IP address, a
// bare public suffix or "-" is its own domain. path from the URI by curl's
// URL API (dot segments kept). date from the manifest's date field (the
// WARC-Date, ISO 8601, or 14 digits; a fraction of a second dropped, a leap
// second the next second); one that names no real instant gives date 0 and
// ok == false. Thread-safe.
Attrs AttrsOf(const neardup::SigRecordView& record, bool* ok = nullptr);

// The content measures of the ordered pair (a covered, b covering).
struct Measures {
  double containment = 0;  // of a in b
  double jaccard = 0, dice = 0;
};

// A top-level conjunct f(a.X...) = f(b.X...) (the same expression with a
// and b swapped): records with different values can never be related, so
// candidates are only paired inside a block of equal keys.
struct BlockingKey {
  std::string text;  // as written for a: "a.host", "year(a.date)"
  // The key's value for one record, as bytes: 's' and the string, or 'n'
  // and the number printed exactly (%.17g, -0 as 0), so that equal values
  // and only they give equal keys, and a string never meets a number.
  std::string Of(const Attrs& record) const;
  std::shared_ptr<const Node> node;  // the a-side expression
};

// How warccover builds the graph for an expression.
struct Plan {
  std::vector<BlockingKey> keys;
  // A top-level conjunct "measure >= t" or "measure > t" (or t <= measure,
  // t < measure) with t a constant expression above 0: only pairs reaching
  // t can be related, so an exact set-similarity join over the shingle
  // sets makes the candidates. For containment the join's symmetric form
  // (max of the two containments >= t) is used, which every related pair
  // reaches. Of several, the largest t (the first written on a tie).
  std::optional<neardup::Measure> measure;
  double threshold = 0;
  // True when the expression reads containment, jaccard or dice anywhere.
  bool reads_content = false;
  // Lines for --explain, each ending in '\n': "blocking key: a.host" per
  // key (or "blocking keys: none"), then "candidates: exact join,
  // containment >= 0.7" or "candidates: no content threshold at the top
  // level: every pair inside a block is evaluated" ("every pair of records
  // is evaluated" without keys).
  std::string Explain() const;
};

class Expr {
 public:
  // InvalidArgument with the 1-based column (in characters): "column 8:
  // expected a comparison operator, found 'foo'"; "column 1: cannot compare
  // a string (a.host) with a number (0.7)". The whole expression must be a
  // condition (a comparison, and/or/not of conditions).
  static base::Result<Expr> Parse(std::string_view text);

  // Whether Cov(a, b) holds. Pure: safe from many threads. Division by 0
  // gives 0 (documented in warccover(1)).
  bool Holds(const Attrs& a, const Attrs& b, const Measures& m) const;

  // Fully parenthesised form: "((containment >= 0.7) and (a.date <= b.date))";
  // parsed again, it gives the same expression (and the same text).
  std::string ToString() const;
  const Plan& plan() const { return plan_; }

 private:
  std::shared_ptr<const Node> root_;
  Plan plan_;
};

}  // namespace cover
