# The history invariant (tests/invariant/check_invariant.py, an independent
# reader) on the outputs of warcdedup -o, warcrefs -o, and warcrefs
# --in-place killed at random points, over generated corpora with known truth,
# hostile records (forged digests, tiny payloads, damage) and the interop files.
source "$(dirname "$0")/common.bash"
GEN="$TESTBIN/warcgen"
DEDUP="$BIN/warcdedup/warcdedup"
WARCSUM="$BIN/warcsum/warcsum"
COLLRES="$BIN/warccollres/warccollres"
REFS="$BIN/warcrefs/warcrefs"
CHECK="$(dirname "$0")/../invariant/check_invariant.py"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }

check() {  # check WHAT BEFORE AFTER
  if ! python3 "$CHECK" "$2" "$3" > "$WORK/inv"; then
    cat "$WORK/inv" >&2
    fail "$1: the invariant does not hold"
  fi
  echo "$1: $(tail -1 "$WORK/inv")"
}

# A generated collection: every gzip layout and version, a plain file.
"$GEN" --out "$WORK/gen" --size 3M --files 2 --seed 21 --version mixed -q
"$GEN" --out "$WORK/gen" --prefix plain --size 1M --files 1 --seed 22 --plain -q
"$GEN" --out "$WORK/gen" --prefix v11 --size 1M --files 1 --seed 23 --version 1.1 --near-dup-rate 0.3 -q
# Hostile records: a stored digest forged to equal another payload's (a
# false duplicate by digest), payloads of a few bytes (a revisit is bigger),
# the same payload under two spellings of one URI.
PYTHONPATH="$(dirname "$0")" python3 - "$WORK/gen/hostile.warc.gz" <<'PY'
import sys, base64, hashlib, warcrec
def forged(n, uri, date, payload, like):
    digest = "sha1:" + base64.b32encode(hashlib.sha1(like).digest()).decode()
    r = warcrec.record("response", n, uri, date, payload)
    import gzip
    text = gzip.decompress(r)
    own = "sha1:" + base64.b32encode(hashlib.sha1(payload).digest()).decode()
    return gzip.compress(text.replace(own.encode(), digest.encode()), mtime=0)
a = b"the original article " * 200
with open(sys.argv[1], "wb") as f:
    f.write(warcrec.record("response", 1, "http://h.example/a", "2020-01-01T00:00:00Z", a))
    f.write(forged(2, "http://h.example/b", "2020-01-02T00:00:00Z", b"a different article " * 200, a))
    f.write(warcrec.record("response", 3, "http://h.example/a", "2020-01-03T00:00:00Z", a))
    f.write(warcrec.record("response", 4, "http://h.example/t", "2020-01-04T00:00:00Z", b"ok"))
    f.write(warcrec.record("response", 5, "http://h.example/t", "2020-01-05T00:00:00Z", b"ok"))
    f.write(warcrec.record("response", 6, "http://H.EXAMPLE:80/a", "2020-01-06T00:00:00Z", a))
PY
cp -r "$WORK/gen" "$WORK/gen.pristine"

# 1. warcdedup -o
run "$DEDUP" -q -o "$WORK/out1" "$WORK/gen"
[ "$rc" -le 1 ] || { cat "$WORK/err" >&2; fail "warcdedup -o exited $rc"; }
diff -r "$WORK/gen" "$WORK/gen.pristine" >/dev/null || fail "warcdedup -o changed its inputs"
check "warcdedup -o" "$WORK/gen" "$WORK/out1"
grep -q "revisits made, 0 violations" "$WORK/inv" && ! grep -q " 0 revisits made" "$WORK/inv" ||
  fail "warcdedup -o made no revisits"

# 2. The chain by hand, warcrefs -o.
"$WARCSUM" -q -r "$WORK/gen" --revisit-refs "$WORK/refs" > "$WORK/sums" || true
LC_ALL=C sort -k6,6 "$WORK/sums" | "$COLLRES" -q -d "$WORK/gen" --proc > "$WORK/processed" || true
LC_ALL=C sort -k1,1 -k2,2n "$WORK/processed" > "$WORK/by-file"
mkdir "$WORK/out2"
run "$REFS" -q -m "$WORK/by-file" --referenced "$WORK/refs" -o "$WORK/out2" "$WORK/gen"
[ "$rc" -le 1 ] || { cat "$WORK/err" >&2; fail "warcrefs -o exited $rc"; }
check "warcrefs -o" "$WORK/gen" "$WORK/out2"

# 3. warcrefs --in-place, killed at random points, then run to the end.
for i in 1 2 3 4 5 6; do
  rm -rf "$WORK/inplace"
  cp -r "$WORK/gen.pristine" "$WORK/inplace"
  "$REFS" -q -j 2 -m "$WORK/by-file" --referenced "$WORK/refs" --in-place "$WORK/inplace" 2>/dev/null &
  pid=$!
  sleep "0.0$((RANDOM % 10))$((RANDOM % 10))"
  kill -9 "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  check "kill -9 #$i" "$WORK/gen.pristine" "$WORK/inplace"
  run "$REFS" -q -m "$WORK/by-file" --referenced "$WORK/refs" --in-place "$WORK/inplace"
  [ "$rc" -le 1 ] || { cat "$WORK/err" >&2; fail "warcrefs --in-place after kill -9 exited $rc"; }
  check "re-run after kill -9 #$i" "$WORK/gen.pristine" "$WORK/inplace"
  leftovers=$(find "$WORK/inplace" -name '.*.warcrefs-*')
  [ -z "$leftovers" ] || fail "re-run after kill -9 #$i left temporary files: $leftovers"
done

# 4. A collection holding a damaged file (a copy cut short).
cp -r "$WORK/gen.pristine" "$WORK/dmg"
f=$(ls "$WORK/dmg"/warcgen-*.warc.gz | head -1)
head -c $(( $(stat -c %s "$f") * 2 / 3 )) "$f" > "$WORK/dmg/cut.warc.gz"
cp -r "$WORK/dmg" "$WORK/dmg.pristine"
run "$DEDUP" -q -o "$WORK/out4" "$WORK/dmg"
[ "$rc" -le 1 ] || { cat "$WORK/err" >&2; fail "warcdedup on a damaged collection exited $rc"; }
check "damaged collection" "$WORK/dmg.pristine" "$WORK/out4"
# The damage stops only its own file: the rest is deduplicated.
if grep -q " 0 revisits made" "$WORK/inv"; then fail "damaged collection: nothing deduplicated"; fi
grep -q "cut.warc.gz" "$WORK/err" || fail "damaged collection: the damaged file is not named: $(cat "$WORK/err")"

# 5. The interop files, with a second copy of two real crawls (every
# response of which is then a duplicate).
if [ -d "$INTEROP" ]; then
  mkdir "$WORK/interop"
  find "$INTEROP" -type f \( -name '*.warc' -o -name '*.warc.gz' \) | while read -r f; do
    cp "$f" "$WORK/interop/$(basename "$(dirname "$f")")-$(basename "$f")"
  done
  cp "$INTEROP/pywb/iana.warc.gz" "$WORK/interop/copy-iana.warc.gz"
  cp "$INTEROP/jwarc/cc.warc.gz" "$WORK/interop/copy-cc.warc.gz"
  run "$DEDUP" -q -o "$WORK/out5" "$WORK/interop"
  [ "$rc" -le 1 ] || { cat "$WORK/err" >&2; fail "warcdedup on the interop files exited $rc"; }
  check "interop" "$WORK/interop" "$WORK/out5"
  if grep -q " 0 revisits made" "$WORK/inv"; then fail "interop: nothing deduplicated"; fi
else
  echo "interop: skipped ($INTEROP absent)"
fi
