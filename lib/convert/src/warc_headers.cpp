#include "warc_headers.h"

#include "convert/arc_to_warc.h"

namespace convert {

namespace {

// A WARC field value may hold no control byte but the tab (WARC 1.1 section 4).
bool HasControlByte(std::string_view text) {
  for (char c : text) {
    auto byte = static_cast<unsigned char>(c);
    if ((byte < 0x20 && byte != '\t') || byte == 0x7f) return true;
  }
  return false;
}

// The ARC mime type as a WARC Content-Type when it is a media type at all;
// "-", "no-type" and the like are not (the record line keeps them), and
// such a block is application/octet-stream, as WARC 1.1 section 5.6 reads an
// unknown one. A block with no Content-Type would be read as an HTTP message
// by the URI's scheme, and its payload digest not be its block's.
std::string_view MediaType(const warc::Record& arc) {
  std::string_view mime = arc.headers.First("Content-Type").value_or("");
  return mime.find('/') == std::string_view::npos ? "application/octet-stream" : mime;
}

}  // namespace

ReadOutcome HowRead(const warc::RecordReader& reader, bool located) {
  if (located || reader.last_complete()) return ReadOutcome::kWhole;
  return reader.block_missing() > 0 ? ReadOutcome::kCutShort : ReadOutcome::kDamaged;
}

std::string WhyNotConvertible(const warc::Record& arc) {
  if (arc.Date().empty())
    return "ARC record has no date (\"-\"), which a WARC record must have; not converted";
  if (!warc::IsValidWarcDate(arc.Date()))
    return "ARC record's date names no instant (WARC-Date would be \"" + std::string(arc.Date()) +
           "\"); not converted";
  if (HasControlByte(arc.arc_line))
    return "ARC record line holds a control byte, which a WARC field cannot; not converted";
  return "";
}

bool WarcHeadersFor(const warc::Record& arc, const BlockFacts& facts, const FileContext& context,
                    warc::HeaderMap* headers, std::string* problem) {
  *problem = WhyNotConvertible(arc);
  if (!problem->empty()) return false;
  bool version_block = arc.type == warc::kWarcinfo;  // filedesc://
  std::string type = version_block ? (context.first ? "warcinfo" : "metadata")
                                   : (facts.http ? "response" : "resource");
  headers->Clear();
  headers->Add("WARC-Type", type);
  headers->Add("WARC-Record-ID", context.record_id);
  if (type == "warcinfo") {
    headers->Add("WARC-Date", std::string(arc.Date()));
    headers->Add("WARC-Filename", context.warc_name);
  } else {
    if (!context.warcinfo_id.empty()) headers->Add("WARC-Warcinfo-ID", context.warcinfo_id);
    headers->Add("WARC-Date", std::string(arc.Date()));
    headers->Add("WARC-Target-URI", warc::TargetUriOfArcUrl(arc.TargetUri()));
    std::string_view ip = arc.headers.First("WARC-IP-Address").value_or("-");
    if (!version_block && ip != "-" && !ip.empty())
      headers->Add("WARC-IP-Address", std::string(ip));
  }
  headers->Add(std::string(kArcHeaderLineField), arc.arc_line);
  if (facts.http && !version_block) {
    headers->Add("Content-Type", "application/http; msgtype=response");
  } else {
    headers->Add("Content-Type", std::string(MediaType(arc)));
  }
  // WARC 1.1 section 5.13: the block is shorter than what was captured.
  if (facts.cut_short) headers->Add("WARC-Truncated", "unspecified");
  headers->Add("WARC-Block-Digest", facts.block_digest.ToWarcString());
  if (type == "response" || type == "resource")
    headers->Add("WARC-Payload-Digest", facts.payload_digest.ToWarcString());
  return true;
}

}  // namespace convert
