// Dates of web archives: WARC-Date (ISO 8601, "2014-02-16T05:02:21Z") and
// the 14-digit timestamps of ARC headers, CDX indexes and replay tools
// ("20140216050221"). Here, not in lib/warc, so that a CDX or manifest
// reader can use them without the WARC parser.
//
//   base::ArcDateToIso("20140216050221")         // "2014-02-16T05:02:21Z"
//   base::ToTimestamp("2014-02-16T05:02:21.5Z")  // "20140216050221"
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace base {

// "20140216050221" -> "2014-02-16T05:02:21Z"; 12 digits (no seconds) get
// ":00". nullopt for anything else (an impossible date is checked by
// IsValidWarcDate, not here).
std::optional<std::string> ArcDateToIso(std::string_view arc_date);

// Whether a WARC-Date names a real instant: YYYY-MM-DDThh:mm:ssZ, with an
// optional fraction of a second (WARC/1.1), every field in range (a leap
// second :60 allowed). ClueWeb09's WARC/0.18 form, a day of the year after the
// month and a numeric zone ("2008-10-294T05:21:46-0700"), is accepted when
// that day falls in that month.
bool IsValidWarcDate(std::string_view date);

// The digits of a date, cut or padded with '0' to 14, as pywb makes a
// timestamp: "2020-01-01T00:00:00.123Z" and "2020-01-01T00:00Z" are both
// "20200101000000".
std::string ToTimestamp(std::string_view date);

}  // namespace base
