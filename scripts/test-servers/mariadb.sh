#!/usr/bin/env bash
# A private MariaDB server for tests, everything under WORKDIR/mariadb.
#
#   mariadb.sh start WORKDIR [PORT]  creates the data directory if needed,
#                                    starts the server (unix socket
#                                    WORKDIR/mariadb/mysql.sock, and TCP on
#                                    127.0.0.1:PORT if PORT is given), waits
#                                    until it answers and creates:
#                                      database warcdedup_test
#                                      table path_index(filename VARCHAR(255),
#                                                       url VARCHAR(1024))
#                                      user dedup@localhost, dedup@127.0.0.1,
#                                        password "secret", all rights on it
#                                    Exit 1 if it cannot start (port in use,
#                                    say), leaving nothing running.
#   mariadb.sh stop WORKDIR          stops it if it runs (always exit 0)
#   mariadb.sh sql WORKDIR           runs the SQL on stdin as root
#
# Idempotent: start on a running server only (re)creates what is missing;
# the table's rows survive a restart. MARIADBD overrides the server binary.
set -euo pipefail

MARIADBD=${MARIADBD:-$(command -v mariadbd || echo /usr/sbin/mariadbd)}
INSTALL_DB=${INSTALL_DB:-$(command -v mariadb-install-db || command -v mysql_install_db || echo none)}
CLIENT=$(command -v mariadb || command -v mysql || echo none)
ADMIN=$(command -v mariadb-admin || command -v mysqladmin || echo none)

usage() {
  echo "usage: $0 start WORKDIR [PORT] | stop WORKDIR | sql WORKDIR" >&2
  exit 2
}

running() {
  local pid
  [ -s "$dir/mariadb.pid" ] || return 1
  pid=$(cat "$dir/mariadb.pid")
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
  grep -qE 'mariadbd|mysqld' "/proc/$pid/cmdline" 2>/dev/null
}

root_sql() {
  "$CLIENT" --no-defaults --protocol=socket --socket="$dir/mysql.sock" -uroot
}

stop() {
  if running; then
    local pid
    pid=$(cat "$dir/mariadb.pid")
    # A clean shutdown; SIGTERM does the same if the client cannot connect.
    "$ADMIN" --no-defaults --socket="$dir/mysql.sock" -uroot --connect-timeout=5 \
      shutdown >/dev/null 2>&1 || kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 300); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
      echo "mariadb.sh: pid $pid still running after 30 s; killing it" >&2
      kill -KILL "$pid" 2>/dev/null || true
      sleep 0.2
    fi
  fi
  rm -f "$dir/mariadb.pid" "$dir/mysql.sock" "$dir/mysql.sock.lock"
}

cmd=${1:-}
[ $# -ge 2 ] || usage
dir=$(realpath -m "$2")/mariadb

case "$cmd" in
  start)
    [ $# -le 3 ] || usage
    port=${3:-}
    for b in "$MARIADBD" "$INSTALL_DB" "$CLIENT" "$ADMIN"; do
      [ -x "$b" ] || { echo "mariadb.sh: MariaDB binaries not found ($b)" >&2; exit 1; }
    done
    if ! running; then
      if [ -n "$port" ] && ss -Htln "sport = :$port" 2>/dev/null | grep -q .; then
        echo "mariadb.sh: port $port is in use" >&2
        exit 1
      fi
      mkdir -p "$dir"
      if [ ! -d "$dir/data/mysql" ]; then
        rm -rf "$dir/data"
        "$INSTALL_DB" --no-defaults --datadir="$dir/data" --user="$(id -un)" \
          --auth-root-authentication-method=socket --skip-test-db \
          >"$dir/install.log" 2>&1 ||
          { echo "mariadb.sh: mariadb-install-db failed (see $dir/install.log)" >&2; exit 1; }
      fi
      net=(--skip-networking)
      [ -z "$port" ] || net=(--port="$port" --bind-address=127.0.0.1)
      # Small buffers: a test server, not a production one.
      "$MARIADBD" --no-defaults --datadir="$dir/data" --socket="$dir/mysql.sock" \
        --pid-file="$dir/mariadb.pid" --log-error="$dir/error.log" --user="$(id -un)" \
        "${net[@]}" --innodb-buffer-pool-size=16M --innodb-log-file-size=8M \
        --skip-log-bin --performance-schema=OFF --skip-name-resolve \
        </dev/null >>"$dir/server.log" 2>&1 &
      server=$!
      for _ in $(seq 300); do
        kill -0 "$server" 2>/dev/null || break
        "$ADMIN" --no-defaults --socket="$dir/mysql.sock" -uroot --connect-timeout=1 ping \
          >/dev/null 2>&1 && break
        sleep 0.1
      done
      if ! kill -0 "$server" 2>/dev/null ||
         ! "$ADMIN" --no-defaults --socket="$dir/mysql.sock" -uroot ping >/dev/null 2>&1; then
        echo "mariadb.sh: the server did not start (see $dir/error.log):" >&2
        grep -E 'ERROR|Error' "$dir/error.log" 2>/dev/null | tail -n3 >&2 || true
        kill -TERM "$server" 2>/dev/null || true
        wait "$server" 2>/dev/null || true
        rm -f "$dir/mariadb.pid"
        exit 1
      fi
      # The pid file is written a little after the socket answers.
      for _ in $(seq 50); do
        [ -s "$dir/mariadb.pid" ] && break
        sleep 0.1
      done
      [ -s "$dir/mariadb.pid" ] || echo "$server" >"$dir/mariadb.pid"
    fi
    root_sql <<'EOF'
CREATE DATABASE IF NOT EXISTS warcdedup_test;
CREATE TABLE IF NOT EXISTS warcdedup_test.path_index (
  filename VARCHAR(255) NOT NULL,
  url VARCHAR(1024) NOT NULL,
  KEY (filename)
);
CREATE USER IF NOT EXISTS 'dedup'@'localhost' IDENTIFIED BY 'secret';
CREATE USER IF NOT EXISTS 'dedup'@'127.0.0.1' IDENTIFIED BY 'secret';
GRANT ALL ON warcdedup_test.* TO 'dedup'@'localhost';
GRANT ALL ON warcdedup_test.* TO 'dedup'@'127.0.0.1';
EOF
    echo "socket=$dir/mysql.sock${port:+ port=$port}"
    ;;
  stop)
    [ $# -eq 2 ] || usage
    stop
    ;;
  sql)
    [ $# -eq 2 ] || usage
    running || { echo "mariadb.sh: not running in $dir" >&2; exit 1; }
    root_sql
    ;;
  *) usage ;;
esac
