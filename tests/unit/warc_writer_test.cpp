// warc/writer.h: RecordWriter's exact bytes, plain, gzip and with digests,
// and NewRecordId.
#include <catch2/catch.hpp>
#include <cstdint>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "gzmulti/member_writer.h"
#include "warc/writer.h"
#include "warc_test_util.h"

using warc_test::Headers;
using warc_test::WarcBuilder;

TEST_CASE("RecordWriter writes the exact record bytes", "[warc][writer]") {
  WarcBuilder plain(false);
  plain.Add("WARC/1.1", Headers({{"WARC-Type", "resource"}, {"Content-Length", "1"}}), "abc");
  CHECK(plain.bytes == "WARC/1.1\r\nWARC-Type: resource\r\nContent-Length: 3\r\n\r\nabc\r\n\r\n");
  CHECK(plain.lengths == std::vector<uint64_t>{plain.bytes.size()});

  WarcBuilder gz(true);
  gz.Add("WARC/1.1", Headers({{"WARC-Type", "resource"}}), "abc");
  CHECK(gz.bytes == gzmulti::CompressMember(plain.bytes));
  CHECK(gz.lengths == std::vector<uint64_t>{gz.bytes.size()});

  WarcBuilder digests(false);
  digests.options.add_digests = true;
  digests.Add("WARC/1.0",
              Headers({{"WARC-Type", "response"}, {"Content-Type", "application/http"}}),
              "HTTP/1.1 200 OK\r\n\r\nabc");
  CHECK(digests.bytes ==
        "WARC/1.0\r\nWARC-Type: response\r\nContent-Type: application/http\r\n"
        "WARC-Block-Digest: sha1:HQKNH2NGZ2BZ27KBTACJFDT37URZITEZ\r\n"
        "WARC-Payload-Digest: sha1:VGMT4NSHA2AWVOR6EVYXQUGCNSONBWE5\r\n"
        "Content-Length: 22\r\n\r\nHTTP/1.1 200 OK\r\n\r\nabc\r\n\r\n");
}

TEST_CASE("NewRecordId: a version 4 UUID URN in angle brackets, fresh each time",
          "[warc][writer]") {
  std::regex form("<urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}>");
  std::set<std::string> seen;
  for (int i = 0; i < 100; ++i) {
    std::string id = warc::NewRecordId();
    CHECK(std::regex_match(id, form));
    seen.insert(id);
  }
  CHECK(seen.size() == 100);
}
