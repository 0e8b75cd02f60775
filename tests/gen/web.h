// Where and when the synthetic corpus was captured: URLs on a fixed set of
// hosts, their addresses and servers, the capture clock and record IDs.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "content.h"
#include "rng.h"

namespace warcgen {

// URLs on a fixed set of hosts.
class Web {
 public:
  Web(const Content& content, Rng* rng);
  // A new URL for a payload of this kind: pages end in .html or a query,
  // binary payloads carry their media type's extension.
  std::string NewUrl(const PayloadSpec& spec, Rng* rng) const;
  // One of the hosts, without scheme: "www.example.com".
  std::string_view Host(Rng* rng) const;

 private:
  const Content& content_;
  std::vector<std::string> hosts_;  // "http://www.example.com"
};

// "www.example.com" from "http://www.example.com/a/b?c".
std::string_view HostOf(std::string_view url);
// "/a/b?c" from "http://www.example.com/a/b?c".
std::string_view PathOf(std::string_view url);
// A stable IPv4 address and Server header for a host.
std::string IpOf(std::string_view host);
const char* ServerOf(std::string_view host);

// The capture clock: starts 2015-03-01T00:00:00Z and only moves forward.
class Clock {
 public:
  void Advance(Rng* rng);
  // "2015-03-01T00:00:07Z", or with microseconds "2015-03-01T00:00:07.123456Z"
  // (WARC 1.1 allows them, and 1.1 writers such as warcio use them).
  std::string Warc(bool micros) const;
  // "Sun, 01 Mar 2015 00:00:07 GMT", optionally days_before earlier.
  std::string Http(int64_t days_before = 0) const;
  // "20150301000007", as ARC record lines spell the date.
  std::string Arc() const;

 private:
  int64_t seconds_ = 1425168000;  // 2015-03-01T00:00:00Z
  uint32_t micros_ = 0;
};

// "<urn:uuid:xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx>" from rng: unlike
// warc::NewRecordId(), reproducible.
std::string NewUuid(Rng* rng);

}  // namespace warcgen
