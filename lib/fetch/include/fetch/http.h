// Fetching record ranges over HTTP(S) with Range requests (libcurl).
//
// Every open range is a streaming transfer with a bounded buffer: when the
// reader falls behind, the transfer is paused, so memory does not grow with
// record size. Up to max_transfers run at once over reused connections.
//
// A reply is only used if it is "206 Partial Content" with a Content-Range
// that is exactly the requested range, and the body has exactly that many
// bytes. A 200 (the whole file), another range, or a short body is never
// handed out as if it were the record. Timeouts, connection failures, bodies
// cut short and 5xx replies are retried with exponential backoff, resuming
// where the data stopped; 4xx replies move on to the file's next URL
// (replica), if any. A range that cannot be had fails its stream's Read()
// with "URL: cause", and how far it got once data had come ("URL: body
// ended after N of M bytes").
#pragma once

#include <chrono>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "fetch/range_source.h"
#include "manifest/host_catalog.h"

namespace fetch {

// Maps a file name to the URLs that serve it, best first.
class UrlResolver {
 public:
  virtual ~UrlResolver() = default;
  virtual base::Result<std::vector<std::string>> Urls(const std::string& file) = 0;
};

// URL = prefix + file name.
class PrefixResolver : public UrlResolver {
 public:
  explicit PrefixResolver(std::string prefix) : prefix_(std::move(prefix)) {}
  // The prefix, then the file's real name (the manifest field decoded) with
  // every byte that may not stand in a URL path percent-encoded.
  base::Result<std::vector<std::string>> Urls(const std::string& file) override;

 private:
  std::string prefix_;
};

// URL = the file's own prefix, from a host catalog (warchostcatalog(5)), +
// file name, encoded as PrefixResolver does. A file with no prefix in the
// catalog is an error of the record (NotFound).
class CatalogResolver : public UrlResolver {
 public:
  explicit CatalogResolver(manifest::HostCatalog catalog) : catalog_(std::move(catalog)) {}
  base::Result<std::vector<std::string>> Urls(const std::string& file) override;

 private:
  manifest::HostCatalog catalog_;
};

struct HttpOptions {
  size_t max_transfers = 8;  // concurrent transfers (-j)
  int retries = 3;           // per URL, after the first attempt
  int backoff_ms = 200;      // doubled after each retry
  long connect_timeout_ms = 10000;
  long stall_timeout_s = 30;      // the window over which min_rate is averaged
  uint64_t min_rate = 1000;       // bytes a second; below it in a window the attempt fails
  long record_timeout_s = 60;     // per attempt, plus 1 s per min_rate bytes of the range left
  size_t buffer_limit = 1 << 20;  // per transfer; also the largest range prefetched
};

struct HttpStats {
  uint64_t requests = 0, retries = 0;
  uint64_t bytes = 0;  // body bytes received, retries and prefetched ranges included
};

class HttpRangeSource : public RangeSource {
 public:
  HttpRangeSource(std::unique_ptr<UrlResolver> resolver, const HttpOptions& options);
  ~HttpRangeSource() override;

  base::Result<std::unique_ptr<base::ByteSource>> Open(const RecordLocation& where) override;
  void Prefetch(const std::vector<RecordLocation>& upcoming) override;
  size_t max_open() const override { return options_.max_transfers; }
  uint64_t bytes_fetched() const override { return stats_.bytes; }
  const HttpStats& stats() const { return stats_; }

  struct Transfer;  // private: src/http.cpp

  // For the streams handed out by Open(): run transfers until something
  // happens or the timeout passes; resume a paused transfer; drop one whose
  // reader is gone.
  void Pump(std::chrono::milliseconds timeout);
  void Resume(Transfer* t);
  void Abandon(Transfer* t);

 private:
  std::shared_ptr<Transfer> NewTransfer(const RecordLocation& where);
  void StartDue();
  bool Start(Transfer* t);
  void Finished(Transfer* t, int curl_code);
  // Counts the time of a Pump() towards the transfers that were running
  // unpaused, and fails the attempts that are too slow or past their deadline.
  void CheckLimits(std::chrono::steady_clock::duration pumped);
  std::string TooSlow(Transfer* t);
  void PumpOnce(std::chrono::milliseconds timeout);
  void RetryOrNext(Transfer* t, const std::string& why, bool same_url_may_help);
  void Release(Transfer* t);

  std::unique_ptr<UrlResolver> resolver_;
  HttpOptions options_;
  HttpStats stats_;
  void* multi_;                                    // CURLM*
  std::deque<std::shared_ptr<Transfer>> waiting_;  // not started yet, or backing off
  // Keyed by the location itself (offset, length, then file): Prefetch()
  // looks up every upcoming range once per run, and building a string key
  // for each cost more than the lookup.
  struct LocationLess {
    bool operator()(const RecordLocation& a, const RecordLocation& b) const;
  };
  std::map<RecordLocation, std::shared_ptr<Transfer>, LocationLess> prefetched_;
  std::map<Transfer*, std::shared_ptr<Transfer>> running_set_;
  std::vector<void*> idle_handles_;  // CURL* handles kept for reuse
};

}  // namespace fetch
