# warcrefs verifies every original before it converts a copy: a manifest
# that names as original a record with another payload (forged: its line
# carries the copy's digest), an original that is not in the manifest, not
# in any file, or not at its offset nor anywhere in its file, keeps the copy
# (error naming file and offset, exit 1, the file byte for byte as it was,
# the kept list saying why); the honest copies of the same run are converted.
# Originals over HTTP (nginx) are verified, and with the server down the
# copies are kept as original-unverified. --trust-manifest converts as
# before. A re-run --in-place finds an original an earlier run moved. The
# temporary files of a killed run are removed (and only they). A `damaged`
# line in --referenced keeps that file's copies and rewrites the rest;
# --strict and an `incomplete` line rewrite nothing.
source "$SRC/tests/cli/common.bash"
REFS="$BIN/warcrefs/warcrefs"
WARCSUM="$BIN/warcsum/warcsum"
SERVERS="$SRC/scripts/test-servers"
NGINX_BIN=${NGINX_BIN:-/usr/sbin/nginx}
export NGINX_BIN
[ -x "$REFS" ] || { echo "skipped: $REFS not built"; exit 77; }
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
cleanup() {
  "$SERVERS/nginx.sh" stop "$WORK" >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# a: A (payload P), F (payload R). b: B (P). c: C (Q). d: D, E, H (P).
# k: K (P). m: M1 (P), then M2 (S). n: N (S).
IN="$WORK/in"
mkdir -p "$IN"
export PYTHONPATH="$(dirname "$0")"
python3 - "$IN" <<'PY'
import random, sys
from warcrec import record
out = sys.argv[1]
# Payloads that compress badly: a revisit must be smaller than its record.
P, Q, R, S = (random.Random(seed).randbytes(1500) for seed in (1, 2, 3, 4))
text = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n"
n = 0
def write(name, recs):
    global n
    with open(out + "/" + name, "wb") as f:
        for uri, date, payload in recs:
            n += 1
            f.write(record("response", n, uri, date, payload, text))
write("a.warc.gz", [("http://a.example/", "2020-01-01T00:00:00Z", P),
                    ("http://f.example/", "2020-01-02T00:00:00Z", R)])
write("b.warc.gz", [("http://b.example/", "2021-01-01T00:00:00Z", P)])
write("c.warc.gz", [("http://c.example/", "2021-01-02T00:00:00Z", Q)])
write("d.warc.gz", [("http://d.example/", "2021-01-03T00:00:00Z", P),
                    ("http://e.example/", "2021-01-04T00:00:00Z", P),
                    ("http://h.example/", "2021-01-05T00:00:00Z", P)])
write("k.warc.gz", [("http://k.example/", "2021-01-06T00:00:00Z", P)])
write("m.warc.gz", [("http://m1.example/", "2021-01-07T00:00:00Z", P),
                    ("http://m2.example/", "2020-06-01T00:00:00Z", S)])
write("n.warc.gz", [("http://n.example/", "2021-01-08T00:00:00Z", S)])
PY
cp -r "$IN" "$WORK/pristine"
fresh() { rm -rf "$IN"; cp -r "$WORK/pristine" "$IN"; }
"$WARCSUM" -q "$IN"/*.warc.gz > "$WORK/sum6"
# field URI N: field N of URI's warcsum line.
field() { awk -v u="$1" -v n="$2" '$4 == u { print $n }' "$WORK/sum6"; }
# original URI [DIGEST] [FILE] [OFFSET]: its copy-1 line (digest, file, offset forged when given).
original() {
  local u=$1
  echo "${3:-$(field "$u" 1)} ${4:-$(field "$u" 2)} $(field "$u" 3) $u $(field "$u" 5) ${2:-$(field "$u" 6)} 1 1 - -"
}
# copy URI REF_URI REF_DATE: its copy-2 line.
copy() { echo "$(awk -v u="$1" '$4 == u' "$WORK/sum6") 1 2 $2 $3"; }
manifest() { LC_ALL=C sort -k1,1 -k2,2n > "$1"; }
types() { gzip -dc "$1" | grep -a '^WARC-Type:' | tr -d '\r' | awk '{print $2}' | paste -sd' '; }
same() { cmp -s "$WORK/pristine/$1" "$IN/$1" || fail "$1 changed"; }
DATE_A=2020-01-01T00:00:00Z DATE_F=2020-01-02T00:00:00Z DATE_M2=2020-06-01T00:00:00Z
Q_DIGEST=$(field http://c.example/ 6)
OFF_E=$(field http://e.example/ 2) OFF_H=$(field http://h.example/ 2)

# 1. B is an honest copy of A. C claims F as its original: F's line is
# forged with C's digest, but F holds another payload. D names an original
# the manifest does not have; E one in a file that does not exist; H one at
# an offset of a.warc.gz where it is not, nor anywhere else in a.warc.gz.
{
  original http://a.example/
  original http://f.example/ "$Q_DIGEST"
  copy http://b.example/ http://a.example/ $DATE_A
  copy http://c.example/ http://f.example/ $DATE_F
  copy http://d.example/ http://nowhere.example/ $DATE_A
  echo "gone.warc.gz 0 500 http://g.example/ $DATE_A $(field http://a.example/ 6) 1 1 - -"
  copy http://e.example/ http://g.example/ $DATE_A
  original http://a.example/ "" a.warc.gz 7 | sed 's#http://a.example/ [^ ]*#http://x.example/ 2019-01-01T00:00:00Z#'
  copy http://h.example/ http://x.example/ 2019-01-01T00:00:00Z
} | manifest "$WORK/m1"
SHA_R=$(python3 -c 'import hashlib, random; print(hashlib.sha256(random.Random(3).randbytes(1500)).hexdigest())')
SHA_Q=$(python3 -c 'import hashlib, random; print(hashlib.sha256(random.Random(2).randbytes(1500)).hexdigest())')
expected_errors="warcrefs: $IN/c.warc.gz: offset 0: kept: its original (a.warc.gz offset $(field http://f.example/ 2)) holds another payload (SHA-256 $SHA_R, this copy's $SHA_Q)
warcrefs: $IN/d.warc.gz: offset 0: kept: the manifest has no original (copy-1 line of digest $(field http://d.example/ 6), extension 1) with the URI and date it names
warcrefs: $IN/d.warc.gz: offset $OFF_E: kept: its original (gone.warc.gz offset 0) is missing: gone.warc.gz: not among the input files (give -d, --url-prefix, --db or --catalog where it lives)
warcrefs: $IN/d.warc.gz: offset $OFF_H: kept: its original (a.warc.gz offset 7) is missing: $IN/a.warc.gz: not at its offset (no record starts there), nor anywhere else in the file"
expected_kept="c.warc.gz 0 http://c.example/ 2021-01-02T00:00:00Z $Q_DIGEST original-differs
d.warc.gz 0 http://d.example/ 2021-01-03T00:00:00Z $(field http://d.example/ 6) original-missing
d.warc.gz $OFF_E http://e.example/ 2021-01-04T00:00:00Z $(field http://d.example/ 6) original-missing
d.warc.gz $OFF_H http://h.example/ 2021-01-05T00:00:00Z $(field http://d.example/ 6) original-missing"
for mode in out in-place; do
  fresh
  rm -rf "$WORK/o" && mkdir "$WORK/o"
  if [ $mode = out ]; then target=(-o "$WORK/o"); else target=(--in-place); fi
  run "$REFS" -m "$WORK/m1" "${target[@]}" --kept "$WORK/kept" "$IN"
  expect_eq "$mode: exit status" 1 "$rc"
  expect_eq "$mode: errors" "$expected_errors" "$(grep -v -e ': converted' -e 'nothing to change' -e 'total:' "$WORK/err")"
  expect_eq "$mode: kept list" "$expected_kept" "$(cut -d' ' -f1-6 "$WORK/kept")"
  same c.warc.gz
  same d.warc.gz
  if [ $mode = out ]; then
    expect_eq "$mode: files written" "b.warc.gz" "$(ls "$WORK/o")"
    expect_eq "$mode: B converted" "revisit" "$(types "$WORK/o/b.warc.gz")"
  else
    expect_eq "$mode: B converted" "revisit" "$(types "$IN/b.warc.gz")"
  fi
done
grep -q "^warcrefs: $IN/b.warc.gz: converted 1 of 1 records" "$WORK/err" || fail "B: $(cat "$WORK/err")"

# 2. --trust-manifest converts the forged copy as before.
fresh
{
  original http://a.example/
  original http://f.example/ "$Q_DIGEST"
  copy http://b.example/ http://a.example/ $DATE_A
  copy http://c.example/ http://f.example/ $DATE_F
} | manifest "$WORK/m2"
run "$REFS" -m "$WORK/m2" --in-place --trust-manifest "$IN"
expect_eq "trust: exit status" 0 "$rc"
expect_eq "trust: C converted" "revisit" "$(types "$IN/c.warc.gz")"
run "$REFS" -m "$WORK/m2" --in-place --trust-manifest -d "$IN" "$IN"
expect_eq "trust with -d: usage error" 2 "$rc"

# 3. An original an earlier --in-place run moved: M1 is converted first
# (M2 moves back); the next run finds M2 by reading m.warc.gz.
fresh
{ original http://a.example/; copy http://m1.example/ http://a.example/ $DATE_A; original http://m2.example/; } |
  manifest "$WORK/m3a"
{ cat "$WORK/m3a"; copy http://n.example/ http://m2.example/ $DATE_M2; } | manifest "$WORK/m3b"
run "$REFS" -m "$WORK/m3a" --in-place "$IN"
expect_eq "moved: first run" 0 "$rc"
run "$REFS" -m "$WORK/m3b" --in-place "$IN"
expect_eq "moved: second run ($(cat "$WORK/err"))" 0 "$rc"
expect_eq "moved: N converted" "revisit" "$(types "$IN/n.warc.gz")"
expect_eq "moved: M1 left a revisit" "revisit response" "$(types "$IN/m.warc.gz")"

# 4. Leftovers of a killed run beside the targets about to be written go;
# other names stay.
fresh
rm -rf "$WORK/o" && mkdir "$WORK/o"
for f in .b.warc.gz.warcrefs-Ab12Cd .b.warc.gz.warcrefs-abc .x.warc.gz.warcrefs-Ab12Cd .b.warc.gz.warcrefs-Ab12Cde; do
  echo junk > "$WORK/o/$f"
done
echo junk > "$IN/.b.warc.gz.warcrefs-Zz99zz"
cp "$IN/.b.warc.gz.warcrefs-Zz99zz" "$WORK/keep-check"
{ original http://a.example/; copy http://b.example/ http://a.example/ $DATE_A; } | manifest "$WORK/m4"
run "$REFS" -m "$WORK/m4" -n -o "$WORK/o" "$IN"
expect_eq "leftover: dry run" "warcrefs: $WORK/o/.b.warc.gz.warcrefs-Ab12Cd: temporary file of an interrupted run (would be removed)" \
  "$(grep warcrefs- "$WORK/err")"
[ -e "$WORK/o/.b.warc.gz.warcrefs-Ab12Cd" ] || fail "dry run removed a leftover"
run "$REFS" -m "$WORK/m4" -o "$WORK/o" "$IN"
expect_eq "leftover: exit status" 0 "$rc"
expect_eq "leftover: note" "warcrefs: $WORK/o/.b.warc.gz.warcrefs-Ab12Cd: removed the temporary file of an interrupted run" \
  "$(grep warcrefs- "$WORK/err")"
expect_eq "leftover: what is left" ".b.warc.gz.warcrefs-Ab12Cde .b.warc.gz.warcrefs-abc .x.warc.gz.warcrefs-Ab12Cd b.warc.gz" \
  "$(ls -A "$WORK/o" | LC_ALL=C sort | paste -sd' ')"
[ -e "$IN/.b.warc.gz.warcrefs-Zz99zz" ] || fail "a file beside the input (not a target with -o) was removed"
run "$REFS" -m "$WORK/m4" --in-place "$IN"
expect_eq "leftover in place: note" "warcrefs: $(realpath "$IN")/.b.warc.gz.warcrefs-Zz99zz: removed the temporary file of an interrupted run" \
  "$(grep warcrefs- "$WORK/err")"

# 5. --referenced with a damaged input: b.warc.gz is not rewritten (its copy
# is kept as damaged-file), k.warc.gz is; --strict and `incomplete` refuse.
{ original http://a.example/; copy http://b.example/ http://a.example/ $DATE_A
  copy http://k.example/ http://a.example/ $DATE_A; } | manifest "$WORK/m5"
for how in real base; do
  fresh
  if [ $how = real ]; then damaged="$IN/./b.warc.gz"; else damaged="/elsewhere/b.warc.gz"; fi
  printf 'capture http://z.example/ 2019-01-01T00:00:00Z\ndamaged %s\ndamaged /elsewhere/zz.warc.gz\n' "$damaged" > "$WORK/refs"
  run "$REFS" -m "$WORK/m5" --in-place --referenced "$WORK/refs" --kept "$WORK/kept" "$IN"
  expect_eq "damaged ($how): exit status" 1 "$rc"
  matched=""
  [ $how = real ] || matched=" (matched to the input $IN/b.warc.gz by its base name)"
  expect_eq "damaged ($how): errors" "warcrefs: $WORK/refs: $damaged is damaged (warcsum could not read it whole)$matched: not rewritten, its copies are kept
warcrefs: $WORK/refs: /elsewhere/zz.warc.gz is damaged (warcsum could not read it whole) (not among the inputs): not rewritten, its copies are kept" \
    "$(grep "^warcrefs: $WORK/refs: " "$WORK/err")"
  same b.warc.gz
  expect_eq "damaged ($how): K converted" "revisit" "$(types "$IN/k.warc.gz")"
  expect_eq "damaged ($how): kept list" "b.warc.gz 0 http://b.example/ 2021-01-01T00:00:00Z $(field http://b.example/ 6) damaged-file" \
    "$(cut -d' ' -f1-6 "$WORK/kept")"
done
fresh
run "$REFS" -m "$WORK/m5" --in-place --strict --referenced "$WORK/refs" "$IN"
expect_eq "strict: exit status" 1 "$rc"
grep -q "nothing rewritten" "$WORK/err" || fail "strict: $(cat "$WORK/err")"
same b.warc.gz
same k.warc.gz
printf 'incomplete /x/y.warc.gz\n' > "$WORK/refs"
run "$REFS" -m "$WORK/m5" --in-place --referenced "$WORK/refs" "$IN"
expect_eq "incomplete: exit status" 1 "$rc"
grep -q "nothing rewritten" "$WORK/err" || fail "incomplete: $(cat "$WORK/err")"
same k.warc.gz

# 6. Originals over HTTP: a.warc.gz lives on the server only. B is verified
# and converted, the forged C is kept; with the server down, B is kept too.
if [ ! -x "$NGINX_BIN" ]; then
  echo "nginx absent: HTTP part skipped"
  exit 0
fi
fresh
mkdir -p "$WORK/remote" "$WORK/local"
mv "$IN/a.warc.gz" "$WORK/remote/"
cp "$IN/b.warc.gz" "$IN/c.warc.gz" "$WORK/local/"
mkdir -p "$WORK/pristine-local"
cp "$WORK/local"/* "$WORK/pristine-local/"
port=""
for _ in $(seq 20); do
  p=$((18000 + RANDOM % 20000))
  if "$SERVERS/nginx.sh" start "$WORK" "$WORK/remote" "$p" 2>>"$WORK/nginx-start.log"; then port=$p; break; fi
done
[ -n "$port" ] || fail "nginx did not start: $(tail -n3 "$WORK/nginx-start.log")"
mkdir -p "$WORK/out-http"
run "$REFS" -m "$WORK/m2" -o "$WORK/out-http" --kept "$WORK/kept" --url-prefix "http://127.0.0.1:$port/" "$WORK/local"
expect_eq "http: exit status" 1 "$rc"
expect_eq "http: written" "b.warc.gz" "$(ls "$WORK/out-http")"
expect_eq "http: B converted" "revisit" "$(types "$WORK/out-http/b.warc.gz")"
expect_eq "http: kept list" "c.warc.gz 0 http://c.example/ 2021-01-02T00:00:00Z $Q_DIGEST original-differs" \
  "$(cut -d' ' -f1-6 "$WORK/kept")"
"$SERVERS/nginx.sh" stop "$WORK"
rm -rf "$WORK/out-http" && mkdir "$WORK/out-http"
run "$REFS" -m "$WORK/m2" -o "$WORK/out-http" --kept "$WORK/kept" --retries 0 --url-prefix "http://127.0.0.1:$port/" "$WORK/local"
expect_eq "server down: exit status" 1 "$rc"
expect_eq "server down: nothing written" "" "$(ls "$WORK/out-http")"
expect_eq "server down: kept reasons" "original-unverified original-unverified" "$(cut -d' ' -f6 "$WORK/kept" | paste -sd' ')"
expect_eq "server down: errors" "warcrefs: $WORK/local/b.warc.gz: offset 0: kept: its original (a.warc.gz offset 0) could not be verified: http://127.0.0.1:$port/a.warc.gz: Couldn't connect to server
warcrefs: $WORK/local/c.warc.gz: offset 0: kept: its original (a.warc.gz offset $(field http://f.example/ 2)) could not be verified: http://127.0.0.1:$port/a.warc.gz: Couldn't connect to server" \
  "$(grep ': offset' "$WORK/err")"
cmp -s "$WORK/local/b.warc.gz" "$WORK/pristine-local/b.warc.gz" || fail "b.warc.gz changed"
echo "ok"
