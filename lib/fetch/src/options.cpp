#include "fetch/options.h"

#include <algorithm>

#include "fetch/db.h"
#include "fetch/http.h"
#include "manifest/host_catalog.h"

namespace fetch {

base::Result<std::unique_ptr<RangeSource>> MakeRangeSource(const FetchOptions& o, int threads) {
  HttpOptions http;
  // Comparing streams a representative and a candidate at once: with one
  // transfer, each would wait for the other's slot forever (-j 1 hung).
  http.max_transfers = static_cast<size_t>(std::max(2, (o.jobs + threads - 1) / threads));
  http.retries = o.retries;
  http.stall_timeout_s = o.stall_timeout;
  http.min_rate = static_cast<uint64_t>(o.min_rate);
  http.record_timeout_s = o.record_timeout;
  if (!o.db_config.empty()) {
    auto config = LoadDbConfig(o.db_config);
    if (!config.ok()) return config.status();
    return std::unique_ptr<RangeSource>(
        new HttpRangeSource(std::make_unique<DbResolver>(std::move(config.value())), http));
  }
  if (!o.catalog.empty()) {
    auto source = base::FileSource::Open(o.catalog);
    if (!source.ok()) return base::Status::IOError(o.catalog + ": " + source.status().message());
    auto catalog = manifest::ReadHostCatalog(source->get());
    if (!catalog.ok())
      return base::Status::InvalidArgument(o.catalog + ": " + catalog.status().message());
    return std::unique_ptr<RangeSource>(
        new HttpRangeSource(std::make_unique<CatalogResolver>(std::move(catalog.value())), http));
  }
  if (!o.url_prefix.empty())
    return std::unique_ptr<RangeSource>(
        new HttpRangeSource(std::make_unique<PrefixResolver>(o.url_prefix), http));
  std::vector<std::string> dirs = o.warc_dirs;
  if (dirs.empty()) dirs.push_back(".");
  return std::unique_ptr<RangeSource>(new LocalRangeSource(dirs));
}

}  // namespace fetch
