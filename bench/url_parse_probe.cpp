// bench/urlrules_bench.sh's parser question: what splitting a URL costs
// with curl's URL API (curl_url_set + curl_url_get of host, path, query)
// against lib/url's hand-written url::AggressiveCanonicalize (parse and
// every canonical step) and urlrules::Tokenise of its result, over the
// same URL list (one per line on stdin). Prints nanoseconds per URL.
#include <curl/curl.h>

#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "url/urlcanon.h"
#include "urlrules/tokens.h"

namespace {

template <typename F>
double NanosPerUrl(const std::vector<std::string>& urls, F f) {
  auto start = std::chrono::steady_clock::now();
  size_t sink = 0;
  for (const std::string& u : urls) sink += f(u);
  double ns =
      std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
  if (sink == 42) std::fprintf(stderr, " ");  // keep the work
  return ns / static_cast<double>(urls.size());
}

}  // namespace

int main() {
  std::vector<std::string> urls;
  for (std::string line; std::getline(std::cin, line);) urls.push_back(line);
  if (urls.empty()) return 1;
  double curl = NanosPerUrl(urls, [](const std::string& u) {
    CURLU* h = curl_url();
    size_t n = 0;
    if (curl_url_set(h, CURLUPART_URL, u.c_str(), CURLU_NON_SUPPORT_SCHEME | CURLU_URLENCODE) ==
        CURLUE_OK) {
      for (CURLUPart part : {CURLUPART_HOST, CURLUPART_PATH, CURLUPART_QUERY}) {
        char* v = nullptr;
        if (curl_url_get(h, part, &v, 0) == CURLUE_OK) n += std::char_traits<char>::length(v);
        curl_free(v);
      }
    }
    curl_url_cleanup(h);
    return n;
  });
  double canon =
      NanosPerUrl(urls, [](const std::string& u) { return url::AggressiveCanonicalize(u).size(); });
  urlrules::UrlTokens t;
  double tokens = NanosPerUrl(urls, [&](const std::string& u) {
    urlrules::Tokenise(u, &t);
    return t.segments.size();
  });
  std::printf(
      "%zu URLs: curl URL API parse %.0f ns/URL; url::AggressiveCanonicalize %.0f ns/URL; "
      "urlrules::Tokenise %.0f ns/URL\n",
      urls.size(), curl, canon, tokens);
}
