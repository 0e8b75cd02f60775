// lib/fetch: finding a manifest's file by its field, locally and by URL.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <string>
#include <thread>

#include "fetch/http.h"
#include "fetch/range_source.h"

namespace {

std::string ReadAll(base::ByteSource* source) {
  std::string out;
  char buf[64];
  for (;;) {
    auto got = source->Read(buf, sizeof buf);
    REQUIRE(got.ok());
    if (*got == 0) return out;
    out.append(buf, *got);
  }
}

// An HTTP server on 127.0.0.1, a thread per connection (keep-alive), that
// answers every GET with the 206 of its "Range: bytes=A-B" from `body`: at
// once; or for a path under /slow/, 2 KB every 125 ms (16 KB/s); or under
// /drip/, one byte every 100 ms, the header included.
class TinyServer {
 public:
  explicit TinyServer(std::string body) : body_(std::move(body)) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE(fd_ >= 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof addr;
    REQUIRE(::bind(fd_, reinterpret_cast<sockaddr*>(&addr), len) == 0);
    REQUIRE(::listen(fd_, 8) == 0);
    REQUIRE(::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &len) == 0);
    port_ = ntohs(addr.sin_port);
    thread_ = std::thread([this] { Serve(); });
  }
  ~TinyServer() {
    stop_ = true;
    thread_.join();
    for (auto& t : connections_) t.join();
    ::close(fd_);
  }
  std::string prefix() const { return "http://127.0.0.1:" + std::to_string(port_) + "/"; }

 private:
  // Waits for fd to be readable; false once the server stops.
  bool Wait(int fd) {
    while (!stop_) {
      pollfd p{fd, POLLIN, 0};
      if (::poll(&p, 1, 50) > 0) return true;
    }
    return false;
  }
  bool Send(int c, std::string_view data, size_t step, std::chrono::milliseconds pause) {
    for (size_t at = 0; at < data.size() && !stop_;) {
      ssize_t n = ::send(c, data.data() + at, std::min(step, data.size() - at), MSG_NOSIGNAL);
      if (n <= 0) return false;
      at += static_cast<size_t>(n);
      std::this_thread::sleep_for(pause);
    }
    return !stop_;
  }
  void Serve() {
    while (Wait(fd_)) {
      int c = ::accept(fd_, nullptr, nullptr);
      if (c >= 0) connections_.emplace_back([this, c] { Answer(c); });
    }
  }
  void Answer(int c) {
    std::string request;
    char buf[4096];
    while (Wait(c)) {
      ssize_t n = ::recv(c, buf, sizeof buf, 0);
      if (n <= 0) break;
      request.append(buf, static_cast<size_t>(n));
      size_t end = request.find("\r\n\r\n");
      if (end == std::string::npos) continue;
      unsigned long long first = 0, last = 0;
      const char* range = std::strstr(request.c_str(), "Range: bytes=");
      if (!range || std::sscanf(range, "Range: bytes=%llu-%llu", &first, &last) != 2) break;
      std::string reply =
          "HTTP/1.1 206 Partial Content\r\nContent-Length: " + std::to_string(last - first + 1) +
          "\r\nContent-Range: bytes " + std::to_string(first) + "-" + std::to_string(last) + "/" +
          std::to_string(body_.size()) + "\r\n\r\n";
      reply += body_.substr(first, last - first + 1);
      using std::chrono::milliseconds;
      bool sent = request.rfind("GET /drip/", 0) == 0 ? Send(c, reply, 1, milliseconds(100))
                  : request.rfind("GET /slow/", 0) == 0
                      ? Send(c, reply, 2048, milliseconds(125))
                      : Send(c, reply, reply.size(), milliseconds(0));
      request.erase(0, end + 4);
      if (!sent) break;
    }
    ::close(c);
  }

  std::string body_;
  int fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::thread thread_;
  std::vector<std::thread> connections_;  // joined at the end
};

std::string RandomBytes(size_t n) {
  std::mt19937 rng(42);
  std::string s(n, '\0');
  for (auto& c : s) c = static_cast<char>(rng());
  return s;
}

// Limits far tighter than a reader that takes its time: 256 KB a second over
// 1 s windows, 1 s + 2 s (512 KB at the minimum rate) per attempt.
fetch::HttpOptions TightLimits() {
  fetch::HttpOptions o;
  o.max_transfers = 2;
  o.retries = 0;
  o.stall_timeout_s = 1;
  o.min_rate = 256 << 10;
  o.record_timeout_s = 1;
  o.buffer_limit = 32 << 10;
  return o;
}

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

TEST_CASE("a reader slower than --min-rate and --record-timeout is not taken for a slow server",
          "[fetch]") {
  const std::string body = RandomBytes(512 << 10);
  TinyServer server(body);
  fetch::HttpRangeSource source(std::make_unique<fetch::PrefixResolver>(server.prefix()),
                                TightLimits());
  auto start = std::chrono::steady_clock::now();
  auto range = source.Open({"f.warc", 0, body.size()});
  REQUIRE(range.ok());
  // 128 KB a second, after a pause longer than a window: about 5.5 s in all,
  // while the transfer is paused for its reader (its buffer is full).
  std::string got;
  std::vector<char> buf(32 << 10);
  for (int i = 0;; ++i) {
    auto n = (*range)->Read(buf.data(), buf.size());
    REQUIRE(n.ok());
    if (*n == 0) break;
    got.append(buf.data(), *n);
    std::this_thread::sleep_for(std::chrono::milliseconds(i == 0 ? 1500 : 250));
  }
  CHECK(got == body);
  CHECK(SecondsSince(start) > 3.0);  // past the deadline, had it counted the reader's time
  CHECK(source.stats().retries == 0);
}

TEST_CASE("a transfer paused while its reader waits for a slower one is not taken for slow",
          "[fetch]") {
  // Compared in lockstep with a range that comes at 16 KB/s, a range from a
  // fast server is paused (its 32 KB buffer full) for 2 s at a time: two
  // windows in which it receives nothing, had they counted.
  const std::string body = RandomBytes(64 << 10);
  TinyServer server(body);
  fetch::HttpOptions limits = TightLimits();
  limits.min_rate = 8 << 10;
  fetch::HttpRangeSource source(std::make_unique<fetch::PrefixResolver>(server.prefix()), limits);
  auto slow = source.Open({"slow/f.warc", 0, body.size()});
  auto fast = source.Open({"f.warc", 0, body.size()});
  REQUIRE(slow.ok());
  REQUIRE(fast.ok());
  std::string got_slow, got_fast;
  std::vector<char> buf(1 << 10);  // 2 KB of each every 125 ms
  while (got_slow.size() < body.size() || got_fast.size() < body.size()) {
    for (auto [range, got] :
         {std::pair{slow->get(), &got_slow}, std::pair{fast->get(), &got_fast}}) {
      auto n = range->Read(buf.data(), buf.size());
      REQUIRE(n.ok());
      got->append(buf.data(), *n);
    }
  }
  CHECK(got_slow == body);
  CHECK(got_fast == body);
  CHECK(source.stats().retries == 0);
}

TEST_CASE("a server below --min-rate, or past --record-timeout, fails the range", "[fetch]") {
  const std::string body = RandomBytes(512 << 10);
  TinyServer server(body);
  fetch::HttpOptions limits = TightLimits();
  std::string cause;
  SECTION("too slow over a window") {
    limits.record_timeout_s = 10;  // the window ends first
    cause = "too slow: the reply's header had not ended after 1 s (--stall-timeout)";
  }
  SECTION("past the deadline") {
    limits.stall_timeout_s = 30;  // no window ends before the deadline
    cause = "timed out (--record-timeout): the reply's header had not ended after 1 s";
  }
  fetch::HttpRangeSource source(std::make_unique<fetch::PrefixResolver>(server.prefix()), limits);
  auto start = std::chrono::steady_clock::now();
  auto range = source.Open({"drip/f.warc", 0, 100});  // one byte every 100 ms
  REQUIRE(range.ok());
  char buf[64];
  auto n = (*range)->Read(buf, sizeof buf);
  REQUIRE_FALSE(n.ok());
  CHECK(n.status().message() == server.prefix() + "drip/f.warc: " + cause);
  CHECK(SecondsSince(start) < 30);
}

TEST_CASE("a URL prefix is followed by the real name, escaped for a URL path", "[fetch]") {
  fetch::PrefixResolver resolver("http://127.0.0.1:8080/warcs/");
  auto urls = resolver.Urls("plain-00001.warc.gz");
  REQUIRE(urls.ok());
  CHECK(*urls == std::vector<std::string>{"http://127.0.0.1:8080/warcs/plain-00001.warc.gz"});
  // The manifest field "odd%20name%20%C3%A9#1?.warc.gz" is the name
  // "odd name é#1?.warc.gz": '#' and '?' would end a URL path.
  urls = resolver.Urls("odd%20name%20%C3%A9#1?.warc.gz");
  REQUIRE(urls.ok());
  CHECK(*urls ==
        std::vector<std::string>{"http://127.0.0.1:8080/warcs/odd%20name%20%C3%A9%231%3F.warc.gz"});
  // A '%' kept as it is in the field (not before two hex digits) is escaped,
  // and so is ';' (path parameters to some servers).
  urls = resolver.Urls("100%zz/a;b.warc");
  REQUIRE(urls.ok());
  CHECK(*urls == std::vector<std::string>{"http://127.0.0.1:8080/warcs/100%25zz/a%3Bb.warc"});
}

TEST_CASE("only the manifest's own spelling of a name is accepted", "[fetch]") {
  CHECK(*fetch::FileNameOf("odd%20name%20%C3%A9.warc") == "odd name \xc3\xa9.warc");
  CHECK(*fetch::FileNameOf("a%b.warc.gz") == "a%b.warc.gz");
  // Another spelling of "a%b.warc.gz"; a NUL byte; "-" (an empty name).
  for (const char* field : {"a%25b.warc.gz", "x.warc.gz%00junk", "-"}) {
    INFO(field);
    CHECK_FALSE(fetch::FileNameOf(field).ok());
    CHECK_FALSE(fetch::PrefixResolver("http://h/").Urls(field).ok());
  }
}

TEST_CASE("local files are found by the real name behind an encoded field", "[fetch]") {
  char dir_template[] = "/tmp/fetch_test.XXXXXX";
  REQUIRE(::mkdtemp(dir_template) != nullptr);
  const std::string dir = dir_template;
  const std::string name = dir + "/odd name \xc3\xa9.warc";
  std::ofstream(name) << "0123456789";
  fetch::LocalRangeSource source({dir});
  auto range = source.Open({"odd%20name%20%C3%A9.warc", 3, 4});
  REQUIRE(range.ok());
  CHECK(ReadAll(range->get()) == "3456");
  CHECK(source.bytes_fetched() == 4);
  // The field taken literally names no file.
  auto missing = source.Open({"odd%20name.warc", 0, 1});
  CHECK_FALSE(missing.ok());
  // A file named "a%b.warc" is found by its field, never by another spelling.
  std::ofstream(dir + "/a%b.warc") << "abc";
  auto canonical = source.Open({"a%b.warc", 1, 2});
  REQUIRE(canonical.ok());
  CHECK(ReadAll(canonical->get()) == "bc");
  CHECK(source.bytes_fetched() == 4 + 2);  // bytes read, whatever the file
  auto other_spelling = source.Open({"a%25b.warc", 1, 2});
  REQUIRE_FALSE(other_spelling.ok());
  CHECK(other_spelling.status().message() ==
        "file field \"a%25b.warc\" is not a name as the manifest encodes it");
  std::remove((dir + "/a%b.warc").c_str());
  std::remove(name.c_str());
  ::rmdir(dir.c_str());
}
