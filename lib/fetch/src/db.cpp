#include "fetch/db.h"

#include <cppconn/exception.h>
#include <cppconn/prepared_statement.h>
#include <cppconn/resultset.h>
#include <mysql_driver.h>

#include <fstream>
#include <sstream>

#include "fetch/range_source.h"

namespace fetch {
namespace {

bool IsIdentifier(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

std::string Trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r");
  size_t e = s.find_last_not_of(" \t\r");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

}  // namespace

base::Result<DbConfig> ParseDbConfig(const std::string& text) {
  DbConfig c;
  std::istringstream in(text);
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    line = Trim(line);
    if (line.empty() || line[0] == '#') continue;
    size_t eq = line.find('=');
    std::string where = "line " + std::to_string(number) + ": ";
    if (eq == std::string::npos)
      return base::Status::InvalidArgument(where + "expected key=value, found \"" + line + "\"");
    std::string key = Trim(line.substr(0, eq)), value = Trim(line.substr(eq + 1));
    if (key == "host")
      c.host = value;
    else if (key == "socket")
      c.socket = value;
    else if (key == "user")
      c.user = value;
    else if (key == "password")
      c.password = value;
    else if (key == "database")
      c.database = value;
    else if (key == "table")
      c.table = value;
    else if (key == "filename_column")
      c.filename_column = value;
    else if (key == "url_column")
      c.url_column = value;
    else if (key == "port" || key == "connect_timeout") {
      // A TCP port; a timeout that DbResolver can multiply by 6 (read timeout).
      const int most = key == "port" ? 65535 : 86400;
      int v = 0;
      try {
        size_t used = 0;
        v = std::stoi(value, &used);
        if (used != value.size() || v <= 0 || v > most) throw std::invalid_argument("");
      } catch (const std::exception&) {
        return base::Status::InvalidArgument(where + key + ": expected a number from 1 to " +
                                             std::to_string(most) + ", found \"" + value + "\"");
      }
      (key == "port" ? c.port : c.connect_timeout_s) = v;
    } else {
      return base::Status::InvalidArgument(where + "unknown key \"" + key + "\"");
    }
  }
  for (const std::string* id : {&c.table, &c.filename_column, &c.url_column})
    if (!IsIdentifier(*id))
      return base::Status::InvalidArgument("\"" + *id + "\" is not a plain table or column name");
  if (c.database.empty()) return base::Status::InvalidArgument("no database given");
  return c;
}

base::Result<DbConfig> LoadDbConfig(const std::string& path) {
  std::ifstream in(path);
  if (!in) return base::Status::IOError(path + ": cannot open");
  std::stringstream text;
  text << in.rdbuf();
  auto c = ParseDbConfig(text.str());
  if (!c.ok()) return c.status().WithPrefix(path);
  return c;
}

struct DbResolver::Connection {
  std::unique_ptr<sql::Connection> connection;
  std::unique_ptr<sql::PreparedStatement> lookup;
};

DbResolver::DbResolver(DbConfig config)
    : config_(std::move(config)), driver_(sql::mysql::get_mysql_driver_instance()) {}
DbResolver::~DbResolver() = default;

base::Status DbResolver::Connect() {
  // After a failed attempt, fail fast for a while instead of waiting for a
  // timeout on every record.
  if (std::chrono::steady_clock::now() < retry_connect_at_) return last_error_;
  try {
    sql::ConnectOptionsMap options;
    if (!config_.socket.empty()) {
      options["hostName"] = sql::SQLString("localhost");
      options["socket"] = sql::SQLString(config_.socket);
    } else {
      options["hostName"] =
          sql::SQLString("tcp://" + config_.host + ":" + std::to_string(config_.port));
    }
    options["userName"] = sql::SQLString(config_.user);
    options["password"] = sql::SQLString(config_.password);
    options["schema"] = sql::SQLString(config_.database);
    options["OPT_CONNECT_TIMEOUT"] = config_.connect_timeout_s;
    options["OPT_READ_TIMEOUT"] = config_.connect_timeout_s * 6;
    auto c = std::make_unique<Connection>();
    c->connection.reset(driver_->connect(options));
    c->lookup.reset(c->connection->prepareStatement("SELECT `" + config_.url_column + "` FROM `" +
                                                    config_.table + "` WHERE `" +
                                                    config_.filename_column + "` = ?"));
    connection_ = std::move(c);
    return base::Status::Ok();
  } catch (const sql::SQLException& e) {
    connection_.reset();
    last_error_ = base::Status::IOError("path index database: " + std::string(e.what()));
    retry_connect_at_ = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    return last_error_;
  }
}

base::Result<std::vector<std::string>> DbResolver::Urls(const std::string& file) {
  if (auto it = cache_.find(file); it != cache_.end()) return it->second;
  auto name = FileNameOf(file);
  if (!name.ok()) return name.status();
  for (int attempt = 0; attempt < 2; ++attempt) {
    if (!connection_) {
      if (auto s = Connect(); !s.ok()) return s;
    }
    try {
      // The index holds real names; the manifest field may be percent-encoded.
      connection_->lookup->setString(1, *name);
      std::unique_ptr<sql::ResultSet> rows(connection_->lookup->executeQuery());
      std::vector<std::string> urls;
      while (rows->next()) urls.push_back(rows->getString(1));
      if (urls.empty()) return base::Status::NotFound("not in the path index");
      cache_[file] = urls;
      return urls;
    } catch (const sql::SQLException& e) {
      // The connection may have gone away: reconnect once, then give up.
      connection_.reset();
      last_error_ = base::Status::IOError("path index query failed: " + std::string(e.what()));
    }
  }
  return last_error_;
}

}  // namespace fetch
