// What --urlpatterns writes: WARC files (one response record a URL, the
// page's payload bytes under every spelling) with their manifest, or with
// --manifest-only the processed manifest warccollres --proc would give for
// them (fake digests, offsets and lengths, the same files, dates and
// grouping); and urls.tsv, the truth, sorted by URI. The sorted outputs go
// through base::ExternalSorter, so memory stays bounded.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "base/external_sorter.h"
#include "base/status.h"
#include "ndsite.h"
#include "ndtext.h"
#include "output.h"
#include "rng.h"
#include "urlpat.h"
#include "urlpathost.h"
#include "warc/writer.h"

namespace warcgen {

struct UrlRecord {
  std::string_view uri;
  const HostStyle* host = nullptr;  // whose URL it is
  uint64_t page = 0;                // equal pages, equal payloads
  std::string_view kind;
  bool std_merged = false;  // AggressiveCanonicalize gives the page's canonical URL's form
  bool soft = false;        // the host's soft page (else the page of the last BeginPage)
  int64_t date = 0;         // seconds since 1970
  int file = 0;
};

class UrlPatternWriter {
 public:
  // REQUIRES: options, vocabulary and summary outlive the writer.
  UrlPatternWriter(const UrlPatternOptions& options, int files, const Vocabulary& vocabulary,
                   UrlPatternSummary* summary);
  ~UrlPatternWriter();

  base::Status Open();
  // A new host: its template and its soft page's body (WARC output only).
  base::Status BeginHost(const HostStyle& host);
  // A new page of the current host: its payload (WARC output only).
  base::Status BeginPage(uint64_t page);
  base::Status Write(const UrlRecord& record);
  // Closes the WARC files and writes the sorted outputs.
  base::Status Finish();

 private:
  struct Warc;
  base::Status WriteWarc(const UrlRecord& record, std::string_view date);
  base::Status AddProcessed(const UrlRecord& record);
  // The sorter's records without their first key_bytes, after header.
  base::Status WriteSorted(base::ExternalSorter* sorter, const std::string& path,
                           std::string_view header, size_t key_bytes);
  base::Status WriteProcessed();

  const UrlPatternOptions& o_;
  const Vocabulary& v_;
  UrlPatternSummary* summary_;
  Rng content_;  // texts and templates: apart from the URLs' generator
  Rng fake_;     // --manifest-only's lengths
  Rng ids_;      // record IDs
  std::vector<std::string> file_names_;
  std::vector<std::unique_ptr<Warc>> warcs_;
  std::vector<uint64_t> fake_offsets_;
  std::unique_ptr<base::ExternalSorter> urls_, manifest_;
  // The current host's and page's payloads (WARC output).
  Site site_;
  std::string host_ip_;
  std::string soft_body_, soft_head_, page_body_, page_head_;
  std::string html_, block_, line_;  // scratch
};

}  // namespace warcgen
