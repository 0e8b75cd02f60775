# warcnear --exact against an independent brute force: a Python reader of
# the signature file (warcsig(5)) computes every pair's exact similarity;
# both must give the same lines at t = 0.5, 0.8 and 0.9 for each measure,
# with identical sets paired as warcnear(1) says (each member with the
# first of its group, in capture order, only). LSH's lines must be a subset.
source "$(dirname "$0")/common.bash"
W="$BIN/warcnear/warcnear"
[ -x "$W" ] || fail "$W not built"
command -v python3 >/dev/null || { echo "skipped: no python3"; exit 77; }

# 100 pages of 200 shingles overlapping their neighbours by 50; per page
# variants of 2, 10, 25, 60 edits, a prefix of 120 shingles (contained)
# and a copy.
awk 'BEGIN {
  split("2 10 25 60", edits, " ")
  for (p = 0; p < 100; p++) {
    base = p * 150; n = 0
    printf "h%d.warc.gz %d 2024-04-01T00:%02d:%02dZ %d-%d\n", p % 4, p * 10, p % 60, n++, base + 1, base + 200
    for (v = 1; v <= 4; v++) {
      e = edits[v]; new = 1000000 + p * 1000 + v * 100
      printf "h%d.warc.gz %d 2024-04-01T00:%02d:%02dZ %d-%d,%d-%d\n", (p + v) % 4, p * 10 + v, p % 60, n++, base + 1, base + 200 - e, new + 1, new + e
    }
    printf "h%d.warc.gz %d 2024-04-01T00:%02d:%02dZ %d-%d\n", (p + 1) % 4, p * 10 + 5, p % 60, n++, base + 1, base + 120
    printf "h%d.warc.gz %d 2024-04-01T00:%02d:%02dZ %d-%d\n", (p + 2) % 4, p * 10 + 6, p % 60, n++, base + 1, base + 200
  }
}' >"$WORK/spec.txt"
NEARDUP_FIXTURE_SPEC="$WORK/spec.txt" NEARDUP_FIXTURE_OUT="$WORK/b.sig" \
  "$TESTBIN/unit_tests" "[.warcnear-fixture]" >/dev/null || fail "fixture"

cat >"$WORK/brute.py" <<'END'
import struct, sys
data = open(sys.argv[1], "rb").read()
assert data[:8] == b"WARCSIG\0" and data[-8:] == b"WSIGEND\0"
assert struct.unpack_from("<I", data, 8)[0] == 2
num_perm = struct.unpack_from("<I", data, 20)[0]
sketches_at, index_at, count = struct.unpack_from("<QQQ", data, len(data) - 32)
entry = 16 + (4 * num_perm + 7) // 8 * 8  # simhash, shingle count, minhash
recs = []
for i in range(count):
    at = struct.unpack_from("<Q", data, index_at + 8 * i)[0]
    offset = struct.unpack_from("<Q", data, at + 8)[0]
    n = struct.unpack_from("<Q", data, sketches_at + entry * i + 8)[0]
    lengths = struct.unpack_from("<7I", data, at + 32)
    shingles = frozenset(struct.unpack_from("<%dQ" % n, data, at + 64))
    s = at + 64 + 8 * n
    strings = []
    for l in lengths:
        strings.append(data[s:s + l].decode()); s += l
    recs.append((strings[2], strings[0], offset, shingles))  # date, file, offset, set
recs.sort(key=lambda r: (r[0].encode(), r[1].encode(), r[2]))
first, reps = {}, []
for i, r in enumerate(recs):
    if r[3] and r[3] not in first:
        first[r[3]] = i; reps.append(i)
pairs = []  # (i, j, inter)
for r in range(len(reps)):
    a = recs[reps[r]][3]
    for q in range(r + 1, len(reps)):
        b = recs[reps[q]][3]
        k = len(a & b)
        if k: pairs.append((reps[r], reps[q], k))
stars = [(first[r[3]], i) for i, r in enumerate(recs) if r[3] and first[r[3]] != i]
def line(i, j):
    a, b = recs[i], recs[j]
    if (b[1].encode(), b[2]) < (a[1].encode(), a[2]): a, b = b, a
    k = len(a[3] & b[3])
    return "%s %d %s %d %.4f %.4f %.4f" % (a[1], a[2], b[1], b[2], k / len(a[3] | b[3]), k / len(a[3]), k / len(b[3]))
for measure in ("jaccard", "containment", "dice"):
    for t in (0.5, 0.8, 0.9):
        out = [line(i, j) for i, j in stars]
        for i, j, k in pairs:
            na, nb = len(recs[i][3]), len(recs[j][3])
            v = {"jaccard": k / (na + nb - k), "containment": k / min(na, nb), "dice": 2 * k / (na + nb)}[measure]
            if v >= t: out.append(line(i, j))
        with open("%s/%s-%s.txt" % (sys.argv[2], measure, t), "w") as f:
            f.write("".join(sorted((l + "\n" for l in out), key=lambda l: l.encode())))
END
python3 "$WORK/brute.py" "$WORK/b.sig" "$WORK"

for measure in jaccard containment dice; do
  for t in 0.5 0.8 0.9; do
    expected="$WORK/$measure-$t.txt"
    [ "$(wc -l <"$expected")" -ge 100 ] || fail "$measure $t: brute force found only $(wc -l <"$expected")"
    run "$W" -q --exact --measure "$measure" -t "$t" -j 2 "$WORK/b.sig"
    expect_eq "exact $measure $t: exit" 0 "$rc"
    cmp -s "$expected" "$WORK/out" || { diff "$expected" "$WORK/out" | head >&2; fail "exact $measure $t"; }
    run "$W" -q --measure "$measure" -t "$t" "$WORK/b.sig"
    comm -13 "$expected" "$WORK/out" | grep -q . && fail "lsh $measure $t: a line brute force has not"
  done
done
echo "ok"
