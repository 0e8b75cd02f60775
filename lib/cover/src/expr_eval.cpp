// Evaluation of the coverage expression over a pair of records, and its
// canonical text. The evaluation of numbers, of attributes and of string
// constants allocates nothing (string_views into Attrs and the tree): it
// runs for every candidate pair. Only lower() makes a string.
#include <charconv>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "expr_node.h"

namespace cover {

namespace {

double AttrNumber(const Attrs& r, Attr attr) {
  switch (attr) {
    case Attr::kDate:
      return r.date;
    case Attr::kStatus:
      return r.status;
    case Attr::kLength:
      return r.length;
    case Attr::kTokens:
      return r.tokens;
    default:
      return 0;  // not reached: the parser types attributes
  }
}

std::string_view AttrString(const Attrs& r, Attr attr) {
  switch (attr) {
    case Attr::kUrl:
      return r.url;
    case Attr::kHost:
      return r.host;
    case Attr::kDomain:
      return r.domain;
    case Attr::kPath:
      return r.path;
    case Attr::kMime:
      return r.mime;
    case Attr::kTitle:
      return r.title;
    case Attr::kDigest:
      return r.digest;
    default:
      return {};  // not reached
  }
}

double MeasureValue(const Measures& m, neardup::Measure measure) {
  switch (measure) {
    case neardup::Measure::kContainment:
      return m.containment;
    case neardup::Measure::kJaccard:
      return m.jaccard;
    case neardup::Measure::kDice:
      return m.dice;
  }
  return 0;
}

// year, month or day of the UTC calendar (std::chrono's civil calendar,
// proleptic Gregorian) of seconds since the epoch; 0 for a value outside
// about 28,000 years of 1970, or not a number.
double Calendar(Op op, double seconds) {
  if (!(std::fabs(seconds) < 9e11)) return 0;
  using std::chrono::days;
  std::chrono::sys_seconds t{std::chrono::seconds(static_cast<int64_t>(std::floor(seconds)))};
  std::chrono::year_month_day date{std::chrono::floor<days>(t)};
  switch (op) {
    case Op::kYear:
      return static_cast<int>(date.year());
    case Op::kMonth:
      return static_cast<unsigned>(date.month());
    default:
      return static_cast<unsigned>(date.day());
  }
}

template <typename T>
bool Compare(Op op, const T& x, const T& y) {
  switch (op) {
    case Op::kEq:
      return x == y;
    case Op::kNe:
      return x != y;
    case Op::kLt:
      return x < y;
    case Op::kGt:
      return x > y;
    case Op::kLe:
      return x <= y;
    case Op::kGe:
      return x >= y;
    default:
      return false;  // not reached
  }
}

std::string_view Symbol(Op op) {
  switch (op) {
    case Op::kAdd:
      return "+";
    case Op::kSub:
      return "-";
    case Op::kMul:
      return "*";
    case Op::kDiv:
      return "/";
    case Op::kEq:
      return "=";
    case Op::kNe:
      return "!=";
    case Op::kLt:
      return "<";
    case Op::kGt:
      return ">";
    case Op::kLe:
      return "<=";
    case Op::kGe:
      return ">=";
    case Op::kAnd:
      return "and";
    case Op::kOr:
      return "or";
    case Op::kYear:
      return "year";
    case Op::kMonth:
      return "month";
    case Op::kDay:
      return "day";
    case Op::kAbs:
      return "abs";
    case Op::kLower:
      return "lower";
    default:
      return "?";
  }
}

void AppendQuoted(std::string_view s, std::string* out) {
  out->push_back('"');
  for (char c : s) {
    if (c == '"' || c == '\\') out->push_back('\\');
    out->push_back(c);
  }
  out->push_back('"');
}

}  // namespace

double NumberOf(const Node& n, const Attrs& a, const Attrs& b, const Measures& m) {
  switch (n.op) {
    case Op::kNumber:
      return n.number;
    case Op::kAttr:
      return AttrNumber(n.side == Side::kA ? a : b, n.attr);
    case Op::kMeasure:
      return MeasureValue(m, n.measure);
    case Op::kNeg:
      return -NumberOf(*n.left, a, b, m);
    case Op::kAdd:
      return NumberOf(*n.left, a, b, m) + NumberOf(*n.right, a, b, m);
    case Op::kSub:
      return NumberOf(*n.left, a, b, m) - NumberOf(*n.right, a, b, m);
    case Op::kMul:
      return NumberOf(*n.left, a, b, m) * NumberOf(*n.right, a, b, m);
    case Op::kDiv: {
      double divisor = NumberOf(*n.right, a, b, m);
      return divisor == 0 ? 0 : NumberOf(*n.left, a, b, m) / divisor;
    }
    case Op::kYear:
    case Op::kMonth:
    case Op::kDay:
      return Calendar(n.op, NumberOf(*n.left, a, b, m));
    case Op::kAbs:
      return std::fabs(NumberOf(*n.left, a, b, m));
    default:
      return 0;  // not reached: the parser types every node
  }
}

std::string_view StringOf(const Node& n, const Attrs& a, const Attrs& b, std::string* scratch) {
  switch (n.op) {
    case Op::kString:
      return n.text;
    case Op::kAttr:
      return AttrString(n.side == Side::kA ? a : b, n.attr);
    case Op::kLower: {
      std::string inner;
      std::string_view v = StringOf(*n.left, a, b, &inner);
      scratch->assign(v);
      for (char& c : *scratch)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
      return *scratch;
    }
    default:
      return {};  // not reached
  }
}

bool ConditionOf(const Node& n, const Attrs& a, const Attrs& b, const Measures& m) {
  switch (n.op) {
    case Op::kAnd:
      return ConditionOf(*n.left, a, b, m) && ConditionOf(*n.right, a, b, m);
    case Op::kOr:
      return ConditionOf(*n.left, a, b, m) || ConditionOf(*n.right, a, b, m);
    case Op::kNot:
      return !ConditionOf(*n.left, a, b, m);
    default:
      break;
  }
  if (n.left->type == Type::kNumber)
    return Compare(n.op, NumberOf(*n.left, a, b, m), NumberOf(*n.right, a, b, m));
  std::string left_scratch, right_scratch;  // empty strings: no allocation
  return Compare(n.op, StringOf(*n.left, a, b, &left_scratch),
                 StringOf(*n.right, a, b, &right_scratch));
}

std::string FormatNumber(double x) {
  char buffer[64];
  auto result = std::to_chars(buffer, buffer + sizeof buffer, x);
  return std::string(buffer, result.ptr);
}

// Appends to *out: one buffer, no temporaries.
void PrintTo(const Node& n, std::string* out) {
  switch (n.op) {
    case Op::kNumber:
      out->append(FormatNumber(n.number));
      return;
    case Op::kString:
      AppendQuoted(n.text, out);
      return;
    case Op::kAttr:
      out->append(n.side == Side::kA ? "a." : "b.");
      out->append(AttrName(n.attr));
      return;
    case Op::kMeasure:
      out->append(neardup::MeasureName(n.measure));
      return;
    case Op::kNeg:
    case Op::kNot:
      out->append(n.op == Op::kNeg ? "(-" : "(not ");
      PrintTo(*n.left, out);
      out->push_back(')');
      return;
    case Op::kYear:
    case Op::kMonth:
    case Op::kDay:
    case Op::kAbs:
    case Op::kLower:
      out->append(Symbol(n.op));
      out->push_back('(');
      PrintTo(*n.left, out);
      out->push_back(')');
      return;
    default:
      break;
  }
  out->push_back('(');
  PrintTo(*n.left, out);
  out->push_back(' ');
  out->append(Symbol(n.op));
  out->push_back(' ');
  PrintTo(*n.right, out);
  out->push_back(')');
}

std::string Print(const Node& n) {
  std::string out;
  PrintTo(n, &out);
  return out;
}

// A default-constructed Expr (not made by Parse) holds for nothing.
bool Expr::Holds(const Attrs& a, const Attrs& b, const Measures& m) const {
  return root_ && ConditionOf(*root_, a, b, m);
}

std::string Expr::ToString() const { return root_ ? Print(*root_) : std::string(); }

std::string BlockingKey::Of(const Attrs& record) const {
  std::string out;
  if (node->type == Type::kString) {
    std::string scratch;
    std::string_view value = StringOf(*node, record, record, &scratch);
    out.reserve(value.size() + 1);
    out.push_back('s');
    out.append(value);
    return out;
  }
  double x = NumberOf(*node, record, record, Measures());
  if (x == 0) x = 0;  // -0 = 0: one key
  char buffer[40];
  int size = std::snprintf(buffer, sizeof buffer, "n%.17g", x);
  out.assign(buffer, static_cast<size_t>(size));
  return out;
}

}  // namespace cover
