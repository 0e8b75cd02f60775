#!/usr/bin/env bash
# warcdedup: the whole deduplication chain on one machine (see warcdedup(1)).
#
#   warcsum -> sort by digest -> warccollres --proc -> sort by file
#   -> warcrefs (with the warcsum of the result) -> warcsumcmp
#
# Every stage writes its manifest into the work directory atomically (NAME.tmp,
# then renamed) and, once it has succeeded, NAME.ok; a stage whose NAME.ok is
# there is skipped, so a failed run is resumed by running the same command
# again.
set -uo pipefail

VERSION="@PROJECT_VERSION@"  # set by CMake when the script is built
prog=warcdedup
bindir=$(cd "$(dirname "$(readlink -f "$0")")" && pwd)
# The stage commands, shared with other drivers: beside this script in the
# build tree, in share/warcdedup when installed.
stages=$bindir/stages.sh
[ -r "$stages" ] || stages=$bindir/../share/warcdedup/stages.sh

# --engine slurm|parallel: the plan for several storage hosts, run by the
# driver in contrib/ENGINE (installed in share/warcdedup/contrib), which
# takes the other arguments (see contrib/README.md).
for ((i = 1; i <= $#; i++)); do
  [ "${!i}" = --engine ] || continue
  j=$((i + 1))
  engine=${!j:-}
  case $engine in
    slurm | parallel) ;;
    *) echo "$prog: --engine: slurm or parallel, not \"$engine\"" >&2; exit 2 ;;
  esac
  rest=("${@:1:i-1}" "${@:j+1}")
  for contrib in "$bindir/../share/warcdedup/contrib" "@WARCDEDUP_SOURCE_DIR@/contrib"; do
    driver=$contrib/$engine/warcdedup-$engine
    [ -x "$driver" ] && exec "$driver" "${rest[@]}"
  done
  echo "$prog: the $engine driver (contrib/$engine/warcdedup-$engine) is not installed" >&2
  exit 2
done
# shellcheck source=stages.sh
. "$stages" || { echo "$prog: cannot read $stages" >&2; exit 2; }

usage() {
  cat <<USAGE
Usage: $prog [OPTIONS] (-o OUTDIR | --in-place | --dry-run) DIR|FILE...

Deduplicate WARC files on one machine: find records whose payloads are
byte-identical and turn every copy after the first into a revisit record.

Options:
  -o,--output-dir OUTDIR  Write the rewritten files to OUTDIR
  --in-place              Replace the input files
  -n,--dry-run            Find the duplicates and report; rewrite nothing
  -w,--work-dir DIR       Keep the intermediate manifests in DIR (default:
                          OUTDIR/.warcdedup; with --in-place .warcdedup in the
                          first input's directory; with --dry-run ./warcdedup-work)
  -j,--jobs N             Threads for warcsum and warccollres, files rewritten at
                          once by warcrefs: 2N (default: number of cores)
  -H,--hash ALGORITHM     Payload digest: md5, sha1, sha256, sha512 (default sha1)
  --restart               Recompute every stage, even those already done
  --strict                Rewrite nothing if an input is damaged (warcrefs
                          --strict); by default only the damaged files are kept
  -q,--quiet              Print nothing but errors and the final table
  --engine slurm|parallel Run on several storage hosts with Slurm or GNU
                          parallel; the other options are the driver's (see
                          warcdedup --engine slurm --help, contrib/README.md)
  -h,--help               Print this help and exit
  --version               Print the version and exit
USAGE
}

die_usage() { echo "$prog: $*" >&2; echo "Try '$prog --help' for more information." >&2; exit 2; }

outdir="" in_place=0 dry_run=0 work="" jobs=$(nproc 2>/dev/null || echo 1) hash=sha1 restart=0 quiet=0 strict=0
inputs=()
while [ $# -gt 0 ]; do
  case "$1" in
    -o|--output-dir) [ $# -ge 2 ] || die_usage "$1 needs a directory"; outdir=$2; shift 2 ;;
    --in-place) in_place=1; shift ;;
    -n|--dry-run) dry_run=1; shift ;;
    -w|--work-dir) [ $# -ge 2 ] || die_usage "$1 needs a directory"; work=$2; shift 2 ;;
    -j|--jobs) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || die_usage "$1 needs a positive number"; jobs=$2; shift 2 ;;
    -H|--hash) [[ ${2:-} =~ ^(md5|sha1|sha256|sha512)$ ]] || die_usage "$1: md5, sha1, sha256 or sha512"; hash=$2; shift 2 ;;
    --restart) restart=1; shift ;;
    --strict) strict=1; shift ;;
    -q|--quiet) quiet=1; shift ;;
    -h|--help) usage; exit 0 ;;
    --version) echo "$prog (warcdedup) $VERSION"; exit 0 ;;
    --) shift; inputs+=("$@"); break ;;
    -*) die_usage "The following argument was not expected: $1" ;;
    *) inputs+=("$1"); shift ;;
  esac
done
[ ${#inputs[@]} -gt 0 ] || die_usage "no input directory or file"
modes=$(( (${#outdir} > 0) + in_place + dry_run ))
[ "$modes" -eq 1 ] || die_usage "give exactly one of -o OUTDIR, --in-place, --dry-run"
for i in "${inputs[@]}"; do [ -e "$i" ] || die_usage "$i: no such file or directory"; done
if [ -n "$outdir" ]; then mkdir -p "$outdir" || exit 1; fi
# By default the work directory (and so sort's temporary files) is on the
# disk written to: the output directory, or with --in-place the first
# input's directory. A dry run writes nothing there.
if [ -z "$work" ]; then
  if [ -n "$outdir" ]; then work="$outdir/.warcdedup"
  elif [ "$in_place" -eq 1 ]; then
    first=${inputs[0]}
    [ -d "$first" ] || first=$(dirname -- "$first")
    work="$first/.warcdedup"
  else work="./warcdedup-work"; fi
fi
mkdir -p "$work" || exit 1
# The files this script makes, and no others (the work directory may be the user's).
stage_files=(sizes-before.txt before.manifest by-digest.manifest processed.manifest by-file.manifest)
work_files=(inputs.list sizes-after.txt revisit-refs.txt after.manifest kept.txt discrepancies.txt
  warcrefs.done warcrefs.started warcrefs.log damaged.txt twice.txt links.txt run.id
  "${stage_files[@]}" "${stage_files[@]/%/.ok}")
[ "$restart" -eq 1 ] && for f in "${work_files[@]}"; do rm -f "$work/$f" "$work/$f.tmp"; done
# A work directory belongs to one collection and digest: resuming from
# another run's manifests would rewrite the files those manifests name, not
# the ones given now.
run_id=$(printf 'hash %s\n' "$hash"; for i in "${inputs[@]}"; do printf 'input %s\n' "$(realpath -m -- "$i")"; done)
if [ ! -e "$work/run.id" ]; then
  # Made by an older warcdedup: whose inputs its manifests name is unknown.
  for f in "${work_files[@]}"; do
    [ ! -e "$work/$f" ] || { echo "$prog: $work holds manifests of an unknown run (no run.id);" \
      "give another --work-dir, or --restart to start over in this one" >&2; exit 2; }
  done
fi
if [ -e "$work/run.id" ]; then
  if [ "$(cat "$work/run.id")" != "$run_id" ]; then
    echo "$prog: $work holds the manifests of another run (other inputs or digest, see $work/run.id);" \
      "give another --work-dir, or --restart to start over in this one" >&2
    exit 2
  fi
else
  printf '%s\n' "$run_id" > "$work/run.id.tmp" && mv "$work/run.id.tmp" "$work/run.id" || exit 1
fi

q=(); [ "$quiet" -eq 1 ] && q=(-q)
failed=0
redo=0

export LC_ALL=C
jobs=$(( jobs < 64 ? jobs : 64 ))  # the most threads every tool takes
# warcrefs waits on its writes and syncs: two files per thread of CPU keep the
# cores busy meanwhile (measured: 20% less wall time on 2 cores).
refs_jobs=$(( jobs * 2 < 64 ? jobs * 2 : 64 ))
sort_opts=(-T "$work" -S 25%)
# The input files, in a stable order (warcsum --list-inputs: those find -H
# lists, links inside the directories not followed). Listed again on every
# run: a resumed run must work on the collection it began with, or say that
# it changed. It prints the files reached twice (exit 3), or else the links
# that lead outside the inputs.
say "listing inputs ..."
# (A directory that cannot be read would leave its files, and their
# revisits, out: any failure stops the run.)
problems=$("$(tool warcsum)" --list-inputs "$work/inputs.list.new" -- "${inputs[@]}")
rc=$?
# The same file reached twice (a directory and a link to it, a file named
# twice) would be counted twice.
if [ "$rc" -eq 3 ]; then
  echo "$prog: these files are reached twice among the inputs; name each once:" >&2
  printf '%s\n' "$problems" > "$work/twice.txt"
  print_list "$work/twice.txt"
  exit 2
fi
[ "$rc" -eq 0 ] || { echo "$prog: cannot list the inputs (see above)" >&2; exit 1; }
if [ -e "$work/inputs.list" ] && ! cmp -s "$work/inputs.list" "$work/inputs.list.new"; then
  rm -f "$work/inputs.list.new"
  echo "$prog: the input files are not those the run in $work began with (files added, removed" \
    "or renamed); --restart to start over" >&2
  exit 2
fi
mv "$work/inputs.list.new" "$work/inputs.list"
# ARC has no revisit record: an ARC file's copies stay as they are (its
# records can still be the originals of WARC copies). arc2warc converts them.
arc_files=$(grep -c -E '\.arc(\.gz)?$' "$work/inputs.list" || true)
if [ "$arc_files" -gt 0 ]; then
  say "$arc_files input(s) are ARC files: ARC records cannot become revisits, so their copies are" \
    "kept as they are; to deduplicate them, convert them with arc2warc, validate, and deduplicate" \
    "the WARC copy (see arc2warc(1), EXAMPLES)"
fi
# Symbolic links inside the directories are not followed (a file reached
# twice would be counted twice), but what a link leads to outside the inputs
# may hold revisits that refer to records here: refuse rather than miss them.
if [ -n "$problems" ]; then
  echo "$prog: symbolic links in the input directories lead outside the inputs:" >&2
  printf '%s\n' "$problems" > "$work/links.txt"
  print_list "$work/links.txt"
  echo "$prog: name what they lead to as inputs too (or remove the links): revisits there may refer to records here" >&2
  exit 2
fi
dirs=$(awk '{ d = "."; if (match($0, /.*\//)) d = (RLENGTH > 1 ? substr($0, 1, RLENGTH - 1) : "/"); print d }' "$work/inputs.list" | sort -u)
dir_args=(); while IFS= read -r d; do dir_args+=(-d "$d"); done <<<"$dirs"

# The sizes before the run, for the table (with --in-place the files change).
stage "sizing inputs" "$work/sizes-before.txt" \
  bash -c 'xargs -r -d "\n" stat -c "%s %n" < "$1"' _ "$work/inputs.list"
# warcsum also lists what the revisits already in the collection refer to:
# warcrefs keeps those records, so that no revisit is left pointing at another.
if [ -e "$work/before.manifest" ] && [ ! -e "$work/revisit-refs.txt" ]; then
  echo "$prog: $work was made by an older warcdedup (no revisit-refs.txt); start over with --restart" >&2
  exit 2
fi
tool_stage "warcsum" "$work/before.manifest" "$(tool warcsum)" "${q[@]}" -j "$jobs" -H "$hash" \
  -o "$work/before.manifest" --revisit-refs "$work/revisit-refs.txt" - < "$work/inputs.list"
stage "sorting by digest" "$work/by-digest.manifest" sort "${sort_opts[@]}" -k6,6 "$work/before.manifest"
tool_stage "warccollres" "$work/processed.manifest" "$(tool warccollres)" "${q[@]}" -t "$jobs" --temp-dir "$work" \
  --proc "${dir_args[@]}" -o "$work/processed.manifest" "$work/by-digest.manifest"
stage "sorting by file" "$work/by-file.manifest" sort "${sort_opts[@]}" -k1,1 -k2,2n "$work/processed.manifest"

refs_mode=(); after=(); strict_arg=()
if [ "$dry_run" -eq 1 ]; then refs_mode=(--dry-run)
elif [ "$in_place" -eq 1 ]; then refs_mode=(--in-place)
else refs_mode=(-o "$outdir"); fi
# (A warcrefs without --strict rewrites nothing when an input is damaged.)
if [ "$strict" -eq 1 ] && "$(tool warcrefs)" --help | grep -q -- '--strict'; then strict_arg=(--strict); fi
# The inputs warcsum could not read whole, all of them, in damaged.txt:
# "damaged FILE" (warcsum took the references in all its bytes; warcrefs
# keeps the file as it is and rewrites the others) and "incomplete FILE"
# (not read: warcrefs rewrites nothing), as older warcsums wrote for both;
# a file whose references could not all be harvested has both lines.
"$(tool warcsum)" --damaged-list -- "$work/revisit-refs.txt" > "$work/damaged.txt" || exit 1
damaged=$(wc -l < "$work/damaged.txt")
# report_damaged: names every damaged input on stderr.
report_damaged() {
  [ "$damaged" -gt 0 ] || return 0
  echo "$prog: $damaged input(s) could not be read whole (damaged, or not found), and are left as they are:" >&2
  print_list "$work/damaged.txt"
  echo "$prog: repair them (never delete one: it may hold originals), then run again with --restart" >&2
}
# refs_wrote: whether warcrefs wrote any file in this run.
refs_wrote() {
  local f
  while IFS= read -r f; do
    [ -z "$outdir" ] || f="$outdir/${f##*/}"
    [ -f "$f" ] && [ "$f" -nt "$work/warcrefs.started" ] && return 0
  done < "$work/inputs.list"
  return 1
}

if [ "$dry_run" -eq 1 ]; then
  # warcrefs --dry-run inspects every copy as the real run would, and -v
  # gives the exact bytes of each file before and after: the prediction the
  # table shows. Its report is kept in warcrefs.log; with -q only the lines
  # that are not its usual report (errors) are shown.
  say "warcrefs (dry run) ..."
  start=$EPOCHREALTIME
  "$(tool warcrefs)" -v -j "$refs_jobs" -m "$work/by-file.manifest" --referenced "$work/revisit-refs.txt" \
    "${strict_arg[@]}" --dry-run - < "$work/inputs.list" 2>&1 >/dev/null |
    awk -v quiet="$quiet" -v logf="$work/warcrefs.log" '
      { print > logf }
      /^warcrefs: (.*: |total )bytes:? [0-9]+ -> [0-9]+, [0-9]+ converted$/ { next }
      quiet && (/^warcrefs: total: / || /^warcrefs: .*: (nothing to change|would convert [0-9]+ of [0-9]+ records)/ ||
                /^warcrefs: .*: offset [0-9]+: kept: [^;]*$/ || /^warcrefs: .*: not among the inputs; / ||
                /^warcrefs: read [0-9]+ originals/) { next }
      { print > "/dev/stderr" }'
  rc=${PIPESTATUS[0]}
  say "warcrefs: done in $(seconds_since "$start") s"
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then echo "$prog: warcrefs failed (exit $rc)" >&2; exit 1; fi
  [ "$rc" -eq 1 ] && failed=1
  if ! grep -q '^warcrefs: total bytes: [0-9]* -> [0-9]*, [0-9]* converted$' "$work/warcrefs.log"; then
    echo "$prog: warcrefs --dry-run ended without its total (see its errors above, and $work/warcrefs.log); no prediction" >&2
    report_damaged
    exit 1
  fi
else
  # What warcrefs.done records: a run that rewrote into another place (or in
  # place) says nothing about this one.
  refs_target="in-place"
  [ -n "$outdir" ] && refs_target="output $(realpath -m -- "$outdir")"
  # warcrefs' verify pass reads every new file back from disk with warcsum's
  # reader: the manifest of the result comes from that pass (the files it did
  # not rewrite are read as they are), instead of a second warcsum of it all;
  # warcrefs writes it atomically, like every manifest here.
  after=(--after-manifest "$work/after.manifest" --kept "$work/kept.txt")
  need_refs=$redo
  [ "$(head -n 1 "$work/warcrefs.done" 2>/dev/null)" = "$refs_target" ] || need_refs=1
  [ ! -e "$work/after.manifest" ] && need_refs=1
  if [ "$need_refs" -eq 1 ]; then
    rm -f "$work/warcrefs.done" "$work/after.manifest"
    touch "$work/warcrefs.started"
    say "warcrefs ..."
    start=$EPOCHREALTIME
    "$(tool warcrefs)" "${q[@]}" -j "$refs_jobs" -m "$work/by-file.manifest" --referenced "$work/revisit-refs.txt" \
      "${strict_arg[@]}" "${refs_mode[@]}" "${after[@]}" - < "$work/inputs.list"
    rc=$?
    say "warcrefs: done in $(seconds_since "$start") s"
    if [ $rc -ne 0 ] && [ $rc -ne 1 ]; then echo "$prog: warcrefs failed (exit $rc)" >&2; exit 1; fi
    if [ $rc -ne 0 ] && ! refs_wrote; then
      # It refused (an output directory holding the inputs, damaged inputs
      # with --strict, ...): the collection is as it was, nothing to check.
      echo "$prog: warcrefs rewrote no file and reported errors (see above); the collection is as it was," \
        "so there is nothing to check; the same command runs warcrefs again" >&2
      report_damaged
      exit 1
    fi
    # Done only when every file went through. Exit 1 with damaged inputs may
    # hide another failure (a rename refused, a full disk) that its messages
    # do not tell apart: the same command runs warcrefs again, which
    # rewrites what is left and finds the rest as it left it.
    if [ $rc -eq 0 ]; then echo "$refs_target" > "$work/warcrefs.done"; fi
    [ $rc -eq 1 ] && failed=1
  else
    say "warcrefs: done earlier"
  fi
  if [ ! -e "$work/after.manifest" ]; then
    echo "$prog: warcrefs wrote no after-manifest (see its errors above); no check, no table" >&2
    report_damaged
    exit 1
  fi
  say "warcsumcmp ..."
  start=$EPOCHREALTIME
  # The copies warcrefs kept by design (their reasons are not all visible
  # in the manifests) are expected to be still there.
  kept=(); [ ! -e "$work/kept.txt" ] || kept=(--kept "$work/kept.txt")
  "$(tool warcsumcmp)" "${q[@]}" --referenced "$work/revisit-refs.txt" "${kept[@]}" \
    "$work/before.manifest" "$work/after.manifest" "$work/processed.manifest" > "$work/discrepancies.txt"
  cmp_rc=$?
  say "warcsumcmp: done in $(seconds_since "$start") s"
  if [ $cmp_rc -ne 0 ]; then
    n=$(wc -l < "$work/discrepancies.txt")
    echo "$prog: warcsumcmp found $n discrepancies:" >&2
    print_list "$work/discrepancies.txt"
    failed=1
  fi
fi
report_damaged

# The table: records (response lines) and bytes, before and after, overall
# and per file type (see warcsumcmp(1), --table).
table=(--table "$work/inputs.list" --sizes-before "$work/sizes-before.txt"
  --sizes-after "$work/sizes-after.txt")
if [ "$dry_run" -eq 1 ]; then
  table+=(--prediction "$work/warcrefs.log" "$work/before.manifest")
else
  [ -z "$outdir" ] || table+=(--output-dir "$outdir" --since "$work/warcrefs.started")
  table+=("$work/before.manifest" "$work/after.manifest")
fi
"$(tool warcsumcmp)" "${q[@]}" "${table[@]}" || failed=1
exit $failed
