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
// Functions: year(n) month(n) day(n) (UTC, of seconds since the epoch),
// lower(s), abs(n). Types are checked when parsing: numbers compare with
// numbers, strings with strings (byte order); arithmetic on numbers only.
//
//   auto expr = Expr::Parse("containment >= 0.7 and a.date <= b.date");
//   if (!expr.ok()) Fail(expr.status());   // "column 16: expected ..., found ..."
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
  std::string url;     // the target URI as the manifest writes it
  std::string host;    // lower case, as the signature file holds it
  std::string domain;  // registered domain of host (Public Suffix List); host if none
  std::string path;    // the URI's path, "/" when empty; without query or fragment
  std::string mime, title, digest;
  double date = 0;  // seconds since the epoch, UTC, from the manifest's 14-digit date
  double status = 0, length = 0, tokens = 0;
};

// The attributes of a signature file's record. domain by libpsl's
// registrable domain (psl_registrable_domain with the built-in or the
// system list); path from the URI by curl's URL API. A date that is not 14
// digits gives date 0 (and the caller is told: ok == false).
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
  // The key's value for one record, as bytes (numbers in a canonical form).
  std::string Of(const Attrs& record) const;
  std::shared_ptr<const Node> node;  // the a-side expression
};

// How warccover builds the graph for an expression.
struct Plan {
  std::vector<BlockingKey> keys;
  // A top-level conjunct "measure >= t" or "measure > t" (or t <= measure,
  // t < measure) with t a constant: only pairs reaching t can be related,
  // so an exact set-similarity join over the shingle sets makes the
  // candidates. For containment the join's symmetric form (max of the two
  // containments >= t) is used, which every related pair reaches.
  std::optional<neardup::Measure> measure;
  double threshold = 0;
  // True when the expression reads containment, jaccard or dice anywhere.
  bool reads_content = false;
  // Lines for --explain: the keys, the candidate threshold, or why none.
  std::string Explain() const;
};

class Expr {
 public:
  // InvalidArgument with the 1-based column: "column 17: expected a
  // comparison operator, found 'foo'"; "column 1: cannot compare a string
  // (a.host) with a number". The whole expression must be a condition
  // (a comparison, and/or/not of conditions).
  static base::Result<Expr> Parse(std::string_view text);

  // Whether Cov(a, b) holds. Pure: safe from many threads. Division by 0
  // gives 0 (documented in warccover(1)).
  bool Holds(const Attrs& a, const Attrs& b, const Measures& m) const;

  // Fully parenthesised form: "((containment >= 0.7) and (a.date <= b.date))".
  std::string ToString() const;
  const Plan& plan() const { return plan_; }

 private:
  std::shared_ptr<const Node> root_;
  Plan plan_;
};

}  // namespace cover
