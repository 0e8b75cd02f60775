// The plan of an expression (cover/expr.h): what of its top-level
// conjunction (nested "and"s flattened, in the order written) limits the
// pairs that can be related.
//
//   - A conjunct L = R where R is L with a and b swapped, and L reads only
//     side a (at least one a.X, no b.X, no measure), is a blocking key; so
//     is R = L. Records with different keys are never related.
//   - A conjunct "measure >= t", "measure > t", "t <= measure" or
//     "t < measure", with t a constant (no attribute, no measure) above 0,
//     is a content threshold: every related pair reaches t, so an exact
//     set-similarity join at t makes all the candidates. Of several, the
//     one with the largest t is used; on equal t, the first written. (Any
//     one would be exact; the largest is usually the most selective.) A
//     threshold of 0 or less limits nothing and is not used.
//
// Explain() prints one line per key, then one line for the candidates:
//
//   blocking key: a.host
//   candidates: exact join, containment >= 0.7
//
// or, without a key, "blocking keys: none"; without a threshold,
// "candidates: no content threshold at the top level: every pair inside a
// block is evaluated" (with keys) or "... every pair of records is
// evaluated" (without).
#include "expr_node.h"

namespace cover {

namespace {

void Conjuncts(const Node& n, std::vector<const Node*>* out) {
  if (n.op == Op::kAnd) {
    Conjuncts(*n.left, out);
    Conjuncts(*n.right, out);
  } else {
    out->push_back(&n);
  }
}

struct Reads {
  bool a = false, b = false, measure = false;
};

void Collect(const Node& n, Reads* reads) {
  if (n.op == Op::kAttr) (n.side == Side::kA ? reads->a : reads->b) = true;
  if (n.op == Op::kMeasure) reads->measure = true;
  if (n.left) Collect(*n.left, reads);
  if (n.right) Collect(*n.right, reads);
}

Reads ReadsOf(const Node& n) {
  Reads reads;
  Collect(n, &reads);
  return reads;
}

// Whether y is x with sides a and b swapped.
bool Swapped(const Node& x, const Node& y) {
  if (x.op != y.op) return false;
  switch (x.op) {
    case Op::kNumber:
      return x.number == y.number;
    case Op::kString:
      return x.text == y.text;
    case Op::kAttr:
      return x.attr == y.attr && x.side != y.side;
    case Op::kMeasure:
      return x.measure == y.measure;
    default:
      break;
  }
  if ((x.left == nullptr) != (y.left == nullptr) || (x.right == nullptr) != (y.right == nullptr))
    return false;
  return (!x.left || Swapped(*x.left, *y.left)) && (!x.right || Swapped(*x.right, *y.right));
}

bool ReadsOnlyA(const Node& n) {
  Reads reads = ReadsOf(n);
  return reads.a && !reads.b && !reads.measure;
}

// The a-side of a blocking key, or null.
const Node* KeyOf(const Node& conjunct) {
  if (conjunct.op != Op::kEq) return nullptr;
  const Node& l = *conjunct.left;
  const Node& r = *conjunct.right;
  if (ReadsOnlyA(l) && Swapped(l, r)) return &l;
  if (ReadsOnlyA(r) && Swapped(r, l)) return &r;
  return nullptr;
}

bool IsConstant(const Node& n) {
  Reads reads = ReadsOf(n);
  return !reads.a && !reads.b && !reads.measure;
}

struct Threshold {
  neardup::Measure measure;
  double value;
};

// The threshold a conjunct sets, if it is "measure >= t" and the like.
std::optional<Threshold> ThresholdOf(const Node& conjunct) {
  const Node* measure = nullptr;
  const Node* constant = nullptr;
  if (conjunct.op == Op::kGe || conjunct.op == Op::kGt) {
    measure = conjunct.left;
    constant = conjunct.right;
  } else if (conjunct.op == Op::kLe || conjunct.op == Op::kLt) {
    measure = conjunct.right;
    constant = conjunct.left;
  } else {
    return std::nullopt;
  }
  if (measure->op != Op::kMeasure || !IsConstant(*constant)) return std::nullopt;
  double t = NumberOf(*constant, Attrs(), Attrs(), Measures());
  if (!(t > 0)) return std::nullopt;  // limits nothing (or not a number)
  return Threshold{measure->measure, t};
}

}  // namespace

Plan MakePlan(const std::shared_ptr<const Tree>& tree, const Node& root) {
  Plan plan;
  plan.reads_content = ReadsOf(root).measure;
  std::vector<const Node*> conjuncts;
  Conjuncts(root, &conjuncts);
  for (const Node* conjunct : conjuncts) {
    if (const Node* key = KeyOf(*conjunct)) {
      std::string text = Print(*key);
      bool seen = false;
      for (const BlockingKey& k : plan.keys) seen = seen || k.text == text;
      if (!seen) plan.keys.push_back(BlockingKey{text, std::shared_ptr<const Node>(tree, key)});
    }
    if (auto t = ThresholdOf(*conjunct); t && (!plan.measure || t->value > plan.threshold)) {
      plan.measure = t->measure;
      plan.threshold = t->value;
    }
  }
  return plan;
}

std::string Plan::Explain() const {
  std::string out;
  for (const BlockingKey& key : keys) out += "blocking key: " + key.text + "\n";
  if (keys.empty()) out += "blocking keys: none\n";
  if (measure) {
    out += "candidates: exact join, ";
    out += neardup::MeasureName(*measure);
    out += " >= " + FormatNumber(threshold) + "\n";
  } else {
    out += "candidates: no content threshold at the top level: ";
    out += keys.empty() ? "every pair of records is evaluated\n"
                        : "every pair inside a block is evaluated\n";
  }
  return out;
}

}  // namespace cover
