// Fuzzes the manifest format: manifest::ParseLine on every line, and
// ManifestReader over the whole input.
//
// Invariants: a line that parses formats back (FormatLine) to a line that
// parses to an equal Entry, and formatting that again changes nothing;
// ManifestReader gives the same Entry as ParseLine for the same line, and its
// errors name the line; EncodeField gives one field (bytes 0x21-0x7e only)
// that DecodeField turns back into the raw value.
#include <string>
#include <string_view>

#include "base/source.h"
#include "fuzz_targets.h"
#include "manifest/entry.h"
#include "manifest/reader.h"

namespace fuzz {

int ManifestOneInput(const uint8_t* data, size_t size) {
  std::string_view input(reinterpret_cast<const char*>(data), size);

  std::string encoded = manifest::EncodeField(input);
  Check(!encoded.empty(), "EncodeField gave an empty field");
  for (char c : encoded) Check(c > 0x20 && c < 0x7f, "EncodeField left a byte outside 0x21-0x7e");
  // "-" is the empty value's spelling, so a raw "-" cannot come back.
  if (input != "-")
    Check(manifest::DecodeField(encoded) == input, "DecodeField(EncodeField(x)) != x");

  std::string_view rest = input;
  while (!rest.empty()) {
    size_t nl = rest.find('\n');
    std::string_view line = rest.substr(0, nl);
    rest.remove_prefix(nl == std::string_view::npos ? rest.size() : nl + 1);
    auto parsed = manifest::ParseLine(line);
    if (!parsed.ok()) continue;
    std::string formatted = manifest::FormatLine(*parsed);
    auto again = manifest::ParseLine(formatted);
    Check(again.ok(), "FormatLine(ParseLine(\"" + std::string(line) +
                          "\")) does not parse: " + again.status().message());
    Check(*again == *parsed, "FormatLine(ParseLine(\"" + std::string(line) + "\")) gives \"" +
                                 formatted + "\", which parses to another entry");
    Check(manifest::FormatLine(*again) == formatted,
          "FormatLine is not stable on \"" + formatted + "\"");
  }

  base::StringSource source{std::string(input)};
  manifest::ManifestReader reader(&source);
  manifest::Entry entry;
  for (;;) {
    auto outcome = reader.Next(&entry);
    if (outcome == manifest::ManifestReader::Outcome::kEnd) break;
    Check(outcome != manifest::ManifestReader::Outcome::kReadError, "read error from a string");
    if (outcome == manifest::ManifestReader::Outcome::kEntry) {
      auto direct = manifest::ParseLine(reader.line());
      Check(direct.ok() && *direct == entry, "ManifestReader and ParseLine disagree");
    } else {
      std::string prefix = "line " + std::to_string(reader.line_number()) + ": ";
      Check(reader.error().message().compare(0, prefix.size(), prefix) == 0,
            "bad-line error does not name its line: " + reader.error().message());
    }
  }
  return 0;
}

}  // namespace fuzz

#ifndef WARCDEDUP_FUZZ_REPLAY
extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz::ManifestOneInput(data, size);
}
#endif
