#include "urlrules/corpus.h"

#include <xxhash.h>

#include <algorithm>
#include <cstring>

#include "manifest/entry.h"
#include "url/urlcanon.h"

namespace urlrules {
namespace {
constexpr size_t kChunk = size_t{64} << 20;
}

UrlCorpus::UrlCorpus(double held_out_share) : held_out_share_(held_out_share) {}
UrlCorpus::~UrlCorpus() = default;

std::string_view UrlCorpus::url(uint32_t id) const { return {url_begin_[id], url_size_[id]}; }

bool UrlCorpus::held_out(uint32_t id) const {
  for (const uint32_t* c = clusters_begin(id); c != clusters_end(id); ++c)
    if (!cluster_held_out_[*c]) return false;
  return clusters_begin(id) != clusters_end(id);
}

int64_t UrlCorpus::Find(std::string_view url) const {
  if (table_.empty()) return -1;
  uint64_t h = XXH3_64bits(url.data(), url.size());
  for (size_t at = h & (table_.size() - 1); table_[at]; at = (at + 1) & (table_.size() - 1)) {
    uint32_t id = table_[at] - 1;
    if (url_hash_[id] == h && this->url(id) == url) return id;
  }
  return -1;
}

bool UrlCorpus::ShareACluster(uint32_t a, uint32_t b) const {
  const uint32_t *x = clusters_begin(a), *y = clusters_begin(b);
  while (x != clusters_end(a) && y != clusters_end(b)) {
    if (*x == *y) return true;
    if (*x < *y)
      ++x;
    else
      ++y;
  }
  return false;
}

uint32_t UrlCorpus::Intern(std::string_view url) {
  uint64_t h = XXH3_64bits(url.data(), url.size());
  if (table_.size() < 2 * (url_begin_.size() + 1)) {
    std::vector<uint32_t> bigger(std::max<size_t>(1024, table_.size() * 2), 0);
    for (uint32_t id = 0; id < url_begin_.size(); ++id) {
      size_t at = url_hash_[id] & (bigger.size() - 1);
      while (bigger[at]) at = (at + 1) & (bigger.size() - 1);
      bigger[at] = id + 1;
    }
    table_.swap(bigger);
  }
  size_t at = h & (table_.size() - 1);
  for (; table_[at]; at = (at + 1) & (table_.size() - 1)) {
    uint32_t id = table_[at] - 1;
    if (url_hash_[id] == h && this->url(id) == url) return id;
  }
  if (chunks_.empty() || chunk_used_ + url.size() > kChunk) {
    chunks_.emplace_back(new char[std::max(kChunk, url.size())]);
    chunk_used_ = 0;
  }
  char* p = chunks_.back().get() + chunk_used_;
  if (!url.empty()) std::memcpy(p, url.data(), url.size());
  chunk_used_ += url.size();
  url_begin_.push_back(p);
  url_size_.push_back(static_cast<uint32_t>(url.size()));
  url_hash_.push_back(h);
  table_[at] = static_cast<uint32_t>(url_begin_.size());
  return static_cast<uint32_t>(url_begin_.size() - 1);
}

void UrlCorpus::Add(std::string_view uri_field, std::string_view digest, uint64_t ext) {
  ++records_;
  std::string key(digest);
  key.append(":").append(std::to_string(ext));
  auto [it, inserted] =
      cluster_ids_.try_emplace(key, static_cast<uint32_t>(cluster_held_out_.size()));
  if (inserted) {
    // The share of clusters held out, by a hash of the cluster's own name.
    uint64_t h = XXH3_64bits(key.data(), key.size());
    cluster_held_out_.push_back(static_cast<double>(h >> 11) * 0x1.0p-53 < held_out_share_);
  }
  uint32_t id = Intern(url::AggressiveCanonicalize(manifest::DecodeField(uri_field)));
  pairs_.emplace_back(id, it->second);
}

void UrlCorpus::Finish() {
  std::sort(pairs_.begin(), pairs_.end());
  pairs_.erase(std::unique(pairs_.begin(), pairs_.end()), pairs_.end());
  cluster_index_.assign(url_begin_.size() + 1, 0);
  url_clusters_.reserve(pairs_.size());
  member_index_.assign(cluster_held_out_.size() + 1, 0);
  for (const auto& [u, c] : pairs_) {
    ++cluster_index_[u + 1];
    ++member_index_[c + 1];
    url_clusters_.push_back(c);
  }
  for (size_t i = 1; i < cluster_index_.size(); ++i) cluster_index_[i] += cluster_index_[i - 1];
  for (size_t i = 1; i < member_index_.size(); ++i) member_index_[i] += member_index_[i - 1];
  members_.resize(pairs_.size());
  std::vector<uint32_t> fill(member_index_.begin(), member_index_.end() - 1);
  for (const auto& [u, c] : pairs_) members_[fill[c]++] = u;
  std::vector<std::pair<uint32_t, uint32_t>>().swap(pairs_);
  cluster_ids_.clear();
}

}  // namespace urlrules
