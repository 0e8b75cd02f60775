#include "fetch/http.h"

#include <curl/curl.h>

#include <cctype>
#include <cstring>

#include "http_transfer.h"
#include "warc/header_map.h"

namespace fetch {
namespace {

size_t OnHeader(char* ptr, size_t size, size_t nmemb, void* userdata) {
  auto* t = static_cast<HttpRangeSource::Transfer*>(userdata);
  std::string_view line(ptr, size * nmemb);
  if (warc::StartsWithIgnoreCase(line, "HTTP/")) {
    t->content_range.clear();  // a new reply (after 100 Continue, say)
    t->header_done = false;
  } else if (line == "\r\n" || line == "\n") {
    t->header_done = true;
  } else if (warc::StartsWithIgnoreCase(line, "Content-Range:")) {
    line.remove_prefix(14);
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n' || line.back() == ' '))
      line.remove_suffix(1);
    t->content_range = std::string(line);
  }
  return size * nmemb;
}

// Refuses, before a single byte is used, any reply that is not exactly the
// requested range.
std::string CheckReply(HttpRangeSource::Transfer* t) {
  if (t->status == 200)
    return "HTTP 200 instead of 206: the server ignored the Range request and sent the whole file";
  if (t->status != 206) return "HTTP " + std::to_string(t->status);
  std::string expected =
      "bytes " + std::to_string(t->NextByte()) + "-" + std::to_string(t->LastByte()) + "/";
  if (t->content_range.compare(0, expected.size(), expected) != 0)
    return "Content-Range \"" + t->content_range + "\" is not the requested range " +
           expected.substr(6, expected.size() - 7);
  return "";
}

size_t OnData(char* ptr, size_t size, size_t nmemb, void* userdata) {
  auto* t = static_cast<HttpRangeSource::Transfer*>(userdata);
  size_t n = size * nmemb;
  if (t->status == 0) {
    curl_easy_getinfo(t->easy, CURLINFO_RESPONSE_CODE, &t->status);
    t->rejected = CheckReply(t);
    if (!t->rejected.empty()) return 0;  // aborts the transfer
  }
  if (t->received + n > t->where.length) {
    t->rejected = "the server sent more bytes than the requested range";
    return 0;
  }
  if (t->Unread() > 0 && t->Unread() + n > t->buffer_limit) {
    t->paused = true;
    return CURL_WRITEFUNC_PAUSE;  // the same bytes are offered again on resume
  }
  if (t->data_pos > 0) {
    t->data.erase(0, t->data_pos);
    t->data_pos = 0;
  }
  t->data.append(ptr, n);
  t->received += n;
  t->stats->bytes += n;
  return n;
}

// The reader side of a transfer.
class HttpRangeStream : public base::ByteSource {
 public:
  HttpRangeStream(HttpRangeSource* owner, std::shared_ptr<HttpRangeSource::Transfer> t)
      : owner_(owner), t_(std::move(t)) {}
  ~HttpRangeStream() override { owner_->Abandon(t_.get()); }

  base::Result<size_t> Read(char* buf, size_t n) override {
    using State = HttpRangeSource::Transfer::State;
    for (;;) {
      if (t_->Unread() > 0) {
        size_t take = std::min(n, t_->Unread());
        std::memcpy(buf, t_->data.data() + t_->data_pos, take);
        t_->data_pos += take;
        if (t_->paused && t_->Unread() == 0) owner_->Resume(t_.get());
        return take;
      }
      if (t_->state == State::kDone) return size_t{0};
      if (t_->state == State::kFailed) return base::Status::IOError(t_->error);
      if (t_->paused) owner_->Resume(t_.get());
      owner_->Pump(std::chrono::milliseconds(100));
    }
  }
  base::Status Seek(uint64_t) override { return base::Status::Unsupported("range is read once"); }

 private:
  HttpRangeSource* owner_;
  std::shared_ptr<HttpRangeSource::Transfer> t_;
};

}  // namespace

bool HttpRangeSource::LocationLess::operator()(const RecordLocation& a,
                                               const RecordLocation& b) const {
  if (a.offset != b.offset) return a.offset < b.offset;
  if (a.length != b.length) return a.length < b.length;
  return a.file < b.file;
}

base::Result<std::vector<std::string>> CatalogResolver::Urls(const std::string& file) {
  const std::string* prefix = catalog_.UrlPrefix(file);
  if (prefix == nullptr)
    return base::Status::NotFound(file + ": no URL prefix for it in the host catalog");
  return PrefixResolver(*prefix).Urls(file);
}

base::Result<std::vector<std::string>> PrefixResolver::Urls(const std::string& file) {
  static const char kHex[] = "0123456789ABCDEF";
  auto name = FileNameOf(file);
  if (!name.ok()) return name.status();
  std::string url = prefix_;
  for (unsigned char c : *name) {
    // RFC 3986 path characters (unreserved, sub-delims but ';', which some
    // servers take for path parameters, ':', '@') and '/' for names that are
    // paths (warcsum --full-path).
    if (std::isalnum(c) || std::strchr("-._~!$&'()*+,=:@/", c) != nullptr) {
      url.push_back(static_cast<char>(c));
    } else {
      url.push_back('%');
      url.push_back(kHex[c >> 4]);
      url.push_back(kHex[c & 15]);
    }
  }
  return std::vector<std::string>{url};
}

HttpRangeSource::HttpRangeSource(std::unique_ptr<UrlResolver> resolver, const HttpOptions& options)
    : resolver_(std::move(resolver)), options_(options) {
  static const bool initialised = curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK;
  (void)initialised;
  multi_ = curl_multi_init();
  curl_multi_setopt(static_cast<CURLM*>(multi_), CURLMOPT_MAX_TOTAL_CONNECTIONS,
                    static_cast<long>(options_.max_transfers));
  // Keep every connection open between records: by default the cache holds 4
  // per easy handle in the multi, which with only one or two running closes
  // the idle ones (and the next burst connects again).
  curl_multi_setopt(static_cast<CURLM*>(multi_), CURLMOPT_MAXCONNECTS,
                    static_cast<long>(options_.max_transfers));
}

HttpRangeSource::~HttpRangeSource() {
  for (auto& [raw, t] : running_set_) {
    curl_multi_remove_handle(static_cast<CURLM*>(multi_), t->easy);
    curl_easy_cleanup(t->easy);
    t->easy = nullptr;
  }
  for (void* easy : idle_handles_) curl_easy_cleanup(static_cast<CURL*>(easy));
  curl_multi_cleanup(static_cast<CURLM*>(multi_));
}

std::shared_ptr<HttpRangeSource::Transfer> HttpRangeSource::NewTransfer(
    const RecordLocation& where) {
  auto t = std::make_shared<Transfer>();
  t->where = where;
  t->stats = &stats_;
  t->buffer_limit = options_.buffer_limit;
  auto urls = resolver_->Urls(where.file);
  if (!urls.ok()) {
    t->state = Transfer::State::kFailed;
    t->error = urls.status().message();
  } else if (urls->empty()) {
    t->state = Transfer::State::kFailed;
    t->error = "no URL known for this file";
  } else if (where.length == 0) {
    t->urls = std::move(*urls);
    t->state = Transfer::State::kDone;
  } else {
    t->urls = std::move(*urls);
    t->not_before = Clock::now();
    waiting_.push_back(t);
  }
  return t;
}

base::Result<std::unique_ptr<base::ByteSource>> HttpRangeSource::Open(const RecordLocation& where) {
  std::shared_ptr<Transfer> t;
  if (auto it = prefetched_.find(where); it != prefetched_.end()) {
    t = std::move(it->second);
    prefetched_.erase(it);
  } else {
    t = NewTransfer(where);
  }
  StartDue();
  return std::unique_ptr<base::ByteSource>(new HttpRangeStream(this, std::move(t)));
}

void HttpRangeSource::Prefetch(const std::vector<RecordLocation>& upcoming) {
  for (const auto& where : upcoming) {
    if (prefetched_.size() >= options_.max_transfers) break;
    // Only ranges that fit a buffer: they finish without waiting for a
    // reader, so they can never hold a connection that a reader needs.
    if (where.length > options_.buffer_limit) continue;
    if (prefetched_.count(where)) continue;
    prefetched_[where] = NewTransfer(where);
  }
  StartDue();
}

bool HttpRangeSource::Start(Transfer* t) {
  CURL* easy = nullptr;
  if (!idle_handles_.empty()) {
    easy = static_cast<CURL*>(idle_handles_.back());
    idle_handles_.pop_back();
  } else {
    easy = curl_easy_init();
    if (!easy) return false;
    // The same for every transfer: set once per handle (a handle is never
    // reset, so they stay set).
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, OnData);
    curl_easy_setopt(easy, CURLOPT_HEADERFUNCTION, OnHeader);
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(easy, CURLOPT_CONNECTTIMEOUT_MS, options_.connect_timeout_ms);
    // No CURLOPT_LOW_SPEED_*: curl's speed counts the time a transfer is
    // paused for its reader (CheckLimits does not).
    curl_easy_setopt(easy, CURLOPT_USERAGENT, "warcdedup/" WARCDEDUP_VERSION);
  }
  t->easy = easy;
  t->status = 0;
  t->content_range.clear();
  t->rejected.clear();
  t->paused = false;
  t->header_done = false;
  t->active = t->window_start = Clock::duration::zero();
  t->window_bytes = t->attempt_bytes = t->received;
  t->counting = false;
  t->state = Transfer::State::kRunning;
  std::string range = std::to_string(t->NextByte()) + "-" + std::to_string(t->LastByte());
  curl_easy_setopt(easy, CURLOPT_URL, t->Url().c_str());
  curl_easy_setopt(easy, CURLOPT_RANGE, range.c_str());
  curl_easy_setopt(easy, CURLOPT_WRITEDATA, t);
  curl_easy_setopt(easy, CURLOPT_HEADERDATA, t);
  curl_easy_setopt(easy, CURLOPT_PRIVATE, t);
  curl_multi_add_handle(static_cast<CURLM*>(multi_), easy);
  ++stats_.requests;
  return true;
}

void HttpRangeSource::StartDue() {
  auto now = Clock::now();
  for (auto it = waiting_.begin();
       it != waiting_.end() && running_set_.size() < options_.max_transfers;) {
    Transfer* t = it->get();
    if (t->not_before > now) {
      ++it;
      continue;
    }
    if (!Start(t)) {
      t->state = Transfer::State::kFailed;
      t->error = "cannot create a curl handle";
    } else {
      running_set_[t] = *it;
    }
    it = waiting_.erase(it);
  }
}

void HttpRangeSource::RetryOrNext(Transfer* t, const std::string& why, bool same_url_may_help) {
  t->error = t->Url() + ": " + why;
  if (same_url_may_help && t->attempts < options_.retries) {
    ++t->attempts;
    ++stats_.retries;
    t->not_before =
        Clock::now() + std::chrono::milliseconds(options_.backoff_ms << (t->attempts - 1));
  } else if (t->url_index + 1 < t->urls.size()) {
    ++t->url_index;  // the next replica
    t->attempts = 0;
    t->not_before = Clock::now();
  } else {
    t->state = Transfer::State::kFailed;
    return;
  }
  t->state = Transfer::State::kWaiting;
  for (auto& [raw, owned] : running_set_)
    if (raw == t) waiting_.push_back(owned);
}

void HttpRangeSource::Finished(Transfer* t, int curl_code) {
  if (t->status == 0) curl_easy_getinfo(t->easy, CURLINFO_RESPONSE_CODE, &t->status);
  Release(t);
  std::string why;
  bool retry = true;
  bool cut_short = false;
  if (!t->rejected.empty()) {
    why = t->rejected;
    retry = t->status >= 500;
  } else if (t->status == 206 && (curl_code == CURLE_OK || curl_code == CURLE_PARTIAL_FILE) &&
             t->received < t->where.length) {
    why = "body ended";  // curl's "Transferred a partial file", or a short Content-Length
    cut_short = true;
  } else if (curl_code != CURLE_OK) {
    why = curl_easy_strerror(static_cast<CURLcode>(curl_code));
  } else if (t->status != 206) {
    why = t->status == 200 ? "HTTP 200 instead of 206" : "HTTP " + std::to_string(t->status);
    retry = t->status >= 500;
  }
  if (why.empty()) {
    t->state = Transfer::State::kDone;
  } else {
    // Over all attempts so far: a retry resumes where the data stopped.
    if (cut_short || t->received > 0)
      why += " after " + std::to_string(t->received) + " of " + std::to_string(t->where.length) +
             " bytes";
    RetryOrNext(t, why, retry);
  }
  running_set_.erase(t);
}

void HttpRangeSource::PumpOnce(std::chrono::milliseconds timeout) {
  auto* multi = static_cast<CURLM*>(multi_);
  StartDue();
  int still = 0;
  uint64_t bytes_before = stats_.bytes;
  curl_multi_perform(multi, &still);
  // Data in: the reader has something (or a transfer filled its buffer and
  // paused, and polling would only wait out the timeout).
  bool progressed = stats_.bytes != bytes_before;
  auto drain = [&] {
    int left = 0;
    while (CURLMsg* msg = curl_multi_info_read(multi, &left)) {
      if (msg->msg != CURLMSG_DONE) continue;
      Transfer* t = nullptr;
      curl_easy_getinfo(msg->easy_handle, CURLINFO_PRIVATE, &t);
      Finished(t, msg->data.result);
      progressed = true;
    }
  };
  drain();
  if (progressed) return;
  // Wake up early for a retry that is due.
  auto wait = timeout;
  auto now = Clock::now();
  for (const auto& t : waiting_) {
    auto due = std::chrono::duration_cast<std::chrono::milliseconds>(t->not_before - now);
    if (due < wait) wait = std::max(due, std::chrono::milliseconds(1));
  }
  curl_multi_poll(multi, nullptr, 0, static_cast<int>(wait.count()), nullptr);
  curl_multi_perform(multi, &still);
  drain();
  StartDue();
}

// Keeps the handle for the next transfer: creating one per record costs more
// than the request itself when records are small. Not reset: Start() sets
// every option that differs between transfers.
void HttpRangeSource::Release(Transfer* t) {
  curl_multi_remove_handle(static_cast<CURLM*>(multi_), t->easy);
  idle_handles_.push_back(t->easy);
  t->easy = nullptr;
}

void HttpRangeSource::Resume(Transfer* t) {
  if (!t->paused || !t->easy) return;
  t->paused = false;
  curl_easy_pause(t->easy, CURLPAUSE_CONT);
}

void HttpRangeSource::Abandon(Transfer* t) {
  for (auto it = waiting_.begin(); it != waiting_.end(); ++it) {
    if (it->get() == t) {
      waiting_.erase(it);
      break;
    }
  }
  if (t->easy) {
    Release(t);
    running_set_.erase(t);
  }
}

}  // namespace fetch
