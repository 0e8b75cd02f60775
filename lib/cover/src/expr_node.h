// The parsed coverage expression (cover/expr.h): its nodes, the lexer's
// tokens, and the functions the parser, the evaluator and the plan share.
//
// The nodes of one expression live together in a Tree (a deque, so that a
// node never moves once made); a node points at its children. Expr and
// BlockingKey hold shared_ptrs that alias a node while owning the tree.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "base/status.h"
#include "cover/expr.h"
#include "neardup/similarity.h"

namespace cover {

enum class Type : uint8_t { kNumber, kString, kCondition };

enum class Op : uint8_t {
  kNumber,   // a constant: number
  kString,   // a constant: text
  kAttr,     // side.attr
  kMeasure,  // containment, jaccard, dice
  kNeg,      // unary minus: left
  kAdd,
  kSub,
  kMul,
  kDiv,
  kYear,  // functions: of left
  kMonth,
  kDay,
  kAbs,
  kLower,
  kEq,  // comparisons: left op right
  kNe,
  kLt,
  kGt,
  kLe,
  kGe,
  kAnd,
  kOr,
  kNot,  // of left
};

enum class Side : uint8_t { kA, kB };

// In the order warccover(1) and the error message list them.
enum class Attr : uint8_t {
  kUrl,
  kHost,
  kDomain,
  kPath,
  kDate,
  kMime,
  kTitle,
  kStatus,
  kLength,
  kDigest,
  kTokens,
};
inline constexpr int kAttrCount = 11;

struct Node {
  Op op = Op::kNumber;
  Type type = Type::kNumber;
  Side side = Side::kA;                                   // kAttr
  Attr attr = Attr::kUrl;                                 // kAttr
  neardup::Measure measure = neardup::Measure::kJaccard;  // kMeasure
  uint32_t depth = 1;                                     // levels of the subtree
  double number = 0;                                      // kNumber
  std::string text;                                       // kString
  size_t begin = 0, end = 0;                              // bytes of the source it was parsed from
  const Node* left = nullptr;
  const Node* right = nullptr;
};

struct Tree {
  std::deque<Node> nodes;
};

// Trees deeper than this are refused when parsing (evaluation recurses; a
// chain "a and b and c ..." is as deep as it is long).
inline constexpr uint32_t kMaxDepth = 250;

// ---- Lexer (expr_lex.cpp) ----

enum class Tok : uint8_t {
  kEnd,
  kNumber,
  kString,
  kWord,  // a name, lower-cased in text: "and", "containment", "a.host"
  kLParen,
  kRParen,
  kComma,
  kPlus,
  kMinus,
  kStar,
  kSlash,
  kEq,  // = or ==
  kNe,
  kLt,
  kGt,
  kLe,
  kGe,
};

struct Token {
  Tok kind = Tok::kEnd;
  size_t begin = 0, end = 0;  // bytes of the source
  double number = 0;          // kNumber
  std::string text;           // kString: the value; kWord: the name in lower case
};

// The tokens of text, ending with one kEnd; or the first lexical error.
base::Result<std::vector<Token>> Lex(std::string_view text);

// The 1-based column (in characters of UTF-8) of the byte at offset.
size_t ColumnOf(std::string_view text, size_t offset);
// "column N: what" with N the 1-based column (in characters of UTF-8) of
// the byte at offset.
base::Status ErrorAt(std::string_view text, size_t offset, std::string_view what);

// How messages show a token: "'foo'", or "the end of the expression".
std::string Found(std::string_view text, const Token& token);

// The attribute's name ("host"), and the names in order for messages.
std::string_view AttrName(Attr attr);

// ---- Evaluation (expr_eval.cpp) ----

double NumberOf(const Node& n, const Attrs& a, const Attrs& b, const Measures& m);
// A view into a, b, the node, or *scratch (lower() writes there).
std::string_view StringOf(const Node& n, const Attrs& a, const Attrs& b, std::string* scratch);
bool ConditionOf(const Node& n, const Attrs& a, const Attrs& b, const Measures& m);

// The fully parenthesised canonical text (Expr::ToString).
std::string Print(const Node& n);
// The shortest text that reads back as exactly x ("0.7", "1e+20").
std::string FormatNumber(double x);

// ---- Plan (expr_plan.cpp) ----

Plan MakePlan(const std::shared_ptr<const Tree>& tree, const Node& root);

}  // namespace cover
