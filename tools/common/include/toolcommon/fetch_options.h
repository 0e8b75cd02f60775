// The record-access options (-d, --url-prefix, --db, --catalog, -j, --retries,
// --stall-timeout, --min-rate, --record-timeout) of every tool that reads
// records named by manifest lines, with one wording. Header-only: only the
// tools that fetch link lib/fetch.
#pragma once

#include <CLI/CLI.hpp>

#include "fetch/options.h"

namespace toolcommon {

inline void AddFetchOptions(CLI::App* app, fetch::FetchOptions* o) {
  auto* dir = app->add_option("-d,--warc-dir", o->warc_dirs,
                              "Directory holding the WARC files (repeatable; default: .)")
                  ->type_name("DIR")
                  ->allow_extra_args(false);
  auto* url = app->add_option("--url-prefix", o->url_prefix,
                              "Fetch records over HTTP(S) with Range requests from URL+file name")
                  ->type_name("URL");
  auto* db = app->add_option("--db", o->db_config,
                             "Fetch records over HTTP from URLs found in a MySQL/MariaDB path "
                             "index (key=value config file)")
                 ->type_name("CONFIG");
  auto* catalog =
      app->add_option("--catalog", o->catalog,
                      "Fetch records over HTTP(S) with Range requests from each file's own URL "
                      "prefix in a host catalog (filename host url-prefix; warchostcatalog(5))")
          ->type_name("CATALOG");
  dir->excludes(url)->excludes(db)->excludes(catalog);
  url->excludes(db)->excludes(catalog);
  db->excludes(catalog);
  app->add_option("-j,--jobs", o->jobs,
                  "Concurrent HTTP transfers, shared by the threads (at least 2 each)")
      ->check(CLI::Range(1, 64))
      ->capture_default_str();
  app->add_option("--retries", o->retries,
                  "Retries of a timed-out or failed (5xx) transfer, with backoff")
      ->check(CLI::Range(0, 20))
      ->capture_default_str();
  app->add_option("--stall-timeout", o->stall_timeout,
                  "Seconds over which a transfer must average --min-rate, else it fails (and "
                  "is retried)")
      ->check(CLI::Range(1, 3600))
      ->capture_default_str();
  app->add_option("--min-rate", o->min_rate,
                  "Bytes per second a transfer must average over each --stall-timeout window")
      ->type_name("BYTES_PER_S")
      ->check(CLI::Range(1, 1000000000))
      ->capture_default_str();
  app->add_option("--record-timeout", o->record_timeout,
                  "Seconds an attempt at a record may take, plus 1 s per --min-rate bytes of it")
      ->type_name("SECONDS")
      ->check(CLI::Range(1, 86400))
      ->capture_default_str();
}

}  // namespace toolcommon
