// The merge at the heart of warcsumcmp: BEFORE, AFTER and PROCESSED, sorted
// by (file, uri, date) (by (stem, uri key, date) in a conversion check, see
// conversion.h), joined key by key; then the removed copies' originals
// looked up in AFTER sorted by (uri, date, digest). See Compare() in
// warcsumcmp.h for what is reported.
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "base/status.h"
#include "manifest/order.h"
#include "records.h"
#include "warcsumcmp.h"

namespace warcsumcmp {

class Comparer {
 public:
  Comparer(const ReportSink& sink, Summary* summary, bool dedup,
           manifest::ExternalSorter::Options sort_options, const CompareOptions& options)
      : sink_(sink),
        summary_(summary),
        dedup_(dedup),
        refs_(std::move(sort_options)),
        options_(options) {}

  base::Status MergeByKey(Stream* before, Stream* after, Stream* processed);
  base::Status CheckOriginals(manifest::ExternalSorter* by_uri);
  const manifest::ExternalSorter& refs() const { return refs_; }

 private:
  // A BEFORE record waiting for a partner, with its copy number in
  // PROCESSED (0: not there).
  struct Before {
    std::string record;
    uint64_t copy = 0;
  };

  base::Status Report(Kind kind, const std::string& line);
  // A BEFORE or AFTER record, in the layout of the check.
  MainRecord ParseMain(std::string_view record) const {
    return dedup_ ? MainRecord::Parse(record) : MainRecord::ParseConversion(record);
  }
  base::Status HandleSubkey(std::vector<std::string>* before, std::vector<std::string>* after,
                            std::vector<std::string>* processed);
  // Whether a keep rule explains a copy still in AFTER (counted if so).
  bool Kept(const MainRecord& p);
  // A copy (copy > 1) still in AFTER: counted as kept when a keep rule
  // explains it, else reported as not deduplicated.
  base::Status StillThere(const MainRecord& b, const MainRecord& p, const MainRecord& a);
  // A copy gone from AFTER: as asked, unless a revisit refers to it.
  base::Status Gone(const MainRecord& b, const MainRecord& p);
  base::Status PairPending();
  base::Status FlushKey();

  const ReportSink& sink_;
  Summary* summary_;
  bool dedup_;
  manifest::ExternalSorter refs_;
  const CompareOptions& options_;
  std::deque<Before> pending_before_;
  std::deque<std::string> pending_after_;
};

}  // namespace warcsumcmp
