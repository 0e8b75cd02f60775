# shellcheck shell=bash
# Sourced by hosts.sh: per storage host, nginx serving /srv/warc and sshd;
# the ssh client configuration for ssh and GNU parallel.

NGINX_BIN=${NGINX_BIN:-/usr/sbin/nginx}
SSHD_BIN=/usr/sbin/sshd # sshd re-executes itself: an absolute path

# nginx on ADDR:80 in host NAME, root /srv/warc as NAME sees it; GET and
# HEAD only, with Range support (206) from nginx's static module.
start_nginx() {
  local name=$1 dir addr
  dir=$(hostdir "$name")/nginx
  addr=$(addr_of "$name")
  mkdir -p "$dir/tmp"
  # As root, workers would otherwise switch to "nobody", who cannot read a
  # mktemp -d directory.
  cat >"$dir/nginx.conf" <<EOF
user root;
worker_processes 1;
daemon on;
pid $dir/nginx.pid;
error_log $dir/error.log info;
events { worker_connections 256; }
http {
  log_format ranges '\$remote_addr [\$time_local] "\$request" \$status \$body_bytes_sent "\$http_range"';
  access_log $dir/access.log ranges;
  client_body_temp_path $dir/tmp/body;
  proxy_temp_path $dir/tmp/proxy;
  fastcgi_temp_path $dir/tmp/fastcgi;
  uwsgi_temp_path $dir/tmp/uwsgi;
  scgi_temp_path $dir/tmp/scgi;
  default_type application/octet-stream;
  sendfile on;
  keepalive_requests 10000;
  server {
    listen $addr:80;
    root $DATA_MOUNT;
    location / { limit_except GET { deny all; } }
  }
}
EOF
  # An environment variable NGINX would be taken for inherited sockets.
  in_host "$name" env -u NGINX timeout 20 "$NGINX_BIN" -p "$dir" -c "$dir/nginx.conf" \
    -e "$dir/error.log" </dev/null >/dev/null 2>>"$dir/start.log" ||
    die "host $name: nginx failed to start: $(tail -n1 "$dir/start.log")"
}

# The client key (authorized on every host), one host key per host, and
# WORKDIR/ssh_config, usable from the root namespace and from every host.
make_ssh_keys() {
  local dir=$W/ssh h key
  mkdir -p "$dir"
  chmod 700 "$dir"
  [ -f "$dir/id_ed25519" ] || ssh-keygen -q -t ed25519 -N "" -C "cluster-client" -f "$dir/id_ed25519"
  cp "$dir/id_ed25519.pub" "$dir/authorized_keys"
  : >"$dir/known_hosts"
  : >"$W/ssh_config.tmp"
  for h in $CLUSTER_HOSTS; do
    key=$(hostdir "$h")/ssh_host_ed25519_key
    [ -f "$key" ] || ssh-keygen -q -t ed25519 -N "" -C "$h" -f "$key"
    echo "$h,$(addr_of "$h") $(cut -d' ' -f1,2 "$key.pub")" >>"$dir/known_hosts"
    printf 'Host %s\n  HostName %s\n' "$h" "$(addr_of "$h")" >>"$W/ssh_config.tmp"
  done
  # Per-host entries come first: ssh takes the first value it finds.
  cat >>"$W/ssh_config.tmp" <<EOF
Host *
  User root
  IdentityFile $dir/id_ed25519
  IdentitiesOnly yes
  UserKnownHostsFile $dir/known_hosts
  GlobalKnownHostsFile /dev/null
  StrictHostKeyChecking yes
  BatchMode yes
  # Half the handshake time of the default sntrup761 hybrid on a busy CPU.
  KexAlgorithms curve25519-sha256
  ConnectTimeout 5
  ServerAliveInterval 5
  ServerAliveCountMax 2
  LogLevel ERROR
EOF
  mv "$W/ssh_config.tmp" "$W/ssh_config"
}

# sshd on ADDR:22 in host NAME; nothing under /etc/ssh is read. PAM off:
# key logins only. StrictModes off: the keys live under a mktemp workdir.
start_sshd() {
  local name=$1 dir
  dir=$(hostdir "$name")
  cat >"$dir/sshd_config" <<EOF
ListenAddress $(addr_of "$name"):22
HostKey $dir/ssh_host_ed25519_key
PidFile $dir/sshd.pid
AuthorizedKeysFile $W/ssh/authorized_keys
PermitRootLogin prohibit-password
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PrintMotd no
PrintLastLog no
X11Forwarding no
MaxStartups 200:30:400
MaxSessions 100
Subsystem sftp internal-sftp
EOF
  in_host "$name" "$SSHD_BIN" -f "$dir/sshd_config" -E "$dir/sshd.log" </dev/null ||
    die "host $name: sshd failed to start: $(tail -n1 "$dir/sshd.log" 2>/dev/null)"
}

start_host_services() {
  local h
  make_ssh_keys
  for h in $CLUSTER_HOSTS; do
    start_nginx "$h"
    start_sshd "$h"
  done
  for h in $CLUSTER_HOSTS; do
    wait_until 10 tcp_open "$(addr_of "$h")" 80 || die "host $h: nginx does not answer on $(addr_of "$h"):80"
    wait_until 10 tcp_open "$(addr_of "$h")" 22 || die "host $h: sshd does not answer on $(addr_of "$h"):22"
  done
}

# All at once: each daemon may take a moment to exit.
stop_host_services() {
  local h sshd=() nginx=()
  for h in $CLUSTER_HOSTS; do
    sshd+=("$(hostdir "$h")/sshd.pid")
    nginx+=("$(hostdir "$h")/nginx/nginx.pid")
  done
  # shellcheck disable=SC2046 # one PID per word
  stop_pid $(pids_of sshd "${sshd[@]}") $(pids_of nginx "${nginx[@]}")
  rm -f "${sshd[@]}" "${nginx[@]}"
}
