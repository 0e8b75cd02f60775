// neardup/decode.h: transfer and content codings, charsets, caps, damage.
#include <unicode/ucnv.h>
#include <zlib.h>

#include <catch2/catch.hpp>
#include <string>

#include "neardup/decode.h"

using neardup::DecodedPayload;
using neardup::DecodePayload;
using neardup::HttpFacts;

namespace {

// zlib's deflate with the given window bits: 15 + 16 gzip, 15 zlib, -15 raw.
std::string Deflate(const std::string& in, int window_bits, int level = 6) {
  z_stream z{};
  REQUIRE(deflateInit2(&z, level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  std::string out(deflateBound(&z, in.size()), '\0');
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data());
  z.avail_out = static_cast<uInt>(out.size());
  REQUIRE(deflate(&z, Z_FINISH) == Z_STREAM_END);
  out.resize(z.total_out);
  deflateEnd(&z);
  return out;
}
std::string Gzip(const std::string& in) { return Deflate(in, 15 + 16); }

struct Decoded {
  base::Status status;
  DecodedPayload out;
};

Decoded Decode(const std::string& payload, HttpFacts http, size_t max_bytes = 1 << 20) {
  Decoded d;
  d.status = DecodePayload(payload, http, neardup::DecodeOptions{max_bytes}, &d.out);
  return d;
}

// utf8 in the charset named, by ICU's encoder (the decoder is under test).
std::string Encode(const std::string& utf8, const char* charset) {
  std::string out(utf8.size() * 2 + 16, '\0');
  UErrorCode err = U_ZERO_ERROR;
  int32_t n = ucnv_convert(charset, "UTF-8", out.data(), static_cast<int32_t>(out.size()),
                           utf8.data(), static_cast<int32_t>(utf8.size()), &err);
  REQUIRE(U_SUCCESS(err));
  out.resize(n);
  return out;
}

// A page with no charset declared whose head gives ICU little but its title:
// a style sheet fills the kilobyte it reads. The text is in the body.
std::string UndeclaredPage(const std::string& title, const std::string& body) {
  std::string css;
  for (int i = 0; css.size() < 1100; ++i) {
    css += ".c" + std::to_string(i) + " { margin: " + std::to_string(i % 20) + "px 4px; }\n";
  }
  std::string page("<!DOCTYPE html>\n<html>\n<head>\n<title>");
  return page.append(title)
      .append("</title>\n<style>\n")
      .append(css)
      .append("</style>\n</head>\n<body><p>" + body + "</p></body></html>\n");
}

HttpFacts ContentEncoding(std::string_view coding) { return {"", coding, "text/plain"}; }
HttpFacts ContentType(std::string_view type) { return {"", "", type}; }

// Brotli streams made with libbrotlienc (quality 11) from the texts named.
const std::string kBrotliHello(  // "Brotli says hello to the archive."
    "\x0b\x10\x80\x42\x72\x6f\x74\x6c\x69\x20\x73\x61\x79\x73\x20\x68\x65\x6c\x6c\x6f\x20\x74\x6f"
    "\x20\x74\x68\x65\x20\x61\x72\x63\x68\x69\x76\x65\x2e\x03",
    37);
const std::string kGzipInsideBrotli(  // gzip (zlib, level 9) of "Stacked: gzip inside br."
    "\x8b\x15\x80\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\x03\x0b\x2e\x49\x4c\xce\x4e\x4d\xb1\x52\x48"
    "\xaf\xca\x2c\x50\xc8\xcc\x2b\xce\x4c\x49\x55\x48\x2a\xd2\x03\x00\x2e\x83\x29\xf6\x18\x00\x00"
    "\x00\x03",
    48);
const std::string kBrotliBomb(  // 64 MiB of 'a' in 106 bytes
    "\xcb\xff\xff\x3f\xf8\x25\xc2\xe2\xb1\x40\x20\xf7\xfe\x8f\xff\xff\x7f\xf0\x4b\x00\xc4\x61\x11"
    "\x80\xee\xfd\x1f\xff\xff\xff\xe0\x97\x00\x88\xc3\x02\x00\xdd\xfb\x3f\xfe\xff\xff\xc1\x2f\x01"
    "\x10\x87\x05\x00\xba\xf7\x7f\xfc\xff\xff\x83\x5f\x02\x20\x0e\x0b\x00\x74\xef\xff\xf8\xff\xff"
    "\x07\xbf\x04\x40\x1c\x16\x00\xe8\xde\xff\xf1\xff\xff\x0f\x7e\x09\x80\x38\x2c\x00\xd0\xbd\xff"
    "\xcb\xff\xff\x3f\xfc\x12\x00\x71\x58\x00\xa0\x7b\xff\x07",
    106);

}  // namespace

TEST_CASE("neardup decode: chunked transfer coding", "[neardup]") {
  HttpFacts chunked{"chunked", "", "text/plain"};
  SECTION("chunk extensions and trailers") {
    auto d =
        Decode("5;name=\"v\"\r\nHello\r\n7 ; x\r\n, world\r\n0\r\nExpires: never\r\n\r\n", chunked);
    CHECK(d.status.ok());
    CHECK(d.out.utf8 == "Hello, world");
    CHECK(d.out.note.empty());
  }
  SECTION("bare LF line ends, upper-case hex, no trailer CRLF") {
    auto d = Decode("A\nabcdefghij\n1\nk\n0\n", chunked);
    CHECK(d.out.utf8 == "abcdefghijk");
    CHECK(d.out.note.empty());
  }
  SECTION("a body that is not chunked is used as is") {
    auto d = Decode("<p>plain</p>", {"Chunked", "", "text/html"});
    CHECK(d.status.ok());
    CHECK(d.out.utf8 == "<p>plain</p>");
    CHECK(d.out.note == "Transfer-Encoding chunked, but the body is not chunked: used as is");
  }
  SECTION("a bad chunk size keeps the chunks before it") {
    auto d = Decode("5\r\nHello\r\nzz\r\nmore\r\n", chunked);
    CHECK(d.status.ok());
    CHECK(d.out.utf8 == "Hello");
    CHECK(d.out.note == "chunked: bad chunk size at body offset 10; 10 bytes dropped");
  }
  SECTION("a chunk longer than the body") {
    auto d = Decode("5\r\nHello\r\n20\r\nabc", chunked);
    CHECK(d.out.utf8 == "Helloabc");
    CHECK(d.out.note == "chunked: chunk 2 claims 32 bytes, 3 are left; kept them");
  }
  SECTION("no CRLF after a chunk, and no last chunk") {
    CHECK(Decode("3\r\nabcX\r\n", chunked).out.note ==
          "chunked: no CRLF after chunk 1 at body offset 6; 3 bytes dropped");
    auto d = Decode("3\r\nabc", chunked);
    CHECK(d.out.utf8 == "abc");
    CHECK(d.out.note == "chunked: body ends without the last chunk");
  }
  SECTION("a size of 16 hex digits is no size") {
    auto d = Decode("1000000000000000\r\nabc", chunked);
    CHECK(d.out.utf8 == "1000000000000000\r\nabc");
  }
}

TEST_CASE("neardup decode: content codings, alone and stacked", "[neardup]") {
  const std::string text = "Content codings undone: gzip, deflate and br. ";
  CHECK(Decode(Gzip(text), ContentEncoding("gzip")).out.utf8 == text);
  CHECK(Decode(Gzip(text), ContentEncoding("X-Gzip")).out.utf8 == text);
  CHECK(Decode(Deflate(text, 15), ContentEncoding("deflate")).out.utf8 == text);   // zlib
  CHECK(Decode(Deflate(text, -15), ContentEncoding("deflate")).out.utf8 == text);  // raw
  CHECK(Decode(text, ContentEncoding("identity")).out.utf8 == text);
  auto br = Decode(kBrotliHello, ContentEncoding("br"));
  CHECK(br.status.ok());
  CHECK(br.out.utf8 == "Brotli says hello to the archive.");
  // Listed in the order applied: undone last first.
  CHECK(Decode(Deflate(Gzip(text), 15), ContentEncoding("gzip, deflate")).out.utf8 == text);
  CHECK(Decode(Gzip(Deflate(text, -15)), ContentEncoding("deflate,gzip")).out.utf8 == text);
  CHECK(Decode(kGzipInsideBrotli, ContentEncoding("gzip, br")).out.utf8 ==
        "Stacked: gzip inside br.");
  // Transfer coding over content coding: chunked gzip.
  std::string gz = Gzip(text);
  char size[16];
  snprintf(size, sizeof size, "%zx\r\n", gz.size());
  auto both = Decode(size + gz + "\r\n0\r\n\r\n", {"chunked", "gzip", "text/plain"});
  CHECK(both.out.utf8 == text);
  CHECK(both.out.note.empty());
  // Two gzip members are one body.
  CHECK(Decode(Gzip("one ") + Gzip("two"), ContentEncoding("gzip")).out.utf8 == "one two");
}

TEST_CASE("neardup decode: coding claims the body does not keep", "[neardup]") {
  auto plain = Decode("<p>already decoded</p>", {"", "gzip", "text/html"});
  CHECK(plain.status.ok());
  CHECK(plain.out.utf8 == "<p>already decoded</p>");
  CHECK(plain.out.note == "Content-Encoding gzip, but the body is not gzip: used as is");
  auto bogus = Decode("text", ContentEncoding("utf-8"));
  CHECK(bogus.out.utf8 == "text");
  CHECK(bogus.out.note == "unknown Content-Encoding \"utf-8\" on a text body: used as is");
  auto compress = Decode(std::string("\x1f\x9d\x90\x00", 4), ContentEncoding("compress"));
  CHECK(compress.status.code() == base::Status::Code::kUnsupported);
  CHECK(compress.status.message() == "unsupported Content-Encoding \"compress\"");
  CHECK(compress.out.utf8.empty());
  auto trailing = Decode(Gzip("body") + "junk!", ContentEncoding("gzip"));
  CHECK(trailing.out.utf8 == "body");
  CHECK(trailing.out.note == "5 bytes after the gzip data ignored");
}

TEST_CASE("neardup decode: damaged compressed data keeps what came before", "[neardup]") {
  SECTION("a corrupt second gzip member") {
    std::string first = Gzip("Hello "), second = Gzip("world");
    second[2] = 9;  // compression method 9: unknown
    auto d = Decode(first + second, ContentEncoding("gzip"));
    CHECK(d.status.code() == base::Status::Code::kCorruption);
    std::string where("gzip data corrupt at compressed byte ");
    where.append(std::to_string(first.size() + 4));
    CHECK(d.status.message() == where + " (unknown compression method)");
    CHECK(d.out.utf8 == "Hello ");
    CHECK(d.out.note ==
          where + " (unknown compression method); kept the 6 bytes decoded before it");
  }
  SECTION("gzip cut short") {
    std::string text;
    for (int i = 0; i < 2000; ++i) text.append("line ").append(std::to_string(i)).append("\n");
    std::string gz = Gzip(text);
    auto d = Decode(gz.substr(0, gz.size() / 2), ContentEncoding("gzip"));
    std::string ends("gzip data ends early, after ");
    ends.append(std::to_string(gz.size() / 2)).append(" compressed bytes");
    CHECK(d.status.message() == ends);
    CHECK(!d.out.utf8.empty());
    CHECK(text.compare(0, d.out.utf8.size(), d.out.utf8) == 0);
  }
  SECTION("bytes flipped in the middle of a deflate stream") {
    std::string text;
    for (int i = 0; i < 3000; ++i)
      text.append("w").append(std::to_string(i * 7919 % 10007)).append(" ");
    std::string gz = Gzip(text);
    for (size_t i = gz.size() / 2; i < gz.size() / 2 + 8; ++i) gz[i] = static_cast<char>(~gz[i]);
    auto d = Decode(gz, ContentEncoding("gzip"));
    CHECK(d.status.code() == base::Status::Code::kCorruption);
    CHECK(d.out.utf8.size() < text.size());
  }
  SECTION("corrupt br") {
    std::string br = kBrotliHello;
    br[0] = '\xff';
    auto d = Decode(br, ContentEncoding("br"));
    CHECK(d.status.code() == base::Status::Code::kCorruption);
    CHECK(d.status.message().rfind("br data corrupt at compressed byte ", 0) == 0);
  }
}

TEST_CASE("neardup decode: a compression bomb stops at the cap", "[neardup]") {
  const std::string zeros(16 << 20, '0');
  std::string bomb = Gzip(Gzip(zeros));  // 16 MiB in about 200 bytes
  REQUIRE(bomb.size() < 1000);
  auto d = Decode(bomb, ContentEncoding("gzip, gzip"), 1 << 20);
  CHECK(d.status.ok());
  CHECK(d.out.cut);
  CHECK(d.out.utf8 == zeros.substr(0, 1 << 20));
  CHECK(d.out.note.empty());
  auto br = Decode(kBrotliBomb, ContentEncoding("br"), 100000);
  CHECK(br.status.ok());
  CHECK(br.out.cut);
  CHECK(br.out.utf8 == std::string(100000, 'a'));
  // Exactly at the cap is not cut.
  auto exact = Decode(Gzip("12345"), ContentEncoding("gzip"), 5);
  CHECK(exact.out.utf8 == "12345");
  CHECK(!exact.out.cut);
  auto plain = Decode("123456", ContentType("text/plain"), 5);
  CHECK(plain.out.utf8 == "12345");
  CHECK(plain.out.cut);
}

TEST_CASE("neardup decode: the charset and its source", "[neardup]") {
  auto check = [](const Decoded& d, const std::string& utf8, const std::string& charset,
                  const std::string& from) {
    CHECK(d.status.ok());
    CHECK(d.out.utf8 == utf8);
    CHECK(d.out.charset == charset);
    CHECK(d.out.charset_from == from);
  };
  SECTION("byte order marks win, and go") {
    check(Decode("\xEF\xBB\xBF"
                 "caf\xC3\xA9",
                 ContentType("text/plain; charset=latin1")),
          "caf\xC3\xA9", "UTF-8", "bom");
    check(Decode(std::string("\xFF\xFEh\0i\0\xAC\x20", 8), ContentType("text/plain")),
          "hi\xE2\x82\xAC", "UTF-16LE", "bom");
    check(Decode(std::string("\xFE\xFF\0h\0i", 6), ContentType("text/html")), "hi", "UTF-16BE",
          "bom");
  }
  SECTION("the HTTP header, through ICU's aliases and the web's overrides") {
    // iso-8859-1 reads as windows-1252, as browsers do: 0x80 is the euro sign.
    check(Decode("caf\xE9 \x80", ContentType("text/html; charset=ISO-8859-1")),
          "caf\xC3\xA9 \xE2\x82\xAC", "windows-1252", "http");
    check(Decode("caf\xE9", ContentType("text/plain;charset=\"latin1\"")), "caf\xC3\xA9",
          "windows-1252", "http");
    check(Decode("\x93\xFA\x96\x7B", ContentType("text/html; charset=x-sjis")),
          "\xE6\x97\xA5\xE6\x9C\xAC", "Shift_JIS", "http");
    check(Decode("ok", ContentType("text/html; charset=utf8")), "ok", "UTF-8", "http");
    // A declared legacy charset on bytes that are UTF-8 beyond ASCII: UTF-8.
    auto wrong = Decode("caf\xC3\xA9", ContentType("text/html; charset=iso-8859-1"));
    check(wrong, "caf\xC3\xA9", "UTF-8", "detected");
    CHECK(wrong.out.note == "declared windows-1252 (http), but the bytes are UTF-8");
  }
  SECTION("<meta> in the first 1024 bytes of HTML") {
    std::string head =
        "<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\">";
    // 日本語 in Shift_JIS.
    check(Decode(head + "\x93\xFA\x96\x7B\x8C\xEA", ContentType("text/html")),
          head + "\xE6\x97\xA5\xE6\x9C\xAC\xE8\xAA\x9E", "Shift_JIS", "meta");
    check(Decode("<META CHARSET=windows-1251><p>\xCC\xE8\xF0", {}),
          "<META CHARSET=windows-1251><p>\xD0\x9C\xD0\xB8\xD1\x80", "windows-1251", "meta");
    // A commented-out <meta>, and one past 1024 bytes, do not count.
    std::string late(1030, ' ');
    late.insert(0, "<p>").append("<meta charset=koi8-r>caf\xE9");
    check(Decode("<!-- <meta charset=koi8-r> -->caf\xC3\xA9", ContentType("text/html")),
          "<!-- <meta charset=koi8-r> -->caf\xC3\xA9", "UTF-8", "detected");
    auto after = Decode(late, ContentType("text/html"));
    CHECK(after.out.charset == "windows-1252");  // ISO-8859-1 by ICU, read as browsers do
    CHECK(after.out.charset_from == "detected");
    // Not HTML: no <meta> scan.
    CHECK(Decode("<meta charset=koi8-r>", ContentType("text/plain")).out.charset == "UTF-8");
    // A <meta> read as ASCII cannot mean UTF-16.
    check(Decode("<meta charset=utf-16>\xC3\xA9", ContentType("text/html")),
          "<meta charset=utf-16>\xC3\xA9", "UTF-8", "meta");
  }
  SECTION("detected, or the default") {
    // Russian in windows-1251, no hint anywhere.
    std::string ru =
        "\xCF\xF0\xE8\xE2\xE5\xF2, \xEC\xE8\xF0! \xDD\xF2\xEE \xF2\xE5\xEA\xF1\xF2 \xED\xE0 "
        "\xF0\xF3\xF1\xF1\xEA\xEE\xEC \xFF\xE7\xFB\xEA\xE5 \xE4\xEB\xFF \xEF\xF0\xEE\xE2\xE5"
        "\xF0\xEA\xE8 \xEE\xEF\xF0\xE5\xE4\xE5\xEB\xE5\xED\xE8\xFF \xEA\xEE\xE4\xE8\xF0\xEE"
        "\xE2\xEA\xE8. ";
    auto d = Decode("<p>" + ru + ru + ru + "</p>", ContentType("text/html"));
    CHECK(d.out.charset == "windows-1251");
    CHECK(d.out.charset_from == "detected");
    CHECK(d.out.utf8.substr(3, 12) ==
          "\xD0\x9F\xD1\x80\xD0\xB8\xD0\xB2\xD0\xB5\xD1\x82");  // Привет
    check(Decode("na\xC3\xAFve", ContentType("text/plain")), "na\xC3\xAFve", "UTF-8", "detected");
    // Too little to detect: the web's default.
    check(Decode("<b>caf\xE9</b>", ContentType("text/html")), "<b>caf\xC3\xA9</b>", "windows-1252",
          "default");
  }
  SECTION("undeclared EUC-JP is not EUC-KR") {
    // A title of kanji, a menu, then prose with kana: ICU's best match for
    // the title is EUC-KR (97, EUC-JP 89); the kana decide.
    std::string title = "先生名前友達言葉学生時間会社京都政治 | 風学生ニュース";
    std::string body =
        "東京 大阪 京都 政治 経済 天気 写真 旅行 映画</p><p>"
        "今日は朝から雨が降っていましたが、午後には晴れて、子供たちは公園で遊びました。"
        "駅の近くにある小さな本屋さんで、新しい料理の本を買いました。"
        "夜は家族と一緒に、テレビでサッカーの試合を見ました。";
    std::string utf8 = UndeclaredPage(title, body);
    check(Decode(Encode(utf8, "EUC-JP"), ContentType("text/html")), utf8, "EUC-JP", "detected");
  }
  SECTION("undeclared EUC-KR Korean stays Korean") {
    // The EUC-KR bytes of Hangul are valid EUC-JP too (kanji, no kana).
    std::string title = "대한민국 헌법 제1장 총강, 국민의 권리와 의무 | 오늘의 국민 뉴스";
    std::string body =
        "대한민국은 민주공화국이다. 대한민국의 주권은 국민에게 있고, 모든 권력은 국민으로부터 "
        "나온다. 대한민국의 국민이 되는 요건은 법률로 정한다. 국가는 법률이 정하는 바에 의하여 "
        "재외국민을 보호할 의무를 진다. 대한민국의 영토는 한반도와 그 부속도서로 한다.";
    std::string utf8 = UndeclaredPage(title, body);
    check(Decode(Encode(utf8, "EUC-KR"), ContentType("text/html")), utf8, "KSC_5601", "detected");
  }
  SECTION("unknown labels are noted and skipped") {
    auto d = Decode("caf\xC3\xA9", ContentType("text/html; charset=foo-bar"));
    CHECK(d.out.charset == "UTF-8");
    CHECK(d.out.charset_from == "detected");
    CHECK(d.out.note == "unknown charset \"foo-bar\" (http)");
    auto options = Decode("x", ContentType("text/plain; charset=utf-8,swaplfnl"));
    CHECK(options.out.note == "unknown charset \"utf-8,swaplfnl\" (http)");
  }
  SECTION("invalid bytes become U+FFFD") {
    check(Decode("a\xFF"
                 "b\xE2\x82",
                 ContentType("text/plain; charset=utf-8")),
          "a\xEF\xBF\xBD"
          "b\xEF\xBF\xBD",
          "UTF-8", "http");
    // 0xA0 is no Shift_JIS byte; 0x85 0x40 is an unassigned pair: one U+FFFD.
    check(Decode("a\xA0"
                 "b\x85\x40",
                 ContentType("text/plain; charset=shift_jis")),
          "a\xEF\xBF\xBD"
          "b\xEF\xBF\xBD",
          "Shift_JIS", "http");
  }
  SECTION("the UTF-8 output is cut on a character boundary") {
    auto d = Decode("caf\xC3\xA9!", ContentType("text/plain"), 4);
    CHECK(d.out.utf8 == "caf");
    CHECK(d.out.cut);
    auto latin = Decode("\xE9\xE9\xE9", ContentType("text/plain; charset=latin1"), 5);
    CHECK(latin.out.utf8 == "\xC3\xA9\xC3\xA9");
    CHECK(latin.out.cut);
  }
}
