// SolveCover: the graph in both directions, its weakly connected components
// (union-find), and each component solved on its own by whichever thread
// takes it. A component writes only its own vertices' bytes of `keep`, and
// the statistics are integer sums, so the answer does not depend on the
// number of threads or on which thread solved what.
#include "cover/solve.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <exception>
#include <numeric>
#include <stdexcept>
#include <thread>

#include "solve_internal.h"

namespace cover {
namespace {

using internal::Component;
using internal::Graph;
using internal::Rows;

// Rows of `from` -> `to` ends, self-arcs dropped, each row sorted without
// repeats.
Rows BuildRows(uint32_t n, std::span<const Arc> arcs, uint32_t Arc::*from, uint32_t Arc::*to) {
  Rows rows;
  rows.start.assign(uint64_t{n} + 1, 0);
  for (const Arc& arc : arcs) {
    if (arc.covered != arc.coverer) ++rows.start[arc.*from + 1];
  }
  std::partial_sum(rows.start.begin(), rows.start.end(), rows.start.begin());
  rows.to.resize(rows.start[n]);
  std::vector<uint64_t> next(rows.start.begin(), rows.start.end() - 1);
  for (const Arc& arc : arcs) {
    if (arc.covered != arc.coverer) rows.to[next[arc.*from]++] = arc.*to;
  }
  next = {};
  uint64_t write = 0;
  for (uint32_t v = 0; v < n; ++v) {
    const auto begin = rows.to.begin() + static_cast<ptrdiff_t>(rows.start[v]);
    const auto end = rows.to.begin() + static_cast<ptrdiff_t>(rows.start[v + 1]);
    std::sort(begin, end);
    const auto unique_end = std::unique(begin, end);
    rows.start[v] = write;
    write = std::copy(begin, unique_end, rows.to.begin() + static_cast<ptrdiff_t>(write)) -
            rows.to.begin();
  }
  rows.start[n] = write;
  rows.to.resize(write);
  rows.to.shrink_to_fit();
  return rows;
}

// The transpose of rows that are already sorted and without repeats: its
// rows come out sorted too.
Rows Transpose(const Rows& rows) {
  const uint32_t n = static_cast<uint32_t>(rows.start.size() - 1);
  Rows out;
  out.start.assign(rows.start.size(), 0);
  for (uint32_t u : rows.to) ++out.start[u + 1];
  std::partial_sum(out.start.begin(), out.start.end(), out.start.begin());
  out.to.resize(rows.to.size());
  std::vector<uint64_t> next(out.start.begin(), out.start.end() - 1);
  for (uint32_t v = 0; v < n; ++v) {
    for (uint32_t u : rows.Row(v)) out.to[next[u]++] = v;
  }
  return out;
}

class UnionFind {
 public:
  explicit UnionFind(uint32_t n) : parent_(n), size_(n, 1) {
    std::iota(parent_.begin(), parent_.end(), 0);
  }
  uint32_t Find(uint32_t v) {
    while (parent_[v] != v) v = parent_[v] = parent_[parent_[v]];
    return v;
  }
  void Union(uint32_t a, uint32_t b) {
    a = Find(a), b = Find(b);
    if (a == b) return;
    if (size_[a] < size_[b]) std::swap(a, b);
    parent_[b] = a;
    size_[a] += size_[b];
  }

 private:
  std::vector<uint32_t> parent_, size_;
};

// Components numbered by their smallest vertex; each one's vertices in
// increasing order, and every vertex's index within its component.
struct Components {
  std::vector<uint64_t> start;  // count + 1 offsets into vertices
  std::vector<uint32_t> vertices, local;
  size_t Count() const { return start.size() - 1; }
  uint64_t Size(size_t c) const { return start[c + 1] - start[c]; }
};

Components FindComponents(uint32_t n, const Rows& coverers) {
  UnionFind sets(n);
  for (uint32_t v = 0; v < n; ++v) {
    for (uint32_t u : coverers.Row(v)) sets.Union(v, u);
  }
  Components result;
  std::vector<uint32_t> id_of_root(n, UINT32_MAX), id(n);
  uint32_t count = 0;
  for (uint32_t v = 0; v < n; ++v) {
    uint32_t& root_id = id_of_root[sets.Find(v)];
    if (root_id == UINT32_MAX) root_id = count++;
    id[v] = root_id;
  }
  result.start.assign(uint64_t{count} + 1, 0);
  for (uint32_t v = 0; v < n; ++v) ++result.start[id[v] + 1];
  std::partial_sum(result.start.begin(), result.start.end(), result.start.begin());
  result.vertices.resize(n);
  result.local.resize(n);
  std::vector<uint64_t> next(result.start.begin(), result.start.end() - 1);
  for (uint32_t v = 0; v < n; ++v) {
    result.local[v] = static_cast<uint32_t>(next[id[v]] - result.start[id[v]]);
    result.vertices[next[id[v]]++] = v;
  }
  return result;
}

// Solves one component of two or more vertices, marks its kept vertices in
// `keep` and adds to `stats` (components and largest excepted).
void SolveComponent(const Component& c, const SolveOptions& options, uint8_t* keep,
                    CoverStats& stats) {
  uint64_t kept = 0, greedy = 0, lower_bound = 0;
  bool optimal = false;
  if (c.vertices.size() <= std::min<uint32_t>(options.exact_limit, 64)) {
    const internal::MaskProblem problem = internal::BuildMaskProblem(c);
    const uint64_t greedy_mask = internal::GreedyMask(problem);
    internal::ExactResult result{greedy_mask, false, 0, 0};
    if (options.exact) {
      result = internal::SolveMask(problem, greedy_mask, options.budget);
    } else {
      result.lower_bound = internal::LowerBoundMask(problem);
    }
    for (uint64_t m = result.keep; m; m &= m - 1) keep[c.vertices[std::countr_zero(m)]] = 1;
    kept = std::popcount(result.keep);
    greedy = std::popcount(greedy_mask);
    lower_bound = result.lower_bound;
    optimal = result.optimal;
    stats.nodes += result.nodes;
  } else {
    const std::vector<uint32_t> cover = internal::GreedyCover(c);
    for (uint32_t v : cover) keep[v] = 1;
    kept = greedy = cover.size();
    lower_bound = internal::LowerBound(c);
  }
  // Greedy meeting the lower bound is optimal too.
  if (optimal || lower_bound == kept) {
    ++stats.exact;
  } else {
    ++stats.heuristic;
  }
  stats.kept += kept;
  stats.greedy += greedy;
  stats.lower_bound += lower_bound;
}

void Add(CoverStats& total, const CoverStats& part) {
  total.exact += part.exact;
  total.heuristic += part.heuristic;
  total.kept += part.kept;
  total.lower_bound += part.lower_bound;
  total.greedy += part.greedy;
  total.nodes += part.nodes;
}

}  // namespace

Cover SolveCover(uint32_t n, std::span<const Arc> arcs, const SolveOptions& options) {
  for (const Arc& arc : arcs) {
    if (arc.covered >= n || arc.coverer >= n) throw std::out_of_range("cover::SolveCover: arc end");
  }
  Graph graph;
  graph.coverers = BuildRows(n, arcs, &Arc::covered, &Arc::coverer);
  graph.covers = Transpose(graph.coverers);
  const Components components = FindComponents(n, graph.coverers);

  std::vector<uint8_t> keep(n, 0);
  CoverStats stats;
  stats.components = components.Count();
  // Single vertices keep themselves; the rest, largest first so that no
  // thread is left alone with a big one at the end.
  std::vector<uint32_t> work;
  for (uint32_t c = 0; c < components.Count(); ++c) {
    stats.largest = std::max(stats.largest, components.Size(c));
    if (components.Size(c) > 1) {
      work.push_back(c);
      continue;
    }
    keep[components.vertices[components.start[c]]] = 1;
    ++stats.exact, ++stats.kept, ++stats.lower_bound, ++stats.greedy;
  }
  std::stable_sort(work.begin(), work.end(),
                   [&](uint32_t a, uint32_t b) { return components.Size(a) > components.Size(b); });

  // Each thread takes the next component; a failure (std::bad_alloc) stops
  // them all and goes to the caller.
  std::atomic<size_t> next{0};
  std::vector<std::exception_ptr> failures(std::clamp(options.threads, 1, 256));
  std::vector<CoverStats> parts(failures.size());
  auto worker = [&](size_t t) {
    try {
      for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < work.size();) {
        const uint64_t begin = components.start[work[i]], end = components.start[work[i] + 1];
        const Component component{graph, std::span(components.vertices).subspan(begin, end - begin),
                                  components.local};
        SolveComponent(component, options, keep.data(), parts[t]);
      }
    } catch (...) {
      failures[t] = std::current_exception();
      next = work.size();
    }
  };
  std::vector<std::thread> pool;
  for (size_t t = 1; t < parts.size() && t < work.size(); ++t) pool.emplace_back(worker, t);
  worker(0);
  for (std::thread& thread : pool) thread.join();
  for (const std::exception_ptr& failure : failures) {
    if (failure) std::rethrow_exception(failure);
  }
  for (const CoverStats& part : parts) Add(stats, part);

  Cover cover;
  cover.keep.assign(keep.begin(), keep.end());
  cover.stats = stats;
  return cover;
}

}  // namespace cover
