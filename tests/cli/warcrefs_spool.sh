# warcrefs -m -: the manifest on standard input is copied to a temporary
# file in $TMPDIR (not a fixed /tmp), and a copy cut short is an error:
# nothing is rewritten from part of a manifest.
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/common.bash"
REFS="$BIN/warcrefs/warcrefs"
[ -x "$REFS" ] || { echo "skipped: $REFS not built"; exit 77; }
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
cd "$WORK"

# Two identical responses: the second is a copy of the first.
mkdir in out
PYTHONPATH="$HERE" python3 - in <<'PY'
import hashlib, sys
from warcrec import record
# A page that compresses poorly, so that its revisit is smaller.
page = b"".join(hashlib.sha256(b"%d" % i).hexdigest().encode() for i in range(40))
with open(sys.argv[1] + "/a.warc.gz", "wb") as f:
    f.write(record("response", 1, "http://a.example/", "2020-01-01T00:00:00Z", page))
    f.write(record("response", 2, "http://a.example/", "2020-01-02T00:00:00Z", page))
PY
"$BIN/warcsum/warcsum" -q in/a.warc.gz | LC_ALL=C sort -k6,6 |
  "$BIN/warccollres/warccollres" -q --proc -d in | LC_ALL=C sort -k1,1 -k2,2n > processed
[ "$(awk '$8 > 1' processed | wc -l)" -eq 1 ] || fail "no copy in the manifest: $(cat processed)"

# $TMPDIR is where the copy goes: one that does not exist is an error.
set +e
TMPDIR="$WORK/missing" "$REFS" -m - -o out in < processed > /dev/null 2> err; rc=$?
set -e
expect_eq "missing TMPDIR: exit status" 1 "$rc"
expect_eq "missing TMPDIR: message" "warcrefs: cannot create a temporary file for the manifest" \
  "$(cat err)"
expect_eq "missing TMPDIR: nothing written" "" "$(ls -A out)"

# A copy that cannot be written (here: a file size limit of 0 blocks, with
# SIGXFSZ ignored, so that write fails with EFBIG) is an error, not an
# empty manifest. stderr goes through a pipe, which the limit spares.
mkdir tmp
set +e
err=$( (trap '' XFSZ; ulimit -f 0; TMPDIR="$WORK/tmp" exec "$REFS" -m - -o out in < processed) 2>&1 >/dev/null)
rc=$?
set -e
expect_eq "write error: exit status" 1 "$rc"
expect_eq "write error: message" \
  "warcrefs: standard input: cannot copy the manifest to a temporary file in $WORK/tmp: write error: File too large; nothing rewritten" \
  "$err"
expect_eq "write error: nothing written" "" "$(ls -A out)"
expect_eq "write error: the copy is removed" "" "$(ls -A tmp)"

# The same manifest, spooled: the copy is converted, and the spool removed.
TMPDIR="$WORK/tmp" "$REFS" -q -m - -o out in < processed
[ -s out/a.warc.gz ] || fail "nothing rewritten from standard input"
[ "$(stat -c %s out/a.warc.gz)" -lt "$(stat -c %s in/a.warc.gz)" ] || fail "out/a.warc.gz is not smaller"
expect_eq "the spool is removed" "" "$(ls -A tmp)"
echo ok
