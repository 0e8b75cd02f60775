# cover::SolveCover against an ILP solver: on 32 random graphs of 25 to 64
# vertices (one component or several, sparse to dense), the size of the
# cover that cover_solve_probe prints must equal GLPK's optimum of
#   minimise sum x_u  subject to  sum_{u in C(v)} x_u >= 1 for every v,
# x binary, C(v) = {v} and v's coverers. The printed cover must be one, and
# no larger than the greedy baseline's (--greedy).
source "$(dirname "$0")/common.bash"
PROBE="$TESTBIN/cover_solve_probe"
[ -x "$PROBE" ] || fail "$PROBE not built"
command -v glpsol >/dev/null || { echo "skipped: no glpsol (glpk-utils)"; exit 77; }

greedy_worse=0
for seed in $(seq 1 32); do
  # n vertices, n * density arcs (some of them self-arcs or repeats).
  awk -v seed="$seed" 'BEGIN {
    srand(seed); n = 25 + (seed * 13) % 40; density = 1 + seed % 4
    print n
    for (i = 0; i < n * density; i++) print int(rand() * n), int(rand() * n)
  }' >"$WORK/graph"
  awk 'NR == 1 { n = $1; next }
    { if ($1 != $2 && !(($1, $2) in seen)) { seen[$1, $2] = 1; terms[$1] = terms[$1] " + x" $2 } }
    END {
      print "Minimize"; printf " obj:"; for (v = 0; v < n; v++) printf " + x%d", v; print ""
      print "Subject To"; for (v = 0; v < n; v++) printf " c%d: x%d%s >= 1\n", v, v, terms[v]
      print "Binary"; for (v = 0; v < n; v++) printf " x%d\n", v
      print "End"
    }' "$WORK/graph" >"$WORK/cover.lp"
  glpsol --lp "$WORK/cover.lp" -o "$WORK/solution" >"$WORK/glpsol.log" ||
    fail "seed $seed: glpsol: $(tail -3 "$WORK/glpsol.log")"
  optimum=$(awk '/^Objective:/ { print $4 }' "$WORK/solution")
  grep -q "INTEGER OPTIMAL" "$WORK/solution" || fail "seed $seed: glpsol found no proven optimum"

  "$PROBE" <"$WORK/graph" >"$WORK/kept" 2>"$WORK/stats" || fail "seed $seed: probe failed"
  "$PROBE" --greedy <"$WORK/graph" >"$WORK/greedy" 2>/dev/null || fail "seed $seed: probe --greedy"
  expect_eq "seed $seed: cover size against GLPK's optimum" "$optimum" "$(wc -l <"$WORK/kept")"
  # Every vertex kept or with an arc to a kept one.
  uncovered=$(awk 'FNR == NR { kept[$1] = 1; next } FNR == 1 { n = $1; next }
    kept[$2] { covered[$1] = 1 }
    END { for (v = 0; v < n; v++) if (!kept[v] && !covered[v]) print v }' "$WORK/kept" "$WORK/graph")
  expect_eq "seed $seed: vertices left uncovered" "" "$uncovered"
  greedy=$(wc -l <"$WORK/greedy")
  [ "$greedy" -ge "$optimum" ] || fail "seed $seed: greedy $greedy below the optimum $optimum"
  [ "$greedy" -gt "$optimum" ] && greedy_worse=$((greedy_worse + 1))
done
echo "greedy above the optimum on $greedy_worse of 32 graphs"
