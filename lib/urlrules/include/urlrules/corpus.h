// The URLs of processed manifests (warcmanifest(5), 10 fields) and the
// duplicate clusters they fall in: what warcurlrules learns from and is
// measured on. A cluster is a (digest, ext) group: records proved
// identical by warccollres. Each distinct URL (after url::
// AggressiveCanonicalize) is held once, with the clusters of its records.
//
// Memory: the URLs' bytes plus about 40 bytes per distinct URL and 16 per
// record.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace urlrules {

class UrlCorpus {
 public:
  // held_out_share: the share of clusters (chosen by a hash of digest and
  // ext, so the same for any input order) kept from learning to measure on.
  explicit UrlCorpus(double held_out_share = 0.0);
  ~UrlCorpus();

  // One record: its URI as the manifest writes it (encoded), its cluster.
  void Add(std::string_view uri_field, std::string_view digest, uint64_t ext);
  // Call once after the last Add.
  void Finish();

  size_t url_count() const { return url_begin_.size(); }
  std::string_view url(uint32_t id) const;
  // The id of a URL (as AggressiveCanonicalize writes it), -1 if absent.
  int64_t Find(std::string_view url) const;
  // Whether two URLs have records in one cluster.
  bool ShareACluster(uint32_t a, uint32_t b) const;
  // The clusters of a URL's records (distinct, ascending).
  const uint32_t* clusters_begin(uint32_t id) const {
    return url_clusters_.data() + cluster_index_[id];
  }
  const uint32_t* clusters_end(uint32_t id) const {
    return url_clusters_.data() + cluster_index_[id + 1];
  }
  // A URL is held out when every cluster of its records is.
  bool held_out(uint32_t id) const;

  size_t cluster_count() const { return cluster_held_out_.size(); }
  bool cluster_held_out(uint32_t c) const { return cluster_held_out_[c]; }
  // The URLs of a cluster (ascending ids), after Finish.
  const uint32_t* members_begin(uint32_t c) const { return members_.data() + member_index_[c]; }
  const uint32_t* members_end(uint32_t c) const { return members_.data() + member_index_[c + 1]; }
  uint64_t records() const { return records_; }

 private:
  uint32_t Intern(std::string_view url);

  double held_out_share_;
  std::vector<std::unique_ptr<char[]>> chunks_;
  size_t chunk_used_ = 0;
  std::vector<const char*> url_begin_;
  std::vector<uint32_t> url_size_;
  std::vector<uint64_t> url_hash_;
  std::vector<uint32_t> table_;  // open addressing: url id + 1, 0 empty
  std::unordered_map<std::string, uint32_t> cluster_ids_;
  std::vector<bool> cluster_held_out_;
  std::vector<std::pair<uint32_t, uint32_t>> pairs_;  // (url, cluster), until Finish
  std::vector<uint32_t> cluster_index_, url_clusters_, member_index_, members_;
  uint64_t records_ = 0;
};

}  // namespace urlrules
