# warcshingle on the real WARC and ARC files of ../shared/interop (real
# HTML, real charsets and codings, damaged files): it exits as warcsum does
# on each file (both read records the same way), never crashes, and every
# key it signs is one of warcsum's manifest lines, in the same order.
source "$SRC/tests/cli/common.bash"
need_interop
SHINGLE="$BIN/warcshingle/warcshingle"
WARCSUM="$BIN/warcsum/warcsum"
checked=0 signed=0
while IFS= read -r -d '' file; do
  set +e
  "$WARCSUM" "$file" >"$WORK/manifest" 2>/dev/null
  sum_rc=$?
  "$SHINGLE" -q -o "$WORK/sig" "$file" 2>"$WORK/err"
  rc=$?
  set -e
  [ $rc -le 1 ] || fail "$file: exit status $rc: $(cat "$WORK/err")"
  expect_eq "$file: exit status (warcsum's)" "$sum_rc" "$rc"
  "$SHINGLE" --dump "$WORK/sig" | tail -n +2 | cut -d' ' -f1-6 >"$WORK/keys"
  # Keys in manifest order: the lines of warcsum's manifest that were signed.
  grep -Fxf "$WORK/keys" "$WORK/manifest" >"$WORK/expected" || true
  cmp -s "$WORK/keys" "$WORK/expected" || fail "$file: keys are not warcsum's lines in order"
  checked=$((checked + 1))
  signed=$((signed + $(wc -l <"$WORK/keys")))
done < <(find "$INTEROP" -type f \( -name '*.warc' -o -name '*.warc.gz' -o -name '*.arc' -o -name '*.arc.gz' \) -print0 | sort -z)
[ $checked -gt 10 ] || fail "only $checked interop files found"
[ $signed -gt 20 ] || fail "only $signed pages signed in $checked files"
echo "ok: $checked files, $signed pages"
