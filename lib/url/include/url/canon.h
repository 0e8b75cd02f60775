// URL canonicalisation as replay tools match captures: pywb 2.x looks a
// revisit's original up by the SURT key of its URL, made by the `surt`
// package's default canonicaliser (Google's safe-browsing rules, then the
// Internet Archive's defaults). Two spellings with one key are, to a replay
// tool, the same URL.
//
// What is normalised (as surt does it; our own implementation):
//  - whitespace around the URL and tabs/newlines inside it dropped; a
//    missing scheme read as http://; "http://https://x" as "https://x";
//  - the fragment, user and password dropped;
//  - percent-encoding: decoded repeatedly, then only bytes <= 0x20, >= 0x7f,
//    '#' and '%' encoded again, in upper-case hex ("%7E" is "~");
//  - host: lower case, "www", "www2" ... prefix dropped, dots collapsed and
//    trimmed, numeric IPv4 forms ("3279880203", "017.0.0.1") as dotted quads;
//  - port 80 for http and 443 for https dropped;
//  - path: "." and ".." segments resolved, empty segments dropped, lower
//    case, a trailing slash dropped, ASP.NET session ids dropped;
//  - query: session ids (jsessionid, phpsessid, sid, ASPSESSIONID, cfid and
//    cftoken) dropped, lower case, arguments sorted, an empty query dropped;
//  - SurtKey also drops the scheme (http and https share keys).
// Not done (a difference of spelling that keeps two keys apart; the records
// are then matched exactly, as before): IDNA (a non-ASCII host is compared
// percent-encoded, not as punycode).
//
// url/urlcanon.h has the Internet Archive's aggressive canonicaliser and the
// SSURT form beside these (issue 17); these stay as they are.
//
// Both functions are total: any byte string gives a key, in time and memory
// linear in its length, and equal inputs give equal keys.
#pragma once

#include <string>
#include <string_view>

namespace url {

// The canonical URL: "http://example.com/a?b=1&c=2"; a URL without a host
// as "scheme:path".
std::string Canonicalize(std::string_view url);

// The SURT key pywb indexes by: "com,example)/a?b=1&c=2" (host labels
// reversed, no scheme); for a URL without a host "scheme:path".
std::string SurtKey(std::string_view url);

// Decodes %XX until no %XX is left to decode ("%2541" -> "A").
std::string UnescapeRepeatedly(std::string_view s);

}  // namespace url
