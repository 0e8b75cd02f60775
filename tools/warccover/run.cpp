#include <algorithm>
#include <charconv>
#include <cstdio>
#include <numeric>

#include "cover/check.h"
#include "cover/graph.h"
#include "cover/overlap.h"
#include "cover/solve.h"
#include "manifest/cover_line.h"
#include "neardup/sig_corpus.h"
#include "toolcommon/io.h"
#include "warccover.h"

namespace warccover {

namespace {

std::string Count(uint64_t n, const std::string& what) {
  return std::to_string(n) + " " + what + (n == 1 ? "" : "s");
}

std::string Percent(uint64_t part, uint64_t whole) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f%%", whole ? 100.0 * part / whole : 0.0);
  return text;
}

// Every record's attributes, in parallel (libpsl and the URL parser cost a
// few microseconds a record). A date that does not parse is reported once.
std::vector<cover::Attrs> AttrsOfAll(const neardup::SigCorpus& c, int jobs,
                                     toolcommon::Diag* diag) {
  std::vector<cover::Attrs> attrs(c.docs.size());
  std::vector<char> ok(c.docs.size(), 1);
  constexpr size_t kChunk = 4096;
  neardup::ParallelFor((attrs.size() + kChunk - 1) / kChunk, jobs, [&](size_t chunk, int) {
    const size_t end = std::min(attrs.size(), (chunk + 1) * kChunk);
    for (size_t i = chunk * kChunk; i < end; ++i) {
      const auto& ref = c.refs[i];
      bool good = true;
      attrs[i] = cover::AttrsOf(c.files[ref.file]->record(ref.index), &good);
      ok[i] = good;
    }
    c.ReleaseRecords();  // records are read in capture order, all over the files
  });
  const size_t bad = std::count(ok.begin(), ok.end(), 0);
  if (bad > 0) {
    const size_t first = std::find(ok.begin(), ok.end(), 0) - ok.begin();
    diag->Info("note: " + Count(bad, "record") + " with a date that is not 14 digits (date 0; " +
               "the first: " + c.KeyText(first) + ")");
  }
  return attrs;
}

// a < b as the decimal texts compare (bytes): "100" < "20", as sort sees them.
bool DecimalTextLess(uint64_t a, uint64_t b) {
  char x[24], y[24];
  auto ex = std::to_chars(x, x + sizeof x, a).ptr, ey = std::to_chars(y, y + sizeof y, b).ptr;
  return std::lexicographical_compare(x, ex, y, ey);
}

// Records in the byte order of their lines' "file offset".
std::vector<uint32_t> LineOrder(const neardup::SigCorpus& c) {
  std::vector<uint32_t> order(c.docs.size());
  std::iota(order.begin(), order.end(), 0u);
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
    const auto &x = c.keys[a], &y = c.keys[b];
    if (x.name != y.name) return x.name < y.name;
    return DecimalTextLess(x.offset, y.offset);
  });
  return order;
}

manifest::Entry Key(const neardup::SigCorpus& c, uint32_t i) {
  const auto& ref = c.refs[i];
  return neardup::KeyOf(c.files[ref.file]->record(ref.index));
}

base::Status WriteCover(const neardup::SigCorpus& c, const cover::Graph& g,
                        const std::vector<bool>& keep, const std::string& path) {
  const std::vector<uint32_t> by = cover::ChooseCoverers(g, keep);
  toolcommon::OutputFile out;
  if (auto s = out.Open(path, false); !s.ok()) return s;
  std::string buffer;
  manifest::CoverLine line;
  for (uint32_t i : LineOrder(c)) {
    line.key = Key(c, i);
    line.keep = keep[i];
    if (!line.keep) {
      const uint32_t b = by[i];
      line.by_file = c.names[c.keys[b].name];
      line.by_offset = c.keys[b].offset;
      line.measures = cover::MeasuresText(cover::OverlapOf(c.docs[i], c.docs[b], true));
    }
    buffer += manifest::FormatCoverLine(line);
    buffer += '\n';
    if (buffer.size() >= (1 << 20)) {
      c.ReleaseRecords();  // the records read for the lines so far
      if (auto s = out.Write(buffer.data(), buffer.size()); !s.ok()) return s;
      buffer.clear();
    }
  }
  if (auto s = out.Write(buffer.data(), buffer.size()); !s.ok()) return s;
  return out.Commit();
}

std::string Summary(const neardup::SigCorpus& c, const std::vector<cover::Attrs>& attrs,
                    const cover::Graph& g, const cover::Cover& cover) {
  uint64_t bytes = 0, bytes_kept = 0;
  for (size_t i = 0; i < attrs.size(); ++i) {
    bytes += static_cast<uint64_t>(attrs[i].length);
    if (cover.keep[i]) bytes_kept += static_cast<uint64_t>(attrs[i].length);
  }
  const auto& s = cover.stats;
  const uint64_t n = c.docs.size();
  std::string text =
      Count(n, "record") + " in " + Count(c.files.size(), "signature file") +
      "; candidates: " + g.stats.method + ", " + Count(g.stats.blocks, "block") + " (largest " +
      std::to_string(g.stats.largest_block) + "), " + Count(g.stats.candidates, "pair") +
      " evaluated" +
      (g.stats.windowed == 0 ? ""
                             : " (" + Count(g.stats.windowed, "set") +
                                   " of identical texts over 1000 records paired within a window: "
                                   "the cover may keep more than the minimum there)") +
      "; " + Count(g.stats.arcs, "edge") + "; " + Count(s.components, "component") + " (largest " +
      std::to_string(s.largest) + "), " + std::to_string(s.exact) + " solved exactly, " +
      std::to_string(s.heuristic) + " by greedy";
  if (s.heuristic > 0) {
    text += " (lower bound " + std::to_string(s.lower_bound) + ", gap " +
            std::to_string(s.kept - s.lower_bound) + ")";
  }
  if (s.greedy != s.kept) text += "; plain greedy would keep " + std::to_string(s.greedy);
  text += "; cover: " + std::to_string(s.kept) + " of " + Count(n, "record") + " kept (" +
          Percent(n - s.kept, n) + " fewer), " + toolcommon::HumanBytes(bytes_kept) + " of " +
          toolcommon::HumanBytes(bytes) + " (" + Percent(bytes - bytes_kept, bytes) + " fewer)";
  return text;
}

int Check(const RunOptions& o, const neardup::SigCorpus& c, const std::vector<cover::Attrs>& attrs,
          const cover::Expr& expr, toolcommon::Diag* diag) {
  const cover::CheckResult r = cover::CheckCover(o.check, c, attrs, expr);
  for (const auto& m : r.messages) diag->Error(m);
  if (r.problems > r.messages.size()) {
    diag->Error(o.check + ": " + std::to_string(r.problems - r.messages.size()) + " more problems");
  }
  diag->CountErrors(r.problems > r.messages.size() ? 1 : 0);
  diag->Info(o.check + ": " + Count(r.lines, "line") + ", " + std::to_string(r.kept) + " kept, " +
             std::to_string(r.covered) + " covered; " + Count(r.problems, "problem"));
  return diag->ExitCode();
}

}  // namespace

int Run(const RunOptions& o, toolcommon::Diag* diag) {
  auto expr = cover::Expr::Parse(o.expression);
  if (!expr.ok()) {
    diag->Error("-e: " + expr.status().message());
    return toolcommon::kExitUsage;
  }
  if (o.explain) {
    std::fputs(("expression: " + expr->ToString() + "\n" + expr->plan().Explain()).c_str(), stdout);
    return toolcommon::kExitSuccess;
  }
  auto stage = [&](const std::string& what) {
    if (o.progress) diag->ProgressLine("warccover: " + what, false);
  };
  stage("reading signature files");
  neardup::SigCorpus c =
      neardup::LoadSigCorpus(o.inputs, [&](const std::string& m) { diag->Error(m); });
  if (c.files.empty()) return toolcommon::kExitSomeInputsFailed;
  if (c.header().mod_p != 0 && !o.approximate) {
    diag->Error("the signature files keep only the shingles whose hash is 0 mod " +
                std::to_string(c.header().mod_p) +
                " (warcshingle --mod-p): measures over them are estimates, and an exact cover "
                "cannot be made from them; give --approximate to accept that");
    return toolcommon::kExitSomeInputsFailed;
  }
  stage("attributes");
  const std::vector<cover::Attrs> attrs = AttrsOfAll(c, o.jobs, diag);
  c.ReleaseRecords();
  if (!o.check.empty()) return Check(o, c, attrs, *expr, diag);

  stage("graph");
  cover::GraphOptions graph_options;
  graph_options.threads = o.jobs;
  graph_options.approximate = o.approximate;
  graph_options.max_pairs = o.max_pairs;
  auto graph = cover::BuildGraph(c, attrs, *expr, graph_options);
  if (!graph.ok()) {
    diag->Error(graph.status().message());
    return toolcommon::kExitSomeInputsFailed;
  }
  stage("cover");
  cover::SolveOptions solve;
  solve.threads = o.jobs;
  solve.budget = o.budget;
  solve.exact = !o.greedy;
  const cover::Cover cover =
      cover::SolveCover(static_cast<uint32_t>(c.docs.size()), graph->arcs, solve);
  stage("writing");
  const base::Status written = WriteCover(c, *graph, cover.keep, o.output);
  if (o.progress) diag->ProgressLine("warccover: done", true);
  if (!written.ok()) {
    diag->Error(written.message());
    return toolcommon::kExitSomeInputsFailed;
  }
  diag->Info(Summary(c, attrs, *graph, cover));
  return diag->ExitCode();
}

}  // namespace warccover
