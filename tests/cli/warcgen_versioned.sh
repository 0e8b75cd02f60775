# warcgen --versioned: re-crawled sites with ground truth for the cover-set
# stage. Same seed, same bytes (files and --stdout stream); warcsum reads
# the files cleanly and prints exactly truth/manifest, whose keys are
# versions.tsv's; the kinds come in the documented proportions, with dates
# and hosts as documented; and by warcshingle's shingles (default dom
# extraction) every grown version's predecessor lies in it (containment
# >= 0.7, Jaccard low), as do the bases of the other kinds but rewritten.
source "$SRC/tests/cli/common.bash"
WARCSUM="$BIN/warcsum/warcsum"
SHINGLE="$BIN/warcshingle/warcshingle"
GEN="$TESTBIN/warcgen"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }

ARGS=(--versioned --docs 3000 --sites 24 --seed 7)
"$GEN" -q "${ARGS[@]}" --out "$WORK/a"
files=("$WORK/a"/*.warc.gz)
[ ${#files[@]} -eq 4 ] || fail "expected 4 WARC files (the default), found ${#files[@]}"

# Same seed: the same bytes; another seed: other pages.
"$GEN" -q "${ARGS[@]}" --out "$WORK/b"
for f in "$WORK"/a/*.warc.gz "$WORK"/a/truth/*; do
  cmp "$f" "$WORK/b/${f#"$WORK/a/"}" || fail "output differs between runs: $f"
done
"$GEN" -q --versioned --docs 3000 --sites 24 --seed 8 --out "$WORK/c"
cmp -s "$WORK/a/truth/versions.tsv" "$WORK/c/truth/versions.tsv" && fail "seeds 7 and 8 agree"

run "$WARCSUM" --recompute "${files[@]}"
expect_eq "warcsum exit status" 0 "$rc"
expect_eq "warcsum stderr" "" "$(cat "$WORK/err")"
cmp "$WORK/out" "$WORK/a/truth/manifest" || fail "warcsum's manifest differs from truth/manifest"

run "$SHINGLE" -q -o "$WORK/a.sig" "${files[@]}"
expect_eq "warcshingle exit status" 0 "$rc"
"$SHINGLE" --dump --shingles "$WORK/a.sig" >"$WORK/a.dump"

python3 - "$WORK/a/truth" "$WORK/a.dump" <<'EOF'
import collections, sys
from urllib.parse import urlsplit
d, dump = sys.argv[1], sys.argv[2]
def fail(msg):
    sys.exit("FAIL: " + msg)

lines = [l.rstrip("\n").split("\t") for l in open(d + "/versions.tsv")]
if lines[0] != ["#file", "offset", "uri", "date", "host", "page", "version", "kind", "base"]:
    fail("versions.tsv header: %s" % lines[0])
rows = [dict(zip(["file", "offset", "uri", "date", "host", "page", "version", "kind", "base"], l))
        for l in lines[1:]]
manifest = [l.split() for l in open(d + "/manifest")]
if len(rows) != 3000 or len(manifest) != 3000:
    fail("expected 3000 records: %d in versions.tsv, %d in the manifest" % (len(rows), len(manifest)))
for r, m in zip(rows, manifest):
    if [r["file"], r["offset"], r["uri"], r["date"]] != [m[0], m[1], m[3], m[4]]:
        fail("versions.tsv line differs from the manifest: %s / %s" % (r, m))
    if urlsplit(r["uri"]).hostname != r["host"]:
        fail("host %s of %s" % (r["host"], r["uri"]))
    if not "2009-01-01" <= r["date"] <= "2011-12-31T23:59:59Z":
        fail("date outside 2009-2011: %s" % r)

by_id = {r["page"] + ":" + r["version"]: r for r in rows}
pages = collections.defaultdict(list)
for r in rows:
    pages[r["page"]].append(r)
for page, versions in pages.items():
    if [v["version"] for v in versions] != [str(i + 1) for i in range(len(versions))]:
        fail("page %s: versions out of order" % page)
    if len({v["uri"] for v in versions}) != 1:
        fail("page %s: more than one URI" % page)
    if any(a["date"] >= b["date"] for a, b in zip(versions, versions[1:])):
        fail("page %s: dates do not increase with the version" % page)
for r in rows:
    base = by_id.get(r["base"])
    first = r["version"] == "1"
    if first != (r["kind"] in ("new", "absorbs", "moved")):
        fail("kind %s at version %s" % (r["kind"], r["version"]))
    if (r["kind"] == "new") != (r["base"] == "-"):
        fail("base %s of a %s version" % (r["base"], r["kind"]))
    if r["kind"] == "new":
        continue
    if not base or base["date"] >= r["date"]:
        fail("%s: base %s missing or not earlier" % (r["kind"], r["base"]))
    if not first and r["base"] != r["page"] + ":" + str(int(r["version"]) - 1):
        fail("version %s:%s derives from %s" % (r["page"], r["version"], r["base"]))
    if r["kind"] == "absorbs" and (base["host"] != r["host"] or base["uri"] == r["uri"]):
        fail("absorbing page %s not at another URL of its base's site" % r["page"])
    if r["kind"] == "moved" and (base["host"] == r["host"] or
                                 urlsplit(base["uri"]).path != urlsplit(r["uri"]).path):
        fail("moved page %s not at its base's path on another host" % r["page"])
if len([r for r in rows if r["kind"] in ("absorbs", "moved")]) != \
        len({r["base"] for r in rows if r["kind"] in ("absorbs", "moved")}):
    fail("a page absorbed or moved twice")

# The mix: 2.2 versions a URL; of first versions 76% new, 12% absorbs, 12%
# moved; of later ones 40% unchanged, 30% edited, 15% grown (a little less:
# long pages are edited instead), 15% rewritten.
kinds = collections.Counter(r["kind"] for r in rows)
firsts, laters = len(pages), len(rows) - len(pages)
per_url = len(rows) / len(pages)
if not 1.95 <= per_url <= 2.45: fail("%.2f versions per URL" % per_url)
for kind, n, lo, hi in [("new", firsts, 0.68, 0.84), ("absorbs", firsts, 0.08, 0.16),
                        ("moved", firsts, 0.08, 0.16), ("unchanged", laters, 0.35, 0.45),
                        ("edited", laters, 0.25, 0.37), ("grown", laters, 0.10, 0.19),
                        ("rewritten", laters, 0.11, 0.19)]:
    if not lo <= kinds[kind] / n <= hi:
        fail("%s: %.3f of its versions, expected %.2f-%.2f" % (kind, kinds[kind] / n, lo, hi))
hosts = {r["host"] for r in rows}
domains = collections.Counter(".".join(h.split(".")[-3:]) for h in hosts if h.endswith(".co.uk"))
if len(hosts) != 24 or max(domains.values()) < 3:
    fail("expected 24 hosts, some three to a registered domain: %s" % sorted(hosts))

# By warcshingle's shingles: how much of the base lies in the version.
shingles = {}
for line in open(dump):
    if not line.startswith("#"):
        f = line.rstrip("\n").split(" ")
        shingles[(f[0], f[1])] = set(f[-1].split(","))
if len(shingles) != 3000: fail("warcshingle signed %d records, not 3000" % len(shingles))
def measure(r):
    b = by_id[r["base"]]
    a, v = shingles[(b["file"], b["offset"])], shingles[(r["file"], r["offset"])]
    return len(a & v) / len(a), len(a & v) / len(a | v)
for kind in ("grown", "absorbs", "unchanged", "edited", "moved", "rewritten"):
    m = [measure(r) for r in rows if r["kind"] == kind]
    contained = sum(c >= 0.7 for c, j in m) / len(m)
    low_j = sum(j < 0.7 for c, j in m) / len(m)
    print("%-9s %4d: base contained %.3f, Jaccard < 0.7 %.3f" % (kind, len(m), contained, low_j))
    if kind == "rewritten":
        if contained > 0: fail("a rewritten version contains its base")
    elif contained < 0.9:
        fail("%s: only %.3f of the bases contained" % (kind, contained))
    if kind in ("grown", "absorbs") and low_j < 0.9:
        fail("%s: Jaccard with the base not low (%.3f below 0.7)" % (kind, low_j))
EOF

# --stdout: one stream, the records of the files (the split changes no
# page); warcshingle reads it from a pipe (as /dev/stdin: its '-' is a list
# of paths).
"$GEN" -q "${ARGS[@]}" --stdout --out "$WORK/s" >"$WORK/s.warc.gz"
[ "$(ls "$WORK/s")" = truth ] || fail "--stdout --out wrote more than the truth"
expect_eq "stream records" "$(cut -f3- "$WORK/a/truth/versions.tsv")" \
  "$(cut -f3- "$WORK/s/truth/versions.tsv")"
run "$WARCSUM" --recompute "$WORK/s.warc.gz"
expect_eq "stream manifest" "$(sed 's/^- /s.warc.gz /' "$WORK/s/truth/manifest")" "$(cat "$WORK/out")"
"$GEN" -q "${ARGS[@]}" --stdout | "$SHINGLE" -q -o "$WORK/s.sig" /dev/stdin
expect_eq "records signed from the pipe" 3000 "$("$SHINGLE" --dump "$WORK/s.sig" | grep -vc '^#')"

# Usage errors: exit 2 with a message.
for bad in "--docs 0" "--neardup" "--pages 5" "--files 3 --stdout" "--docs 2 --files 3"; do
  # shellcheck disable=SC2086
  run "$GEN" --versioned --out "$WORK/u" $bad
  expect_eq "exit status for $bad" 2 "$rc"
  grep -q . "$WORK/err" || fail "no message for $bad"
done
run "$GEN" --out "$WORK/u" --docs 5
expect_eq "--docs without --versioned" "warcgen: --docs needs --versioned" "$(cat "$WORK/err")"
echo "ok"
