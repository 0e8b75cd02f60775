// Finding a file's URLs in a MySQL/MariaDB path index, as the deployments
// this tool replaces keep them: a table path_index(filename, url), one row per
// replica.
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "fetch/http.h"

namespace sql {
class Driver;
}

namespace fetch {

// The --db CONFIG file: key=value lines, '#' comments.
struct DbConfig {
  std::string host = "127.0.0.1";
  int port = 3306;
  std::string socket;  // used instead of host/port when set
  std::string user;
  std::string password;
  std::string database;
  std::string table = "path_index";
  std::string filename_column = "filename";
  std::string url_column = "url";
  int connect_timeout_s = 5;
};

// Parses a config file's text. Errors name the line: "line 3: unknown key \"hots\"".
base::Result<DbConfig> ParseDbConfig(const std::string& text);
base::Result<DbConfig> LoadDbConfig(const std::string& path);

class DbResolver : public UrlResolver {
 public:
  explicit DbResolver(DbConfig config);
  ~DbResolver() override;
  // The URLs in the order the index returns them; an empty list when the file
  // is not in the index. Queries are prepared statements; table and column
  // names are checked to be plain identifiers.
  base::Result<std::vector<std::string>> Urls(const std::string& file) override;

 private:
  base::Status Connect();
  DbConfig config_;
  // Taken once, on the thread that makes the resolver: the Connector/C++
  // driver lookup is not thread-safe, and warccollres -t connects from
  // several threads.
  sql::Driver* driver_;
  struct Connection;
  std::unique_ptr<Connection> connection_;
  std::map<std::string, std::vector<std::string>> cache_;
  std::chrono::steady_clock::time_point retry_connect_at_{};
  base::Status last_error_;
};

}  // namespace fetch
