// The one sort-key encoding: byte order of keys is the order of the tuples.
#include <algorithm>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "manifest/order.h"
#include "manifest/sort_key.h"

namespace {

manifest::Entry E(const char* file, uint64_t offset, uint64_t ext = 0, const char* date = "d") {
  manifest::Entry e;
  // Built from std::string: gcc 12's -Wrestrict misfires on operator=(const char*) here.
  e.file = std::string(file);
  e.offset = offset;
  e.ext = ext;
  e.date = std::string(date);
  e.uri = "u";
  e.digest = "sha1:aa";
  e.fields_count = 7;
  return e;
}

}  // namespace

TEST_CASE("sort keys: exact bytes of each part", "[manifest]") {
  std::string key;
  manifest::AppendKeyText("ab", &key);
  manifest::AppendKeyNumber(0x0102030405060708, &key);
  manifest::AppendKeyNumber32(0x0a0b0c0d, &key);
  CHECK(key == std::string("ab\0\1\2\3\4\5\6\7\x08\x0a\x0b\x0c\x0d", 15));
  const std::string record = key + "rest";
  manifest::KeyReader r(record);
  std::string_view text;
  uint64_t n = 0;
  uint32_t n32 = 0;
  REQUIRE(r.Text(&text));
  REQUIRE(r.Number(&n));
  REQUIRE(r.Number32(&n32));
  CHECK(text == "ab");
  CHECK(n == 0x0102030405060708);
  CHECK(n32 == 0x0a0b0c0d);
  CHECK(r.rest() == "rest");
  manifest::KeyReader short_one(std::string_view("ab", 2));
  CHECK_FALSE(short_one.Text(&text));
  CHECK_FALSE(manifest::KeyReader("1234567").Number(&n));
}

TEST_CASE("sort keys: the file-order key sorts as CompareFileOrder", "[manifest]") {
  std::vector<manifest::Entry> entries = {E("b", 1),  E("a", 10),    E("a", 9),
                                          E("ab", 0), E("a", 0x100), E("", 3)};
  std::vector<std::string> keys;
  for (const auto& e : entries) {
    std::string k;
    manifest::AppendFileOrderKey(e, &k);
    keys.push_back(k + manifest::FormatLine(e));
  }
  std::sort(keys.begin(), keys.end());
  std::sort(entries.begin(), entries.end(),
            [](const auto& a, const auto& b) { return manifest::CompareFileOrder(a, b) < 0; });
  for (size_t i = 0; i < keys.size(); ++i)
    CHECK(manifest::LineAfterFileOrderKey(keys[i]) == manifest::FormatLine(entries[i]));
}

TEST_CASE("sort keys: the run-order key sorts as CompareProcOrder within a digest", "[manifest]") {
  std::vector<manifest::Entry> entries = {E("a", 1, 2, "2020"), E("a", 1, 1, "2021"),
                                          E("b", 0, 1, "2020"), E("a", 5, 1, "2020"),
                                          E("a", 5, 1, "20200")};
  std::vector<std::string> keys;
  for (const auto& e : entries) {
    std::string k;
    manifest::AppendRunOrderKey(e, &k);
    keys.push_back(k + manifest::FormatLine(e) + "\n");
  }
  std::sort(keys.begin(), keys.end());
  std::sort(entries.begin(), entries.end(),
            [](const auto& a, const auto& b) { return manifest::CompareProcOrder(a, b) < 0; });
  for (size_t i = 0; i < keys.size(); ++i)
    CHECK(manifest::LineAfterRunOrderKey(keys[i]) == manifest::FormatLine(entries[i]));
  CHECK(manifest::LineAfterRunOrderKey("short").empty());
}

TEST_CASE("sort keys: the host-order key puts the host first", "[manifest]") {
  std::string k1, k2;
  manifest::AppendHostOrderKey(1, E("a", 0), &k1);
  manifest::AppendHostOrderKey(0, E("z", 9), &k2);
  CHECK(k2 < k1);
  uint32_t host = 7;
  CHECK(manifest::LineAfterHostOrderKey(k1 + "line", &host) == "line");
  CHECK(host == 1);
  CHECK(manifest::LineAfterHostOrderKey(std::string_view("\0\0\0\1a", 5), &host).empty());
}
