#!/usr/bin/env bash
# Behaviour before and after a change: runs every tool of two builds on the
# same inputs and compares stdout, stderr, exit status and the files written,
# byte for byte, after the normalisations listed below. Not a CTest test (it
# needs two builds); issue 12 asks for it in the closing note.
#
#   tests/compare_builds.sh [--keep] [--size SIZE] [--interop DIR] OLD_BUILD NEW_BUILD
#   tests/compare_builds.sh /work/baseline/build build
#
# A build is a CMake build directory: BUILD/tools/NAME/NAME for each tool
# (warcdedup: BUILD/tools/warcdedup/warcdedup), BUILD/tests/warcgen for the
# corpus (OLD's, else NEW's). Inputs: gen, a clean corpus made by warcgen
# (--size, 8M by default; gzip and plain, WARC/1.0 and 1.1, a name that needs
# percent-encoding); mixed, what tools must report (one gzip stream for a whole
# file, a damaged member, a file that is no WARC, copies of gen files); and
# the real files of ../shared/interop (or --interop DIR) when present, with an
# ARC file under a name that is not .arc. Intermediate manifests fed to a
# stage are made once, with OLD's tools, so that each comparison isolates one
# tool; the upstream stages are compared on their own.
#
# Prints one line per comparison ("same", "DIFFERENT" with a diff, or
# "different, as intended: WHY" for the list below) and a summary; exits 1 on
# any difference not in that list. --keep leaves the scratch directory.
#
# Normalisations, applied to both sides (not behaviour: noise):
#   - the scratch directory of each side is written <WORK>;
#   - durations and rates ("0.12 s", "3.4 MB/s") are written T s and R/s;
#   - in WARC files written by warcrefs and warcdedup, the WARC-Record-ID of
#     revisit records (fresh random UUIDs on every run) is masked; files are
#     compared decompressed, record by record, their sizes in the listing.
# Intended differences (issue 12; each applied only where it belongs):
#   1. one name for stdin: "stdin" in messages (stderr) is read as
#      "standard input", which every tool says after the change;
#   2. one usage-error wording: when both sides exit 2, the
#      "Try 'TOOL --help' for more information." lines are left out (after
#      the change every usage error has it, before some did not);
#   3. ARC recognised by content, not by file name, in warcsumcmp: the
#      comparisons named in INTENDED below may differ (an ARC file whose
#      name does not end in .arc or .arc.gz, checked without --kept);
#   4. warcsumcmp --help lists the options issue 12 adds (-d for ARC by
#      content, --table and its companions for warcdedup's table), and
#      warcsum --help the input listing warcdedup now asks it for.
set -uo pipefail

# Comparisons allowed to differ, and why (intended differences 3 and 4).
declare -A INTENDED=(
  [warcsumcmp.interop.nokept]="ARC recognised by content (arc-by-content.dat holds ARC records)"
  [warcsumcmp.help]="new options: -d/--warc-dir (ARC by content), --table and its companions"
  [warcsum.help]="new options: --list-inputs and --damaged-list (warcdedup's listing, in C++)"
)

keep=0 size=8M interop=""
while [ $# -gt 0 ]; do
  case "$1" in
    --keep) keep=1; shift ;;
    --size) size=$2; shift 2 ;;
    --interop) interop=$2; shift 2 ;;
    -h | --help) sed -n '2,40s/^# \{0,1\}//p' "$0"; exit 0 ;;
    -*) echo "compare_builds.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
[ $# -eq 2 ] || { echo "usage: compare_builds.sh [--keep] [--size SIZE] [--interop DIR] OLD_BUILD NEW_BUILD" >&2; exit 2; }
OLD=$(cd "$1" && pwd) || exit 2
NEW=$(cd "$2" && pwd) || exit 2
SRC=$(cd "$(dirname "$0")/.." && pwd)
[ -n "$interop" ] || interop="$SRC/../shared/interop"
TOOLS=(warcsum warcsumsplit warccollres warcsumproc warcrefs warcsumcmp warcdedup)
for b in "$OLD" "$NEW"; do
  for t in "${TOOLS[@]}"; do
    [ -x "$b/tools/$t/$t" ] || { echo "compare_builds.sh: $b/tools/$t/$t not built" >&2; exit 2; }
  done
done
GEN="$OLD/tests/warcgen"
[ -x "$GEN" ] || GEN="$NEW/tests/warcgen"
[ -x "$GEN" ] || { echo "compare_builds.sh: no tests/warcgen in either build" >&2; exit 2; }

W=$(mktemp -d "${TMPDIR:-/tmp}/compare_builds.XXXXXX")
if [ "$keep" -eq 1 ]; then echo "scratch: $W"; else trap 'rm -rf "$W"' EXIT; fi
export LC_ALL=C TZ=UTC
C="$W/corpus"  # inputs, shared by both sides and never written to
P="$W/prep"    # intermediate manifests, made with OLD's tools

# path_of BUILD: the PATH that puts BUILD's tools first.
path_of() {
  local p="" t
  for t in "${TOOLS[@]}"; do p="$p$1/tools/$t:"; done
  echo "$p$PATH"
}

# --- Inputs ------------------------------------------------------------------
mkdir -p "$C/gen" "$C/mixed" "$P"
{
  "$GEN" --out "$C/gen" --size "$size" --files 3 --seed 11 --version mixed -q &&
    "$GEN" --out "$C/gen" --prefix plain --size 1M --files 1 --seed 12 --plain -q &&
    "$GEN" --out "$C/gen" --prefix v11 --size 1M --files 1 --seed 14 --version 1.1 \
      --near-dup-rate 0.3 -q &&
    "$GEN" --out "$C/mixed" --prefix stream --size 1M --files 1 --seed 13 --layout stream -q &&
    "$GEN" --out "$C/mixed" --prefix damaged --size 1M --files 1 --seed 15 -q
} || { echo "compare_builds.sh: warcgen failed" >&2; exit 2; }
# gen: a clean collection, one name the manifest percent-encodes.
mv "$C/gen/warcgen-00002.warc.gz" "$C/gen/odd name é.warc.gz"
# mixed: what a tool must report: one gzip stream for all records, a damaged
# gzip member (bytes overwritten in the middle), a file that is no WARC, and
# copies of two generated files (so that the chain finds duplicates).
printf '\xff\xff\xff\xff\xff\xff\xff\xff' |
  dd of="$C/mixed/damaged-00000.warc.gz" bs=1 seek=300000 conv=notrunc 2>/dev/null
echo "crawl notes" >"$C/mixed/notes.txt"
cp "$C/gen/warcgen-00000.warc.gz" "$C/mixed/copy-00000.warc.gz"
cp "$C/gen/plain-00000.warc" "$C/mixed/copy-plain.warc"
have_interop=0
if [ -d "$interop" ]; then
  have_interop=1
  # One folder, names prefixed by their origin (warcio/ and pywb/ both have
  # an example.warc.gz, and manifests name files by their base names).
  mkdir -p "$C/interop"
  for f in "$interop"/*/*; do
    [ -f "$f" ] && cp "$f" "$C/interop/$(basename "$(dirname "$f")")-$(basename "$f")"
  done
  # ARC records in a file whose name does not say so (intended difference 3).
  [ -f "$interop/warcio/example.arc" ] && cp "$interop/warcio/example.arc" "$C/interop/arc-by-content.dat"
else
  echo "note: $interop absent: the interop comparisons are left out"
fi
gen_inputs=$(find "$C/gen" -name '*.warc*' | sort)

# prep NAME CORPUS-DIR: NAME.sums, .refs, .sorted, .processed, .byfile, and
# from a rewrite (-o NAME.out) .after and .kept, with OLD's tools.
prep() {
  local name=$1 dir=$2 dirs=() d
  while read -r d; do dirs+=(-d "$d"); done < <(find "$dir" -type d)
  (
    PATH=$(path_of "$OLD")
    cd "$P" || exit 1
    warcsum -q -r --revisit-refs "$name.refs" "$dir" >"$name.sums"
    sort -k6,6 "$name.sums" >"$name.sorted"
    warccollres -q --proc "${dirs[@]}" "$name.sorted" >"$name.processed"
    sort -k1,1 -k2,2n "$name.processed" >"$name.byfile"
    mkdir -p "$name.out"
    warcrefs -q -m "$name.byfile" --referenced "$name.refs" --kept "$name.kept" \
      --after-manifest "$name.after" -o "$name.out" "$dir"
  ) 2>/dev/null
  return 0
}
prep gen "$C/gen"
prep mixed "$C/mixed"
[ "$have_interop" -eq 1 ] && prep interop "$C/interop"
# Catalog for warcsumsplit --by-host: files spread over two hosts.
awk '{ print $1 }' "$P/gen.sums" | sort -u | awk '{ print $1, (NR % 2 ? "host-a" : "host-b") }' >"$P/gen.catalog"

# --- Normalisation and comparison -------------------------------------------
cat >"$W/normwarc.py" <<'PY'
# Prints a WARC file (gzip or plain) record by record, the WARC-Record-ID of
# revisit records masked; what it cannot parse it prints as it is.
import gzip, re, sys
data = open(sys.argv[1], "rb").read()
if data[:2] == b"\x1f\x8b":
    try:
        data = gzip.decompress(data)
    except Exception as e:
        sys.stdout.buffer.write(b"gzip error: %s\n" % str(e).encode()); sys.exit(0)
out, pos = [], 0
while pos < len(data):
    end = data.find(b"\r\n\r\n", pos)
    m = re.search(rb"\r\nContent-Length:[ \t]*(\d+)", data[pos:end], re.I) if end >= 0 else None
    if not data.startswith(b"WARC/", pos) or not m:
        out.append(data[pos:]); break
    head = data[pos:end + 4]
    if re.search(rb"\r\nWARC-Type:[ \t]*revisit\r\n", head, re.I):
        head = re.sub(rb"(\r\nWARC-Record-ID:[ \t]*)<[^>\r\n]*>", rb"\1<masked>", head, flags=re.I)
    stop = end + 4 + int(m.group(1))
    out.append(head + data[end + 4:stop])
    pos = stop
    while data.startswith(b"\r\n", pos):
        out.append(b"\r\n"); pos += 2
sys.stdout.buffer.write(b"".join(out))
PY

# normalise SIDE-DIR: rewrites the captured text of one side in place.
normalise_text() {  # FILE SIDE-DIR
  sed -i -E -e "s#$2#<WORK>#g" -e 's/\b[0-9]+(\.[0-9]+)? s\b/T s/g' \
    -e 's#\b[0-9]+(\.[0-9]+)? ?[KMGT]?i?B/s\b#R/s#g' "$1"
}

# listing DIR: the files a run left behind, with sizes, for the comparison.
listing() {
  (cd "$1" && find . -path ./.cmp -prune -o -type f -printf '%p %s\n' | sort)
}

same=0 different=0 intended=0
failures=()

# check NAME COMMAND: runs the shell COMMAND with OLD's tools and with NEW's,
# each in a fresh directory (the command's working directory, also TMPDIR),
# and compares what they did.
check() {
  local name=$1 cmd=$2 side dir
  for side in old new; do
    dir="$W/run/$name/$side"
    mkdir -p "$dir/.cmp"
    local build=$OLD
    [ "$side" = new ] && build=$NEW
    (
      cd "$dir" || exit 1
      export PATH C P
      PATH=$(path_of "$build")
      export TMPDIR="$dir"
      export GEN_INPUTS="$gen_inputs"
      bash -c "$cmd" </dev/null >.cmp/stdout 2>.cmp/stderr
      echo $? >.cmp/exit
    )
    normalise_text "$dir/.cmp/stdout" "$dir"
    normalise_text "$dir/.cmp/stderr" "$dir"
    listing "$dir" >"$dir/.cmp/files"
  done
  local o="$W/run/$name/old" n="$W/run/$name/new"
  # Intended difference 1: "stdin" -> "standard input" in messages (both
  # sides, so that OLD against OLD is all same).
  sed -i -E 's/\bstdin\b/standard input/g' "$o/.cmp/stderr" "$n/.cmp/stderr"
  # Intended difference 2: the usage hint, when both exit 2.
  if [ "$(cat "$o/.cmp/exit")" = 2 ] && [ "$(cat "$n/.cmp/exit")" = 2 ]; then
    sed -i "/^Try '[a-z]* --help' for more information\.$/d" "$o/.cmp/stderr" "$n/.cmp/stderr"
  fi
  local what=() diffs=""
  # A command that could not run at all compares equal to itself: say so.
  case "$(cat "$o/.cmp/exit")" in 126 | 127) what+=("command not run: exit $(cat "$o/.cmp/exit")") ;; esac
  for part in exit stdout stderr files; do
    if ! cmp -s "$o/.cmp/$part" "$n/.cmp/$part"; then
      what+=("$part")
      diffs+=$(diff -u --label "old $part" --label "new $part" "$o/.cmp/$part" "$n/.cmp/$part" | head -n 20)
      diffs+=$'\n'
    fi
  done
  # The files both sides wrote: text normalised, WARC files record by record.
  local f
  while read -r f _; do
    [ -f "$n/$f" ] || continue
    cmp -s "$o/$f" "$n/$f" && continue
    case "$f" in
      *.warc.gz | *.warc | *.arc | *.arc.gz)
        python3 "$W/normwarc.py" "$o/$f" >"$W/a.norm"
        python3 "$W/normwarc.py" "$n/$f" >"$W/b.norm"
        ;;
      *)
        cp "$o/$f" "$W/a.norm"
        cp "$n/$f" "$W/b.norm"
        normalise_text "$W/a.norm" "$o"
        normalise_text "$W/b.norm" "$n"
        ;;
    esac
    if ! cmp -s "$W/a.norm" "$W/b.norm"; then
      what+=("$f")
      diffs+=$(diff -u --label "old $f" --label "new $f" "$W/a.norm" "$W/b.norm" | head -n 20)
      diffs+=$'\n'
    fi
  done <"$o/.cmp/files"
  if [ ${#what[@]} -eq 0 ]; then
    same=$((same + 1))
    printf 'same       %s\n' "$name"
  elif [ -n "${INTENDED[$name]:-}" ]; then
    intended=$((intended + 1))
    printf 'different, as intended: %s (%s): %s\n' "$name" "${what[*]}" "${INTENDED[$name]}"
  else
    different=$((different + 1))
    failures+=("$name")
    printf 'DIFFERENT  %s (%s)\n' "$name" "${what[*]}"
    printf '%s' "$diffs" | sed 's/^/    /'
  fi
  [ "$keep" -eq 1 ] || rm -rf "${W:?}/run/$name"
}

# --- The comparisons ----------------------------------------------------------
# Each command runs in its own working directory; it sees $C (the inputs:
# $C/gen, $C/mixed, $C/interop), $P (OLD's intermediate manifests: gen.sums, .refs,
# .sorted, .processed, .byfile, .after, .kept, .catalog; interop.*) and
# $GEN_INPUTS (the generated WARC files, one per line). It writes only where
# it runs: inputs to rewrite are copied there first.

# Usage errors and --version, every tool: exit 2 and the message.
for t in "${TOOLS[@]}"; do
  check "$t.version" "$t --version"
  check "$t.unknown-option" "$t --bogus x"
  check "$t.no-arguments" "$t"
done
check warcsum.bad-hash "warcsum -H sha3 \$C/gen"
check warcsum.bad-jobs "warcsum -j 0 \$C/gen"
check warcsum.bad-types "warcsum --types revisit \$C/gen"
check warcsum.append-without-o "warcsum --append \$C/gen"
check warcsumsplit.two-modes "warcsumsplit -c 2 -s 1M \$P/gen.sorted"
check warcsumsplit.bad-size "warcsumsplit -s 12Q \$P/gen.sorted"
check warcsumsplit.duplicates-only-alone "warcsumsplit -c 2 --duplicates-only \$P/gen.sorted"
check warccollres.two-sources "warccollres -d . --url-prefix http://localhost/ \$P/gen.sorted"
check warccollres.bad-threads "warccollres -t 0 \$P/gen.sorted"
check warcrefs.no-manifest "warcrefs -o . \$C/gen"
check warcrefs.no-mode "warcrefs -m \$P/gen.byfile \$C/gen"
check warcrefs.out-and-in-place "mkdir o; warcrefs -m \$P/gen.byfile -o o --in-place \$C/gen"
check warcrefs.no-such-out-dir "warcrefs -m \$P/gen.byfile -o nowhere \$C/gen"
check warcsumcmp.two-stdin "warcsumcmp - - < \$P/gen.sums"
check warcsumcmp.no-after "warcsumcmp \$P/gen.sums"
check warcdedup.two-modes "warcdedup -o o -n \$C/gen"
check warcdedup.bad-jobs "warcdedup -j x -n \$C/gen"
check warcdedup.no-such-input "warcdedup -n nowhere"
check warcdedup.help "warcdedup --help"

# --help of every tool (man_sync.sh keeps the man pages to it).
for t in warcsum warcsumsplit warccollres warcsumproc warcrefs warcsumcmp; do
  check "$t.help" "$t --help"
done

# warcsum: both job counts, stdin path lists, options, damaged and foreign input.
check warcsum.gen.j1 "warcsum -j 1 -r \$C/gen"
check warcsum.gen.j2 "warcsum -j 2 -r --revisit-refs refs \$C/gen"
check warcsum.gen.stdin-list "printf '%s\n' \"\$GEN_INPUTS\" | warcsum -"
check warcsum.gen.output "warcsum -o sums --full-path -r \$C/gen && warcsum -o sums --append -r \$C/gen"
check warcsum.gen.verify "warcsum --verify -j 2 -r \$C/gen"
check warcsum.gen.sha256 "warcsum -H sha256 --recompute -r \$C/gen"
check warcsum.gen.md5-types "warcsum -H md5 --types response,resource --keep-empty --keep-truncated -r \$C/gen"
check warcsum.gen.verbose "warcsum -v -v -r \$C/gen"
check warcsum.gen.quiet "warcsum -q -r \$C/gen"
check warcsum.mixed "warcsum -r --revisit-refs refs \$C/mixed"
check warcsum.mixed-j2-verify "warcsum -j 2 --verify -r \$C/mixed"
check warcsum.missing-file "warcsum nowhere.warc.gz \$C/gen/plain-00000.warc"
check warcsum.directory-without-r "warcsum \$C/gen"
if [ "$have_interop" -eq 1 ]; then
  check warcsum.interop.j1 "warcsum -j 1 --revisit-refs refs -r \$C/interop"
  check warcsum.interop.j2 "warcsum -j 2 -r \$C/interop"
  check warcsum.interop.verify "warcsum --verify -r \$C/interop"
  check warcsum.interop.stdin-list "ls -d \$C/interop/* | warcsum -"
  check warcsum.interop.verbose "warcsum -v -r \$C/interop"
fi

# warcsumsplit: every mode, stdin, bad input.
check warcsumsplit.count "warcsumsplit -c 3 \$P/gen.sorted"
check warcsumsplit.size "warcsumsplit -s 10K -p p \$P/gen.sorted"
check warcsumsplit.digest-range "warcsumsplit --digest-range 4 -v \$P/gen.sorted"
check warcsumsplit.stdin "warcsumsplit -c 2 - < \$P/gen.sorted"
check warcsumsplit.no-input-stdin "warcsumsplit -c 2 < \$P/gen.sorted"
check warcsumsplit.by-host "warcsumsplit --by-host \$P/gen.catalog \$P/gen.processed"
check warcsumsplit.by-host-dups "warcsumsplit --by-host \$P/gen.catalog --duplicates-only --sort-buffer 1K \$P/gen.processed"
check warcsumsplit.unsorted "sort -r \$P/gen.sorted > u; warcsumsplit -c 2 u"
check warcsumsplit.bad-line "printf 'a 0 10 http://x/ 2020-01-01T00:00:00Z sha1:abc\n' | warcsumsplit -c 2 -"
check warcsumsplit.bad-catalog "echo lonely > cat; warcsumsplit --by-host cat \$P/gen.processed"

# warccollres: local files, --proc, threads, long runs in parts, stdin, errors.
check warccollres.local "warccollres -d \$C/gen \$P/gen.sorted"
check warccollres.proc "warccollres --proc -d \$C/gen \$P/gen.sorted"
check warccollres.proc-threads "warccollres --proc -t 2 -d \$C/gen -o out \$P/gen.sorted"
check warccollres.run-part "warccollres --proc --run-part 2 -d \$C/gen \$P/gen.sorted"
check warccollres.stdin "warccollres --proc -d \$C/gen < \$P/gen.sorted"
check warccollres.verbose "warccollres -v --proc -d \$C/gen \$P/gen.sorted"
check warccollres.missing-files "warccollres --proc -d . \$P/gen.sorted"
check warccollres.unsorted "sort -r \$P/gen.sorted > u; warccollres -d \$C/gen u"
check warccollres.bad-line-stdin "printf 'a 0 10 http://x/ 2020-01-01T00:00:00Z sha1:abc\n' | warccollres -"
check warccollres.mixed "warccollres --proc -d \$C/mixed \$P/mixed.sorted"
if [ "$have_interop" -eq 1 ]; then
  check warccollres.interop "warccollres --proc -d \$C/interop \$P/interop.sorted"
fi

# warcsumproc: the 7-field manifest sorted as it wants, file and stdin, errors.
seven="warccollres -q -d \$C/gen \$P/gen.sorted | sort -k6,6 -k7,7n -k5,5 -k1,1 -k2,2n > seven"
check warcsumproc.file "$seven; warcsumproc seven"
check warcsumproc.stdin "$seven; warcsumproc -o out - < seven"
check warcsumproc.six-fields "warcsumproc \$P/gen.sorted"
check warcsumproc.unsorted "$seven; sort -r seven | warcsumproc"
check warcsumproc.bad-line "printf 'a 0 10 http://x/ 2020-01-01T00:00:00Z sha1:abc 0\n' | warcsumproc"
check warcsumproc.missing "warcsumproc nowhere"

# warcrefs: dry run and real (-o, --in-place on a copy), jobs, stdin, options.
check warcrefs.dry-run "warcrefs -n -m \$P/gen.byfile --referenced \$P/gen.refs \$C/gen"
check warcrefs.out "mkdir o; warcrefs -m \$P/gen.byfile --referenced \$P/gen.refs --kept kept --after-manifest after -o o \$C/gen"
check warcrefs.out-j2 "mkdir o; warcrefs -j 2 -m \$P/gen.byfile --kept kept --after-manifest after -o o \$C/gen"
check warcrefs.in-place "cp -r \$C/gen in; warcrefs -m \$P/gen.byfile --after-manifest after --in-place in"
check warcrefs.manifest-stdin "mkdir o; warcrefs -m - -o o \$C/gen < \$P/gen.byfile"
check warcrefs.input-list-stdin "mkdir o; printf '%s\n' \"\$GEN_INPUTS\" | warcrefs -m \$P/gen.byfile -o o -"
check warcrefs.trust-manifest "mkdir o; warcrefs --trust-manifest -m \$P/gen.byfile -o o \$C/gen"
check warcrefs.warc-dir "mkdir o; f=\$(ls \$C/gen/*.warc.gz | head -1); warcrefs -m \$P/gen.byfile -d \$C/gen -o o \"\$f\""
check warcrefs.verbose "mkdir o; warcrefs -v -m \$P/gen.byfile -o o \$C/gen"
check warcrefs.unsorted "mkdir o; sort -r \$P/gen.byfile > u; warcrefs -m u -o o \$C/gen"
check warcrefs.bad-manifest "printf 'a 0 10 http://x/ 2020-01-01T00:00:00Z sha1:abc 0 1 - -\n' > m; warcrefs -n -m m \$C/gen"
check warcrefs.mixed "mkdir o; warcrefs -m \$P/mixed.byfile --referenced \$P/mixed.refs --kept kept -o o \$C/mixed"
check warcrefs.mixed-strict "warcrefs -n --strict -m \$P/mixed.byfile --referenced \$P/mixed.refs \$C/mixed"
if [ "$have_interop" -eq 1 ]; then
  check warcrefs.interop "mkdir o; warcrefs -m \$P/interop.byfile --referenced \$P/interop.refs --kept kept --after-manifest after -o o \$C/interop"
  check warcrefs.interop-strict "mkdir o; warcrefs --strict -m \$P/interop.byfile --referenced \$P/interop.refs -o o \$C/interop"
fi

# warcsumcmp: the chain's check, without --kept, identity, stdin, discrepancies.
check warcsumcmp.gen "warcsumcmp --referenced \$P/gen.refs --kept \$P/gen.kept \$P/gen.sums \$P/gen.after \$P/gen.processed"
check warcsumcmp.gen-nokept "warcsumcmp --referenced \$P/gen.refs \$P/gen.sums \$P/gen.after \$P/gen.processed"
check warcsumcmp.gen-noproc "warcsumcmp -o d \$P/gen.sums \$P/gen.after"
check warcsumcmp.identity "warcsumcmp \$P/gen.sums \$P/gen.sums"
check warcsumcmp.stdin "warcsumcmp --sort-buffer 1K \$P/gen.sums - \$P/gen.processed < \$P/gen.after"
check warcsumcmp.lost-record "sed 5d \$P/gen.after > a; warcsumcmp --kept \$P/gen.kept \$P/gen.sums a \$P/gen.processed"
check warcsumcmp.bad-line "printf 'a 0 10 http://x/ 2020-01-01T00:00:00Z sha1:abc\n' > b; warcsumcmp b \$P/gen.after"
if [ "$have_interop" -eq 1 ]; then
  check warcsumcmp.interop "warcsumcmp --referenced \$P/interop.refs --kept \$P/interop.kept \$P/interop.sums \$P/interop.after \$P/interop.processed"
  check warcsumcmp.interop.nokept "warcsumcmp --referenced \$P/interop.refs \$P/interop.sums \$P/interop.after \$P/interop.processed"
fi

check warcsumcmp.mixed "warcsumcmp --referenced \$P/mixed.refs --kept \$P/mixed.kept \$P/mixed.sums \$P/mixed.after \$P/mixed.processed"

# warcdedup: the whole chain (-o, --dry-run, --in-place on a copy, md5, strict).
check warcdedup.out "warcdedup -j 1 -o o \$C/gen"
check warcdedup.out-quiet-j2 "warcdedup -q -j 2 -o o -w work \$C/gen"
check warcdedup.dry-run "warcdedup -q -j 1 -n -w work \$C/gen"
check warcdedup.in-place "cp -r \$C/gen in; warcdedup -q -j 1 --in-place -w work in"
check warcdedup.md5 "warcdedup -q -j 1 -H md5 -o o \$C/gen"
check warcdedup.mixed "warcdedup -q -j 1 -o o \$C/mixed"
check warcdedup.mixed-strict "warcdedup -j 1 --strict -o o \$C/mixed"
check warcdedup.resume "warcdedup -q -j 1 -o o \$C/gen && warcdedup -q -j 1 -o o \$C/gen"
if [ "$have_interop" -eq 1 ]; then
  check warcdedup.interop "warcdedup -q -j 1 -o o \$C/interop"
  check warcdedup.interop-strict "warcdedup -q -j 1 --strict -o o \$C/interop"
fi

echo "compare_builds: $((same + different + intended)) comparisons: $same same, $different different, $intended different as intended"
if [ "$different" -gt 0 ]; then
  echo "unexpected differences: ${failures[*]}"
  exit 1
fi
