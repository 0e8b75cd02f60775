# warcfilter on a generated corpus (warcinfo, then request + response per
# capture, one gzip member each): a cover file keeps two responses in three
# and covers the third; the responses with an empty payload are in no list.
# For each mode the new files must hold exactly the records an independent
# reading of the inputs (a Python reader of gzip members) says, byte for
# byte, in input order: each written response with its request, and the
# warcinfo of every file with anything written. warcsum reads them back with
# the responses' URIs, dates and digests. Then -j gives identical files, a
# plain corpus, a rerun, and an interrupted run (no partial output; the next
# run removes what was left).
source "$SRC/tests/cli/common.bash"
WF="$BIN/warcfilter/warcfilter"
SUM="$BIN/warcsum/warcsum"
GEN="$TESTBIN/warcgen"
[ -x "$WF" ] || fail "$WF not built"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
cd "$WORK"

# records.py FILE...: "file offset length type sha1-of-the-member" per gzip
# member (or plain record), from the bytes alone.
cat >records.py <<'PY'
import hashlib, os, sys, zlib
def records(data):
    pos = 0
    while pos < len(data):
        if data[:2] == b"\x1f\x8b":
            d = zlib.decompressobj(31)
            rec = d.decompress(data[pos:])
            assert d.eof, "member cut at %d" % pos
            end = len(data) - len(d.unused_data)
        else:
            head = data.index(b"\r\n\r\n", pos) + 4
            cl = [int(l.split(b":")[1]) for l in data[pos:head].split(b"\r\n")
                  if l.lower().startswith(b"content-length:")][0]
            end = head + cl + 4
            rec = data[pos:end]
        typ = [l.split(b":")[1].strip() for l in rec[:rec.index(b"\r\n\r\n")].split(b"\r\n")
               if l.lower().startswith(b"warc-type:")][0].decode()
        yield pos, end - pos, typ, hashlib.sha1(data[pos:end]).hexdigest()
        pos = end
for path in sys.argv[1:]:
    for r in records(open(path, "rb").read()):
        print(os.path.basename(path), *r)
PY
# expect.py MODE RECORDS COVER: the records the new files must hold, as
# "file type sha1", from the input's records and the cover file alone.
cat >expect.py <<'PY'
import sys
mode, rec_path, cover_path = sys.argv[1:]
verdict = {}
for line in open(cover_path):
    f = line.split()
    verdict[(f[0], int(f[1]))] = f[6]
files = {}
for line in open(rec_path):
    name, off, length, typ, sha = line.split()
    files.setdefault(name, []).append((int(off), typ, sha))
def selected(v):  # v: "keep", "covered-by" or None (not in the list)
    return {"default": v != "covered-by", "only": v == "keep",
            "invert": v == "covered-by", "invert-only": v != "keep"}[mode]
for name in sorted(files):
    recs, out = files[name], []
    for i, (off, typ, sha) in enumerate(recs):
        if typ == "response" and selected(verdict.get((name, off))):
            assert recs[i - 1][1] == "request"  # warcgen: the request comes first
            out += [recs[i - 1], recs[i]]
    if out:
        out = [r for r in recs if r[1] == "warcinfo"] + out
    for off, typ, sha in sorted(out):
        print(name, typ, sha)
PY

"$GEN" -o in --size 3M --files 3 --seed 11 --empty-rate 0.1 --truth truth >/dev/null 2>&1
python3 records.py in/*.warc.gz >in.rec
[ -s truth.empty ] || fail "the corpus has no empty responses (unjudged records)"
awk '{ if (NR % 3 == 0) print $0, "covered-by", $1, $2, "0.9", "0.8", "0.85"; else print $0, "keep" }' \
  truth >cover
# The responses warcsum lists (non-empty payloads) that a mode writes.
awk '$7 == "keep" { print $1, $4, $5, $6 }' cover >keep.sums
awk '$7 == "covered-by" { print $1, $4, $5, $6 }' cover >covered.sums

check_mode() {  # MODE OPTIONS...: run on $INPUTS, compare records and warcsum's reading
  local mode=$1
  shift
  rm -rf "out-$mode"
  mkdir "out-$mode"
  run "$WF" "$@" -m cover -o "out-$mode" $INPUTS
  [ "$rc" = 0 ] || fail "$mode: exit $rc: $(cat "$WORK/err")"
  cp "$WORK/err" "err-$mode"
  python3 expect.py "$mode" in.rec cover >"expected-$mode"
  [ -s "expected-$mode" ] || fail "$mode: nothing expected"
  python3 records.py "out-$mode"/* | awk '{ print $1, $4, $5 }' >"got-$mode"
  expect_eq "$mode: records written" "$(cat "expected-$mode")" "$(cat "got-$mode")"
  "$SUM" -q --recompute "out-$mode"/* | awk '{ print $1, $4, $5, $6 }' >"sums-$mode"
}

INPUTS=in
check_mode default -r
expect_eq "default: warcsum of the new files" "$(cat keep.sums)" "$(cat sums-default)"
grep -q "warcfilter: total: 3 files (3 written, 0 with nothing to write, 0 failed)" err-default ||
  fail "default: summary: $(cat err-default)"
check_mode only -r --only-listed
expect_eq "--only-listed: warcsum" "$(cat keep.sums)" "$(cat sums-only)"
cmp -s <(grep -c . expected-default) <(grep -c . expected-only) &&
  fail "--only-listed wrote the unjudged records too"
check_mode invert -r --invert
expect_eq "--invert: warcsum" "$(cat covered.sums)" "$(cat sums-invert)"
check_mode invert-only -r --invert --only-listed
expect_eq "--invert --only-listed: warcsum" "$(cat covered.sums)" "$(cat sums-invert-only)"

# The same for any -j: byte-identical files, the same report.
mkdir out-j3
run "$WF" -r -j 3 -m cover -o out-j3 in
[ "$rc" = 0 ] || fail "-j 3: exit $rc"
for f in out-default/*; do cmp "$f" "out-j3/${f##*/}" || fail "-j 3: ${f##*/} differs"; done
expect_eq "-j 3: the report" "$(sed 's/out-default/OUT/' err-default)" \
  "$(sed 's/out-j3/OUT/' "$WORK/err")"
# A rerun over the files of the first one gives the same files.
run "$WF" -r -m cover -o out-j3 in
[ "$rc" = 0 ] || fail "rerun: exit $rc"
for f in out-default/*; do cmp "$f" "out-j3/${f##*/}" || fail "rerun: ${f##*/} differs"; done

# Plain .warc files: the records' bytes.
"$GEN" -o plain --plain --size 1M --files 1 --seed 12 --truth ptruth >/dev/null 2>&1
python3 records.py plain/*.warc >in.rec
awk '{ if (NR % 2) print $0, "keep"; else print $0, "covered-by", $1, 0, 1, 1, 1 }' ptruth >cover
INPUTS=plain/warcgen-00000.warc
check_mode default
[ "$(ls out-default)" = "warcgen-00000.warc" ] || fail "plain: $(ls out-default)"

# Interrupted while writing: exit 130, no temporary file, no output; the
# next run removes a leftover of a killed run (not another file's).
"$GEN" -o big --size 60M --files 1 --seed 13 --incompressible 0.9 --truth btruth >/dev/null 2>&1
awk '{ print $1, $2 }' btruth >blist
mkdir out-big
"$WF" -q -m blist -o out-big big/warcgen-00000.warc.gz 2>big.err &
pid=$!
for _ in $(seq 1000); do
  compgen -G "out-big/.warcgen-00000.warc.gz.warcfilter-*" >/dev/null && break
  sleep 0.01
done
compgen -G "out-big/.warcgen-00000.warc.gz.warcfilter-*" >/dev/null ||
  fail "no temporary file seen while writing"
kill -INT "$pid"
set +e
wait "$pid"
rc=$?
set -e
[ "$rc" = 130 ] || fail "interrupted: exit $rc, expected 130"
[ -z "$(ls -A out-big)" ] || fail "interrupted: left $(ls -A out-big)"
touch out-big/.warcgen-00000.warc.gz.warcfilter-Ab12Cd out-big/.other.warc.gz.warcfilter-Ab12Cd
run "$WF" -m blist -o out-big big/warcgen-00000.warc.gz
[ "$rc" = 0 ] || fail "after the interruption: exit $rc: $(cat "$WORK/err")"
grep -qx "warcfilter: out-big/.warcgen-00000.warc.gz.warcfilter-Ab12Cd: removed the temporary file of an interrupted run" \
  "$WORK/err" || fail "leftover not reported: $(cat "$WORK/err")"
expect_eq "after the interruption" ".other.warc.gz.warcfilter-Ab12Cd warcgen-00000.warc.gz" \
  "$(ls -A out-big | tr '\n' ' ' | sed 's/ $//')"
cmp big/warcgen-00000.warc.gz out-big/warcgen-00000.warc.gz || fail "every record listed: not a copy"
echo "ok"
