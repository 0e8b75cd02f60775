# Sourced by the arc2warc cases that read ../shared/interop/warcio (a fresh
# clone has no ../shared): interop_copy FILE... copies them into the scratch
# directory. Without that folder the case is skipped the only way run.sh
# allows: it prints its own expectations and exits with its expected status.
interop_copy() {
  local dir=${INTEROP:-$SRC/../shared/interop}/warcio
  if [ ! -d "$dir" ]; then
    [ -f "$0.exit" ] || { echo "$dir absent: run.sh --update needs it" >&2; exit 99; }
    cat "$0.stdout.exact"
    cat "$0.stderr.exact" >&2
    exit "$(cat "$0.exit")"
  fi
  local f
  for f in "$@"; do cp "$dir/$f" .; done
}

# warc_heads FILE: the header sections of a WARC file (gzip or plain), CRs
# removed, one blank line after each.
warc_heads() {
  { gzip -dc -f "$1" 2>/dev/null || cat "$1"; } |
    tr -d '\r' | awk '/^WARC\/1\.[01]$/ { head = 1 } head { print } /^$/ { head = 0 }'
}
