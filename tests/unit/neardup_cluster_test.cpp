// neardup/cluster.h: centre-based clusters in capture order, no chaining.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "neardup/cluster.h"
#include "neardup/join.h"
#include "neardup/lsh.h"
#include "neardup/sigfile.h"
#include "neardup/sketch.h"

using neardup::Doc;
using neardup::NearQuery;

namespace {

neardup::Clusters ClusterAt(const std::vector<std::vector<uint64_t>>& sets, double t) {
  std::vector<Doc> docs;
  for (const auto& s : sets) docs.push_back({{}, s, 0});
  const auto identical = neardup::FindIdenticalSets(docs);
  const auto near = neardup::ExactJoin(docs, identical.representatives,
                                       NearQuery{neardup::Measure::kJaccard, t, 1});
  return neardup::ClusterInCaptureOrder(identical, near.pairs);
}

}  // namespace

TEST_CASE("neardup: a chain a~b, b~c, a!~c makes two clusters", "[neardup]") {
  // J(a, b) = J(b, c) = 9/11 = 0.818; J(a, c) = 8/12 = 0.667.
  const std::vector<uint64_t> a{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  const std::vector<uint64_t> b{2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  const std::vector<uint64_t> c{3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  auto clusters = ClusterAt({a, b, c}, 0.8);
  CHECK(clusters.representative == std::vector<uint32_t>{0, 0, 2});
  CHECK(clusters.id == std::vector<uint32_t>{0, 0, 1});
  CHECK(clusters.count == 2);

  // In the other capture order b comes first and takes both.
  clusters = ClusterAt({b, a, c}, 0.8);
  CHECK(clusters.representative == std::vector<uint32_t>{0, 0, 0});
  CHECK(clusters.count == 1);

  // At 0.6 a reaches c directly: one cluster around a.
  clusters = ClusterAt({a, b, c}, 0.6);
  CHECK(clusters.representative == std::vector<uint32_t>{0, 0, 0});
}

TEST_CASE("neardup: copies follow their first, empty records stand alone", "[neardup]") {
  const std::vector<uint64_t> a{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
  const std::vector<uint64_t> b{2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
  const std::vector<uint64_t> c{3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  const std::vector<uint64_t> none;
  // 0 a, 1 b, 2 none, 3 c, 4 copy of b, 5 copy of c, 6 none.
  auto clusters = ClusterAt({a, b, none, c, b, c, none}, 0.8);
  CHECK(clusters.representative == std::vector<uint32_t>{0, 0, 2, 3, 0, 3, 6});
  CHECK(clusters.id == std::vector<uint32_t>{0, 0, 1, 2, 0, 2, 3});
  CHECK(clusters.count == 4);
}

TEST_CASE("neardup: every member reaches its representative", "[neardup]") {
  // A sliding window: set i is {i, ..., i + 9}; neighbours within 1 step
  // reach 0.818, within 2 steps only 0.667. Clusters: {0,1}, {2,3}, ...
  std::vector<std::vector<uint64_t>> sets;
  for (uint64_t i = 0; i < 9; ++i) {
    std::vector<uint64_t> s;
    for (uint64_t x = i; x < i + 10; ++x) s.push_back(x);
    sets.push_back(s);
  }
  auto clusters = ClusterAt(sets, 0.8);
  CHECK(clusters.representative == std::vector<uint32_t>{0, 0, 2, 2, 4, 4, 6, 6, 8});
  CHECK(clusters.count == 5);
}

TEST_CASE("neardup: LSH clusters equal the clusters of LSH pairs, without the pairs", "[neardup]") {
  // 60 pages of 100 shingles, each followed by 40 near-copies (one shingle
  // of their own added: J >= 100/102 with the page, 100/102 with each
  // other, so 60 * 820 pairs) and a copy; and 20 variants at J 0.6-0.9.
  std::mt19937_64 rng(9);
  std::vector<std::vector<uint64_t>> sets;
  for (int p = 0; p < 60; ++p) {
    std::vector<uint64_t> page;
    for (int i = 0; i < 100; ++i) page.push_back(rng());
    std::sort(page.begin(), page.end());
    sets.push_back(page);
    for (int v = 0; v < 40; ++v) {
      auto near = page;
      near.push_back(rng());
      std::sort(near.begin(), near.end());
      sets.push_back(near);
    }
    sets.push_back(page);
    if (p < 20) {
      auto variant = page;
      for (int i = 0; i < 5 + p; ++i) variant[i * 3] = rng();
      std::sort(variant.begin(), variant.end());
      sets.push_back(variant);
    }
  }
  const neardup::MinHasher hasher(128);
  std::vector<std::vector<uint32_t>> sketches;
  for (const auto& s : sets) sketches.push_back(hasher.Sketch(s));
  std::vector<Doc> docs;
  for (size_t i = 0; i < sets.size(); ++i) docs.push_back({sketches[i], sets[i], 0});
  const auto identical = neardup::FindIdenticalSets(docs);
  const auto banding = neardup::ChooseBanding(0.8, 128);
  const NearQuery query{neardup::Measure::kJaccard, 0.8, 2};
  const auto pairs = neardup::LshPairs(docs, identical.representatives, banding, query);
  CHECK(pairs.pairs.size() >= 60 * 820);
  const auto expected = neardup::ClusterInCaptureOrder(identical, pairs.pairs);
  uint64_t candidates = 0;
  const auto clusters = neardup::LshClusters(docs, identical, banding, query, &candidates);
  CHECK(clusters.representative == expected.representative);
  CHECK(clusters.id == expected.id);
  CHECK(clusters.count == expected.count);
  CHECK(clusters.count >= 60);
  // About one check per near-copy, not one per pair.
  CHECK(candidates < docs.size() * 2);
}

// Not a test: writes a signature file for the warcnear CLI tests
// (tests/cli/warcnear_*.sh) with the real SigWriter and MinHasher, from a
// text description. Hidden; run as
//   NEARDUP_FIXTURE_SPEC=in.txt NEARDUP_FIXTURE_OUT=out.sig unit_tests "[.warcnear-fixture]"
// Description lines (# starts a comment):
//   @ k=5 num_perm=128 mod_p=0        header settings (optional, first)
//   FILE OFFSET DATE SET [URI [LENGTH]] one record; SET is "-" (no shingles)
//                                      or numbers and ranges "1-190,500";
//                                      URI (default http://example.com/OFFSET)
//                                      gives the host; LENGTH default 100
// Shingle n is a 64-bit mix of n (spread as real hashes are); the simhash
// is that of the words "n" of the set.
namespace {

uint64_t Mix(uint64_t x) {  // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

std::vector<uint64_t> ParseSet(const std::string& text, std::vector<std::string>* words) {
  std::vector<uint64_t> set;
  if (text == "-") return set;
  std::stringstream in(text);
  for (std::string part; std::getline(in, part, ',');) {
    const size_t dash = part.find('-');
    const uint64_t from = std::stoull(part.substr(0, dash));
    const uint64_t to = dash == std::string::npos ? from : std::stoull(part.substr(dash + 1));
    for (uint64_t n = from; n <= to; ++n) {
      set.push_back(Mix(n));
      words->push_back(std::to_string(n));
    }
  }
  std::sort(set.begin(), set.end());
  set.erase(std::unique(set.begin(), set.end()), set.end());
  return set;
}

}  // namespace

TEST_CASE("warcnear CLI fixture writer", "[.warcnear-fixture]") {
  const char* spec = std::getenv("NEARDUP_FIXTURE_SPEC");
  const char* out = std::getenv("NEARDUP_FIXTURE_OUT");
  REQUIRE(spec != nullptr);
  REQUIRE(out != nullptr);
  std::ifstream in(spec);
  REQUIRE(in);
  neardup::SigHeader header;
  header.extract = "dom";
  header.creator = "neardup_cluster_test fixture";
  std::vector<neardup::SigRecord> records;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::stringstream fields(line);
    if (line[0] == '@') {
      std::string setting;
      fields >> setting;
      while (fields >> setting) {
        const auto eq = setting.find('=');
        const auto value = static_cast<uint32_t>(std::stoul(setting.substr(eq + 1)));
        const auto name = setting.substr(0, eq);
        if (name == "k") header.k = value;
        if (name == "num_perm") header.num_perm = value;
        if (name == "mod_p") header.mod_p = value;
      }
      continue;
    }
    neardup::SigRecord r;
    std::string set;
    REQUIRE(fields >> r.key.file >> r.key.offset >> r.key.date >> set);
    r.key.length = 100;
    r.key.uri = "http://example.com/";
    r.key.uri += std::to_string(r.key.offset);
    r.host = "example.com";
    if (std::string uri; fields >> uri) {
      r.key.uri = uri;
      const size_t start = uri.find("://") + 3, end = uri.find('/', start);
      r.host = uri.substr(start, end - start);
      fields >> r.key.length;
    }
    r.key.digest = "sha1:" + std::string(40, '0');
    r.status = 200;
    r.mime = "text/html";
    std::vector<std::string> words;
    r.shingles = ParseSet(set, &words);
    r.tokens = static_cast<uint32_t>(words.size());
    r.simhash = neardup::SimHash(words);
    r.minhash = neardup::MinHasher(static_cast<int>(header.num_perm)).Sketch(r.shingles);
    records.push_back(std::move(r));
  }
  std::ofstream file(out, std::ios::binary);
  neardup::SigWriter writer(header, [&](std::string_view bytes) {
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    return file ? base::Status::Ok() : base::Status::IOError("cannot write");
  });
  for (const auto& r : records) REQUIRE(writer.Add(r).ok());
  REQUIRE(writer.Finish().ok());
  file.close();
  REQUIRE(file);
}
