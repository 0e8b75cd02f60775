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

TEST_CASE("NameBasedRecordId: RFC 4122 version 5 in the URL namespace", "[warc][writer]") {
  // Expected values from Python: uuid.uuid5(uuid.NAMESPACE_URL, name).
  CHECK(warc::NameBasedRecordId("arc2warc:example.arc.gz:0") ==
        "<urn:uuid:b6707719-fe08-5c53-bcc2-e16a9190eaa1>");
  CHECK(warc::NameBasedRecordId("arc2warc:x.arc:12345") ==
        "<urn:uuid:04a2fa05-6a80-58c7-b9e9-0ef2d2d90264>");
  CHECK(warc::NameBasedRecordId("") == "<urn:uuid:1b4db7eb-4057-5ddf-91e0-36dec72071f5>");
  CHECK(warc::NameBasedRecordId("a") == warc::NameBasedRecordId("a"));
}
