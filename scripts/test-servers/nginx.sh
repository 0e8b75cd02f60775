#!/usr/bin/env bash
# A private nginx for tests: serves DOCROOT on 127.0.0.1:PORT, with every
# file it writes (config, pid, logs, temp dirs) under WORKDIR/nginx.
#
#   nginx.sh start WORKDIR DOCROOT PORT   exit 0 once it answers; 1 if it cannot
#                                         start (port in use, say), leaving
#                                         nothing running
#   nginx.sh stop WORKDIR                 stops it if it runs (always exit 0)
#
# Static files get Range support from nginx itself (206, Content-Range). Both
# commands are idempotent: start on a running instance with the same port is a
# no-op, stop on a stopped one too. NGINX_BIN overrides the binary.
set -euo pipefail

NGINX_BIN=${NGINX_BIN:-/usr/sbin/nginx}

usage() {
  echo "usage: $0 start WORKDIR DOCROOT PORT | stop WORKDIR" >&2
  exit 2
}

# Is the process in the pid file alive (and an nginx)?
running() {
  local pid
  [ -s "$dir/nginx.pid" ] || return 1
  pid=$(cat "$dir/nginx.pid")
  [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null || return 1
  grep -q nginx "/proc/$pid/cmdline" 2>/dev/null
}

stop() {
  running || { rm -f "$dir/nginx.pid"; return 0; }
  local pid
  pid=$(cat "$dir/nginx.pid")
  kill -TERM "$pid" 2>/dev/null || true  # fast shutdown: master and workers
  for _ in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.05
  done
  if kill -0 "$pid" 2>/dev/null; then
    echo "nginx.sh: pid $pid ignored SIGTERM; killing it" >&2
    kill -KILL "$pid" 2>/dev/null || true
  fi
  rm -f "$dir/nginx.pid"
}

cmd=${1:-}
[ $# -ge 2 ] || usage
dir=$(realpath -m "$2")/nginx

case "$cmd" in
  start)
    [ $# -eq 4 ] || usage
    docroot=$(cd "$3" && pwd)
    port=$4
    [ -x "$NGINX_BIN" ] || { echo "nginx.sh: $NGINX_BIN not found" >&2; exit 1; }
    if running; then
      grep -q "listen 127.0.0.1:$port;" "$dir/nginx.conf" && exit 0
      echo "nginx.sh: already running in $dir on another port" >&2
      exit 1
    fi
    # nginx itself retries a busy port for 2.5 s: fail fast instead.
    if ss -Htln "sport = :$port" 2>/dev/null | grep -q .; then
      echo "nginx.sh: port $port is in use" >&2
      exit 1
    fi
    mkdir -p "$dir/tmp"
    # As root, workers would otherwise switch to "nobody", who cannot read a
    # mktemp -d directory.
    user_line=""
    [ "$(id -u)" -ne 0 ] || user_line="user root;"
    cat > "$dir/nginx.conf" <<EOF
$user_line
worker_processes 1;
daemon on;
pid $dir/nginx.pid;
error_log $dir/error.log info;
events { worker_connections 256; }
http {
  # With the Range asked for, so that tests can follow each record's requests.
  log_format ranges '\$remote_addr [\$time_local] "\$request" \$status \$body_bytes_sent "\$http_range"';
  access_log $dir/access.log ranges;
  client_body_temp_path $dir/tmp/body;
  proxy_temp_path $dir/tmp/proxy;
  fastcgi_temp_path $dir/tmp/fastcgi;
  uwsgi_temp_path $dir/tmp/uwsgi;
  scgi_temp_path $dir/tmp/scgi;
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;  # headers and the start of the body in one packet
  keepalive_requests 10000;
  server {
    listen 127.0.0.1:$port;
    root $docroot;
    location / { }
  }
}
EOF
    # With daemon on, nginx binds before it forks: a port in use fails here.
    # An environment variable NGINX would be taken for inherited sockets (its
    # binary upgrade protocol), and nginx would then stay in the foreground;
    # the timeout is there so that nothing can make start hang.
    if ! timeout 20 env -u NGINX "$NGINX_BIN" -p "$dir" -c "$dir/nginx.conf" \
        -e "$dir/error.log" </dev/null >/dev/null 2>>"$dir/start.log"; then
      echo "nginx.sh: nginx failed to start on 127.0.0.1:$port: $(tail -n1 "$dir/start.log")" >&2
      stop
      exit 1
    fi
    for _ in $(seq 100); do
      if running && (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
        exit 0
      fi
      sleep 0.05
    done
    echo "nginx.sh: nginx did not answer on 127.0.0.1:$port (see $dir/error.log)" >&2
    stop
    exit 1
    ;;
  stop)
    [ $# -eq 2 ] || usage
    stop
    ;;
  *) usage ;;
esac
