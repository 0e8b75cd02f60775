// Fuzzes the HTTP header parser: warc::HttpSplitter fed a record block in
// pieces, then warc::ParseHttpResponseHead on the header block it found.
//
// The first input byte picks the pieces (0: the block in one piece; else the
// seed of a small generator of piece sizes 1..seed, with empty pieces among
// them), the rest is the block.
//
// Invariants: the header block and the payload pieces put together are the
// block, byte for byte; the header block ends at the block's first line that
// holds nothing but CRs (an independent scan), or is the whole block when that
// is a header section cut off before its empty line; the split is the same
// whatever the pieces, and after Reset() the same as on a fresh splitter; a
// cut-off header section parses; a parsed head has an "HTTP/" status line of
// one line and a status code of three digits.
#include <string>
#include <string_view>

#include "fuzz_targets.h"
#include "warc/http.h"

namespace fuzz {
namespace {

struct Split {
  bool complete = false;
  std::string header;   // when complete
  std::string payload;  // every byte Feed() and Finish() gave back
};

Split SplitInPieces(warc::HttpSplitter* splitter, std::string_view block, uint8_t seed) {
  Split out;
  uint32_t state = seed;
  while (!block.empty()) {
    size_t n = block.size();
    if (seed != 0) {
      state = state * 1103515245u + 12345u;
      n = (state >> 16) % 7 == 0 ? 0 : 1 + (state >> 8) % seed;
      if (n > block.size()) n = block.size();
    }
    out.payload.append(splitter->Feed(block.substr(0, n)));
    block.remove_prefix(n);
  }
  out.payload.append(splitter->Finish());
  out.complete = splitter->header_complete();
  if (out.complete) out.header = splitter->header();
  return out;
}

// The header block as the splitter documents it, when it ends in an empty
// line: everything up to the first line made of CRs only. npos: no such line.
size_t ExpectedHeaderEnd(std::string_view block) {
  size_t start = 0;
  for (;;) {
    size_t nl = block.find('\n', start);
    if (nl == std::string_view::npos) return nl;
    if (block.substr(start, nl - start).find_first_not_of('\r') == std::string_view::npos)
      return nl + 1;
    start = nl + 1;
  }
}

}  // namespace

int HttpOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t seed = data[0];
  std::string_view block(reinterpret_cast<const char*>(data) + 1, size - 1);

  warc::HttpSplitter splitter;
  const Split pieced = SplitInPieces(&splitter, block, seed);
  Check((pieced.complete ? pieced.header : "") + pieced.payload == block,
        "header + payload differ from the block");

  // Past kMaxHeaderBytes the cut points decide (a fuzz input is never that long).
  if (block.size() < warc::HttpSplitter::kMaxHeaderBytes) {
    const size_t end = ExpectedHeaderEnd(block);
    if (end != std::string_view::npos) {
      Check(pieced.complete, "a block with an empty line has no header");
      Check(pieced.header == block.substr(0, end),
            "the header does not end at the first empty line");
    } else if (pieced.complete) {
      Check(pieced.header == block, "a header without an empty line is not the whole block");
      auto head = warc::ParseHttpResponseHead(pieced.header);
      Check(head.ok(), "a cut-off header section does not parse: " + head.status().message());
    }
    splitter.Reset();
    const Split whole = SplitInPieces(&splitter, block, 0);
    Check(whole.complete == pieced.complete && whole.header == pieced.header &&
              whole.payload == pieced.payload,
          "the split depends on the pieces the block came in");
  }

  auto head = warc::ParseHttpResponseHead(pieced.complete ? pieced.header : std::string(block));
  if (head.ok()) {
    Check(head->status_line.compare(0, 5, "HTTP/") == 0, "status line does not start HTTP/");
    Check(head->status_line.find('\n') == std::string::npos, "status line holds a line feed");
    Check(head->status_code >= 0 && head->status_code <= 999, "status code is not three digits");
    for (const auto& [name, value] : head->headers.fields())
      Check(name.find('\n') == std::string::npos && name.find(':') == std::string::npos,
            "field name holds a line feed or colon: \"" + name + "\"");
  } else {
    Check(!head.status().message().empty(), "error without a message");
  }
  return 0;
}

}  // namespace fuzz

#ifndef WARCDEDUP_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::HttpOneInput(data, size);
}
#endif
