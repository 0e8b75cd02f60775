# Shared by the warccollres tests (local, HTTP, MySQL path index): the
# crafted corpus and the helpers that turn its listing into a manifest and the
# expected output. Sourced after common.bash.

# crafted_spec: mkwarc.py lines for runs P1 (3 copies, and a forged pair), P2
# (1.5 MB records streamed in lockstep: 2 copies, and a forged pair differing
# in the last byte), P8 (three different payloads interleaved), and a single
# record.
crafted_spec() {
  cat <<'SPEC'
a.warc.gz http://a.example/1 text 1 3000 name=P1
a.warc.gz http://a.example/2 rand 2 1500000 name=P2
a.warc.gz http://a.example/3 text 1 3000
b.warc.gz http://b.example/1 text 1 3000
b.warc.gz http://b.example/x text 5 3000 forge=P1
b.warc.gz http://b.example/y text 5 3000 forge=P1
b.warc.gz http://b.example/z rand 2 1500000
b.warc.gz http://b.example/w rand 2 1500000 flip=-1 forge=P2
b.warc.gz http://b.example/v rand 2 1500000 flip=-1 forge=P2
b.warc.gz http://b.example/u text 7 100
c.warc.gz http://c.example/1 text 8 500 name=P8
c.warc.gz http://c.example/2 text 9 500 forge=P8
c.warc.gz http://c.example/3 text 10 500 forge=P8
c.warc.gz http://c.example/4 text 8 500
c.warc.gz http://c.example/5 text 9 500 forge=P8
SPEC
}
MKWARC="$SRC/tests/cli/mkwarc.py"  # writes WARC records from a spec on stdin

# derive NAME: from NAME (7 fields, the last the real payload's identity)
# writes NAME.m, the manifest, and NAME.expected: extensions numbered by first
# appearance of each payload within a digest.
derive() {
  cut -d' ' -f1-6 "$1" > "$1.m"
  awk '{ if ($6 != d) { d = $6; n = 0; delete g }
         if (!($7 in g)) g[$7] = n++
         $7 = g[$7]; print }' "$1" > "$1.expected"
}
# errors FILE: the error lines of a stderr file, without the reports of
# different payloads under one digest and the summary.
errors() { grep -v -e ': same digest, different payloads: ' -e ' lines, .* runs with more than one record' "$1" || true; }
# summary FILE: the summary line of a stderr file, without its time.
summary() { sed -n 's/^\(warccollres: [0-9]* lines, .* runs with more than one record, .*\), [0-9.]* s$/\1/p' "$1"; }
# human_bytes N: N as the summary prints byte counts (1000 B = 1.0 KB).
human_bytes() {
  awk -v b="$1" 'BEGIN { split("B KB MB GB TB PB", unit, " "); u = 1
                         while (b >= 1000 && u < 6) { b /= 1000; u++ }
                         fmt = u == 1 ? "%.0f %s\n" : "%.1f %s\n"
                         printf fmt, b, unit[u] }'
}
# trio NAME: from $WORK/all7, the three identical copies of P1 and the record
# alone in its run as NAME.m, and in NAME.summary the summary (without its
# time) of a run on them: each copy fetched once, whole (the sum of their
# lengths), and its 3000-byte payload compared; the lone record not fetched.
trio() {
  awk '$4 ~ /^http:\/\/(a\.example\/[13]|b\.example\/[1u])$/' "$WORK/all7" | cut -d' ' -f1-6 > "$WORK/$1.m"
  local bytes
  bytes=$(awk '$4 != "http://b.example/u" { n += $3 } END { print n }' "$WORK/$1.m")
  echo "warccollres: 4 lines, 1 runs with more than one record, 3 records fetched" \
    "($(human_bytes "$bytes")), 9.0 KB compared, 0 collisions, 0 records kept for errors" > "$WORK/$1.summary"
}

# add_generated SEED SIZE FILES: records from the project's generator in $C,
# listed by warcsum with recomputed digests (the payloads' own, also their
# identity in field 7), appended to $WORK/lines.
add_generated() {
  if [ -x "$GEN" ] && [ -x "$WARCSUM" ]; then
    "$GEN" -q --out "$C" --prefix g --seed "$1" --size "$2" --files "$3"
    "$WARCSUM" --recompute "$C"/g-*.warc.gz | awk '{ print $0, substr($6, 6) }' >> "$WORK/lines"
  else
    echo "note: $GEN or warcsum absent: python-written records only"
  fi
}
