// The coverage expression's parser: recursive descent, one function per
// level of precedence, types checked as each node is made.
//
//   expr       := or
//   or         := and { "or" and }
//   and        := not { "and" not }
//   not        := "not" not | comparison
//   comparison := sum [ ("=" | "==" | "!=" | "<" | ">" | "<=" | ">=") sum ]
//   sum        := product { ("+" | "-") product }
//   product    := unary { ("*" | "/") unary }
//   unary      := "-" unary | primary
//   primary    := NUMBER | STRING | "(" expr ")" | MEASURE | SIDE "." ATTR
//               | FUNCTION "(" expr ")"
//
// Comparisons do not chain (a < b < c is refused, not read as (a < b) < c).
// "==" is the same as "=". Names and keywords are matched without regard to
// case ("AND", "A.Host").
#include <algorithm>

#include "expr_node.h"

namespace cover {

namespace {

// Parentheses, calls, "not" and unary minus inside each other (the parser
// recurses on each): a bound on the stack, whatever the input. Twice the
// tree's depth bound, so that the canonical text of any tree (a "(-x)" or
// "(not x)" nests two levels for one node) parses again.
constexpr int kMaxNesting = 2 * kMaxDepth;

constexpr std::string_view kAttrList =
    "(attributes: url host domain path date mime title status length digest tokens)";

std::string_view TypeName(Type type) {
  switch (type) {
    case Type::kNumber:
      return "a number";
    case Type::kString:
      return "a string";
    case Type::kCondition:
      return "a condition";
  }
  return "?";
}

bool ComparisonOp(Tok kind, Op* op) {
  switch (kind) {
    case Tok::kEq:
      *op = Op::kEq;
      return true;
    case Tok::kNe:
      *op = Op::kNe;
      return true;
    case Tok::kLt:
      *op = Op::kLt;
      return true;
    case Tok::kGt:
      *op = Op::kGt;
      return true;
    case Tok::kLe:
      *op = Op::kLe;
      return true;
    case Tok::kGe:
      *op = Op::kGe;
      return true;
    default:
      return false;
  }
}

bool FunctionOp(std::string_view name, Op* op) {
  static constexpr std::pair<std::string_view, Op> kFunctions[] = {
      {"year", Op::kYear}, {"month", Op::kMonth}, {"day", Op::kDay},
      {"abs", Op::kAbs},   {"lower", Op::kLower},
  };
  for (const auto& [n, o] : kFunctions)
    if (n == name) {
      *op = o;
      return true;
    }
  return false;
}

bool AttrByName(std::string_view name, Attr* attr) {
  for (int i = 0; i < kAttrCount; ++i)
    if (AttrName(static_cast<Attr>(i)) == name) {
      *attr = static_cast<Attr>(i);
      return true;
    }
  return false;
}

class Parser {
 public:
  using R = base::Result<const Node*>;

  Parser(std::string_view text, std::vector<Token> tokens, Tree* tree)
      : text_(text), tokens_(std::move(tokens)), tree_(tree) {}

  R Run() {
    if (Peek().kind == Tok::kEnd) return Error(0, "the expression is empty");
    R root = Or();
    if (!root.ok()) return root;
    const Token& t = Peek();
    if (t.kind == Tok::kRParen)
      return Error(t.begin, "unbalanced parentheses: ')' without a '(' before it");
    if (t.kind != Tok::kEnd)
      return Error(t.begin, "expected 'and', 'or' or the end of the expression, found " + Found(t));
    if ((*root)->type != Type::kCondition)
      return Error((*root)->begin, "the expression must be a condition, found " + Describe(**root));
    return root;
  }

 private:
  const Token& Peek() const { return tokens_[pos_]; }
  const Token& Next() { return tokens_[pos_ < tokens_.size() - 1 ? pos_++ : pos_]; }
  bool PeekWord(std::string_view word) const {
    return Peek().kind == Tok::kWord && Peek().text == word;
  }

  base::Status Error(size_t offset, std::string_view what) const {
    return ErrorAt(text_, offset, what);
  }
  std::string Found(const Token& t) const { return cover::Found(text_, t); }
  // "a string (a.host)": the type and the text as written.
  std::string Describe(const Node& n) const {
    std::string_view s = text_.substr(n.begin, n.end - n.begin);
    std::string out(TypeName(n.type));
    out.append(" (");
    out.append(s.size() > 40 ? s.substr(0, 40) : s);
    out.append(s.size() > 40 ? "...)" : ")");
    return out;
  }
  std::string ColumnOf(size_t offset) const {
    return std::to_string(cover::ColumnOf(text_, offset));
  }

  base::Status Nest(size_t offset) {
    if (++nesting_ > kMaxNesting)
      return Error(offset, "the expression nests too deeply (over " + std::to_string(kMaxNesting) +
                               " levels)");
    return base::Status::Ok();
  }

  R Make(Op op, Type type, size_t begin, size_t end, const Node* left, const Node* right) {
    Node& n = tree_->nodes.emplace_back();
    n.op = op;
    n.type = type;
    n.begin = begin;
    n.end = end;
    n.left = left;
    n.right = right;
    n.depth = 1 + std::max(left ? left->depth : 0, right ? right->depth : 0);
    if (n.depth > kMaxDepth)
      return Error(
          begin, "the expression nests too deeply (over " + std::to_string(kMaxDepth) + " levels)");
    return &n;
  }

  // and, or: conditions on both sides.
  R Logical(Op op, const Token& word, const Node* left, const Node* right) {
    for (const Node* side : {left, right})
      if (side->type != Type::kCondition)
        return Error(side->begin, "'" + word.text + "' needs a condition on each side, found " +
                                      Describe(*side));
    return Make(op, Type::kCondition, left->begin, right->end, left, right);
  }

  R Or() {
    R left = And();
    while (left.ok() && PeekWord("or")) {
      const Token& word = Next();
      R right = And();
      if (!right.ok()) return right;
      left = Logical(Op::kOr, word, *left, *right);
    }
    return left;
  }

  R And() {
    R left = Not();
    while (left.ok() && PeekWord("and")) {
      const Token& word = Next();
      R right = Not();
      if (!right.ok()) return right;
      left = Logical(Op::kAnd, word, *left, *right);
    }
    return left;
  }

  R Not() {
    if (!PeekWord("not")) return Comparison();
    const Token& word = Next();
    if (auto s = Nest(word.begin); !s.ok()) return s;
    R inner = Not();
    if (!inner.ok()) return inner;
    --nesting_;
    if ((*inner)->type != Type::kCondition)
      return Error((*inner)->begin, "'not' needs a condition, found " + Describe(**inner));
    return Make(Op::kNot, Type::kCondition, word.begin, (*inner)->end, *inner, nullptr);
  }

  R Comparison() {
    R left = Sum();
    if (!left.ok()) return left;
    Op op;
    if (!ComparisonOp(Peek().kind, &op)) {
      const Token& t = Peek();
      // A value ends here only inside parentheses or a call: "(a.date)",
      // "year(a.date)"; anywhere else it needs a comparison.
      bool inside =
          t.kind == Tok::kRParen || t.kind == Tok::kComma || (t.kind == Tok::kEnd && parens_ > 0);
      if ((*left)->type == Type::kCondition || inside) return left;
      return Error(t.begin, "expected a comparison operator, found " + Found(t));
    }
    Next();
    R right = Sum();
    if (!right.ok()) return right;
    const Node& l = **left;
    const Node& r = **right;
    for (const Node* side : {&l, &r})
      if (side->type == Type::kCondition)
        return Error(side->begin,
                     "cannot compare " + Describe(*side) + ": join conditions with and, or, not");
    if (l.type != r.type)
      return Error(l.begin, "cannot compare " + Describe(l) + " with " + Describe(r));
    Op chained;
    if (ComparisonOp(Peek().kind, &chained))
      return Error(Peek().begin, "expected 'and', 'or' or ')' after a comparison, found " +
                                     Found(Peek()) + " (comparisons do not chain)");
    return Make(op, Type::kCondition, l.begin, r.end, &l, &r);
  }

  // + - * /: numbers on both sides.
  R Arithmetic(Op op, const Token& sign, const Node* left, const Node* right) {
    for (const Node* side : {left, right})
      if (side->type != Type::kNumber)
        return Error(side->begin,
                     Found(sign) + " needs a number on each side, found " + Describe(*side));
    return Make(op, Type::kNumber, left->begin, right->end, left, right);
  }

  R Sum() {
    R left = Product();
    while (left.ok() && (Peek().kind == Tok::kPlus || Peek().kind == Tok::kMinus)) {
      const Token& sign = Next();
      R right = Product();
      if (!right.ok()) return right;
      left = Arithmetic(sign.kind == Tok::kPlus ? Op::kAdd : Op::kSub, sign, *left, *right);
    }
    return left;
  }

  R Product() {
    R left = Unary();
    while (left.ok() && (Peek().kind == Tok::kStar || Peek().kind == Tok::kSlash)) {
      const Token& sign = Next();
      R right = Unary();
      if (!right.ok()) return right;
      left = Arithmetic(sign.kind == Tok::kStar ? Op::kMul : Op::kDiv, sign, *left, *right);
    }
    return left;
  }

  R Unary() {
    if (Peek().kind != Tok::kMinus) return Primary();
    const Token& sign = Next();
    if (auto s = Nest(sign.begin); !s.ok()) return s;
    R inner = Unary();
    if (!inner.ok()) return inner;
    --nesting_;
    if ((*inner)->type != Type::kNumber)
      return Error((*inner)->begin, "'-' needs a number, found " + Describe(**inner));
    return Make(Op::kNeg, Type::kNumber, sign.begin, (*inner)->end, *inner, nullptr);
  }

  R Primary() {
    const Token& t = Peek();
    switch (t.kind) {
      case Tok::kNumber: {
        Next();
        R n = Make(Op::kNumber, Type::kNumber, t.begin, t.end, nullptr, nullptr);
        if (n.ok()) tree_->nodes.back().number = t.number;
        return n;
      }
      case Tok::kString: {
        Next();
        R n = Make(Op::kString, Type::kString, t.begin, t.end, nullptr, nullptr);
        if (n.ok()) tree_->nodes.back().text = t.text;
        return n;
      }
      case Tok::kLParen:
        return Parenthesised(Next(), "'('");
      case Tok::kWord:
        return Word(Next());
      default:
        return Error(t.begin,
                     "expected a value (a number, a string, a measure, a.ATTR, b.ATTR or a "
                     "function), found " +
                         Found(t));
    }
  }

  // After "(" (of a group or a call): an expression, then ")".
  R Parenthesised(const Token& open, std::string_view opener) {
    if (auto s = Nest(open.begin); !s.ok()) return s;
    ++parens_;
    R inner = Or();
    if (!inner.ok()) return inner;
    --parens_;
    --nesting_;
    if (Peek().kind != Tok::kRParen)
      return Error(Peek().begin, "expected ')' to close the " + std::string(opener) +
                                     " at column " + ColumnOf(open.begin) + ", found " +
                                     Found(Peek()));
    Next();
    return inner;
  }

  R Word(const Token& t) {
    std::string_view name = t.text;
    if (name.find('.') != std::string_view::npos) return Attribute(t);
    if (auto measure = neardup::ParseMeasure(name)) {
      R n = Make(Op::kMeasure, Type::kNumber, t.begin, t.end, nullptr, nullptr);
      if (n.ok()) tree_->nodes.back().measure = *measure;
      return n;
    }
    Op function;
    if (FunctionOp(name, &function)) return Call(t, function);
    Attr attr;
    if (AttrByName(name, &attr))
      return Error(t.begin, Found(t) + " needs a side: a." + t.text + " or b." + t.text);
    if (name == "and" || name == "or" || name == "not")
      return Error(t.begin, "expected a value, found " + Found(t));
    return Error(t.begin, "unknown name " + Found(t) +
                              " (measures: containment jaccard dice; functions: year month "
                              "day lower abs; attributes: a.NAME b.NAME)");
  }

  R Attribute(const Token& t) {
    std::string_view name = t.text;
    size_t dot = name.find('.');
    std::string_view side = name.substr(0, dot);
    if (side != "a" && side != "b")
      return Error(t.begin, "unknown side '" + std::string(text_.substr(t.begin, dot)) + "' in " +
                                Found(t) + ": a is the covered record, b the covering one");
    Attr attr;
    if (!AttrByName(name.substr(dot + 1), &attr))
      return Error(t.begin, "unknown attribute " + Found(t) + " " + std::string(kAttrList));
    bool number = attr == Attr::kDate || attr == Attr::kStatus || attr == Attr::kLength ||
                  attr == Attr::kTokens;
    R n = Make(Op::kAttr, number ? Type::kNumber : Type::kString, t.begin, t.end, nullptr, nullptr);
    if (n.ok()) {
      tree_->nodes.back().side = side == "a" ? Side::kA : Side::kB;
      tree_->nodes.back().attr = attr;
    }
    return n;
  }

  R Call(const Token& t, Op function) {
    std::string name = t.text + "()";
    if (Peek().kind != Tok::kLParen)
      return Error(Peek().begin, "expected '(' after " + Found(t) + ", found " + Found(Peek()));
    const Token& open = Next();
    if (auto s = Nest(open.begin); !s.ok()) return s;
    ++parens_;
    R arg = Or();
    if (!arg.ok()) return arg;
    --parens_;
    --nesting_;
    if (Peek().kind == Tok::kComma)
      return Error(Peek().begin, name + " takes one argument, found " + Found(Peek()));
    if (Peek().kind != Tok::kRParen)
      return Error(Peek().begin, "expected ')' to close " + name.substr(0, name.size() - 1) +
                                     " at column " + ColumnOf(t.begin) + ", found " +
                                     Found(Peek()));
    const Token& close = Next();
    Type wants = function == Op::kLower ? Type::kString : Type::kNumber;
    if ((*arg)->type != wants)
      return Error((*arg)->begin,
                   name + " needs " + std::string(TypeName(wants)) + ", found " + Describe(**arg));
    return Make(function, wants, t.begin, close.end, *arg, nullptr);
  }

  std::string_view text_;
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  Tree* tree_;
  int nesting_ = 0;  // open groups, calls, "not"s and "-"s
  int parens_ = 0;   // open groups and calls
};

}  // namespace

base::Result<Expr> Expr::Parse(std::string_view text) {
  auto tokens = Lex(text);
  if (!tokens.ok()) return tokens.status();
  auto tree = std::make_shared<Tree>();
  auto root = Parser(text, std::move(*tokens), tree.get()).Run();
  if (!root.ok()) return root.status();
  Expr expr;
  expr.root_ = std::shared_ptr<const Node>(tree, *root);
  expr.plan_ = MakePlan(tree, **root);
  return expr;
}

}  // namespace cover
