// Fuzzes warccover's expression parser, cover::Expr::Parse, and what a
// parsed expression does: evaluation, its plan and its canonical text.
//
// The input is an expression as a user types it after -e.
//
// Invariants: an error says "column N: ..." with N within the text (or one
// past its end); a parsed expression's ToString parses again to the same
// text and the same verdicts on sample records; evaluation and the plan's
// keys never fail; a plan's threshold is above 0 and its measure is read.
#include <string>
#include <string_view>

#include "cover/expr.h"
#include "fuzz_targets.h"

namespace fuzz {
namespace {

cover::Attrs Sample(int i) {
  cover::Attrs a;
  a.url = i ? "http://b.example.co.uk/x?y" : "http://a.example.org/";
  a.host = i ? "b.example.co.uk" : "a.example.org";
  a.domain = i ? "example.co.uk" : "example.org";
  a.path = i ? "/x" : "/";
  a.mime = "text/html";
  a.title = i ? "" : "A title";
  a.digest = "sha1:00";
  a.date = i ? 1.3e9 : 0;
  a.status = 200;
  a.length = i ? 0 : 1234;
  a.tokens = i * 300;
  return a;
}

}  // namespace

int CoverExprOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  auto expr = cover::Expr::Parse(text);
  if (!expr.ok()) {
    const std::string& m = expr.status().message();
    Check(m.rfind("column ", 0) == 0, "error without a column: " + m);
    const size_t column = std::stoul(m.substr(7));
    Check(column >= 1 && column <= size + 1, "column outside the text: " + m);
    return 0;
  }
  const std::string canonical = expr->ToString();
  auto again = cover::Expr::Parse(canonical);
  Check(again.ok(), "canonical text does not parse: " + canonical);
  Check(again->ToString() == canonical, "canonical text changes: " + canonical);
  const cover::Measures measures[] = {{0, 0, 0}, {0.7, 0.5, 0.66}, {1, 1, 1}};
  for (int a = 0; a < 2; ++a) {
    for (int b = 0; b < 2; ++b) {
      for (const auto& m : measures) {
        Check(expr->Holds(Sample(a), Sample(b), m) == again->Holds(Sample(a), Sample(b), m),
              "the canonical text decides differently: " + canonical);
      }
    }
  }
  const cover::Plan& plan = expr->plan();
  for (const auto& key : plan.keys) {
    // A related pair has equal keys: a record is related to itself only
    // through its own key, so the key must at least be computable.
    (void)key.Of(Sample(0));
    (void)key.Of(Sample(1));
  }
  if (plan.measure) {
    Check(plan.threshold > 0, "a candidate threshold of 0 or less");
    Check(plan.reads_content, "a threshold on a measure the expression does not read");
  }
  Check(!plan.Explain().empty(), "empty plan");
  return 0;
}

}  // namespace fuzz

#ifndef WARCDEDUP_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::CoverExprOneInput(data, size);
}
#endif
