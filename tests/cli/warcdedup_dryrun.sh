# warcdedup --dry-run predicts the real run: one saving figure (warcrefs
# --dry-run's exact bytes), equal to what the real run saves, and the same
# table. The corpus holds a duplicate with a tiny payload, whose revisit
# would be bigger than the record: warcrefs keeps it (a "would-grow" kept
# copy), so the run never makes a file bigger.
source "$(dirname "$0")/common.bash"
GEN="$TESTBIN/warcgen"
DEDUP="$BIN/warcdedup/warcdedup"
[ -x "$GEN" ] || fail "$GEN not built"

"$GEN" --out "$WORK/in" --size 2M --files 2 --seed 61 -q
export PYTHONPATH="$(dirname "$0")"
python3 - "$WORK/in/tiny.warc.gz" <<'PY'
import sys
from warcrec import record
P = b"x"
with open(sys.argv[1], "wb") as f:
    f.write(record("response", 1, "http://t.example/a", "2020-01-01T00:00:00Z", P))
    f.write(record("response", 2, "http://t.example/b", "2020-01-02T00:00:00Z", P))
PY
cp -r "$WORK/in" "$WORK/pristine"

run "$DEDUP" -q --dry-run -w "$WORK/dry" "$WORK/in"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "--dry-run exited $rc"; }
diff -r "$WORK/in" "$WORK/pristine" >/dev/null || fail "--dry-run changed files"
cp "$WORK/out" "$WORK/dry.out"
expect_eq "--dry-run -q: nothing on stderr" "" "$(cat "$WORK/err")"
# One byte figure, and only one.
expect_eq "--dry-run: one note" 1 "$(grep -c '^(dry run' "$WORK/dry.out")"
predicted=$(sed -n 's/^(dry run: .* the run would save \([0-9]*\) bytes)$/\1/p' "$WORK/dry.out")
[ -n "$predicted" ] || fail "--dry-run: no saving figure: $(cat "$WORK/dry.out")"
expect_eq "--dry-run: numbers in the note" 2 "$(grep '^(dry run' "$WORK/dry.out" | grep -o '[0-9][0-9]*' | wc -l)"

run "$DEDUP" -q -o "$WORK/o" "$WORK/in"
[ "$rc" -eq 0 ] || { cat "$WORK/err" >&2; fail "the real run exited $rc"; }
read -r before after < <(awk '$1 == "total" { print $5, $6 }' "$WORK/out")
expect_eq "the dry run's saving = the real run's" "$((before - after))" "$predicted"
expect_eq "the dry run's table = the real run's" "$(cat "$WORK/out")" "$(grep -v '^(dry run' "$WORK/dry.out")"

# The tiny duplicate stays (its revisit would be bigger), and so no file grew.
# (Needs warcrefs' would-grow check.)
grep -q "would-grow" "$WORK/o/.warcdedup/kept.txt" || fail "the tiny duplicate was not kept: $(cat "$WORK/o/.warcdedup/kept.txt")"
for f in "$WORK"/o/*; do
  [ "$(stat -c %s "$f")" -lt "$(stat -c %s "$WORK/in/${f##*/}")" ] || fail "${f##*/} did not shrink"
done
echo "ok: $predicted bytes saved"
