# plan.bash: what the scale-out drivers (contrib/slurm/warcdedup-slurm,
# contrib/parallel/warcdedup-parallel) share: their options, the plan they
# write into the scratch directory, and the end of a run. Sourced; it defines
# functions and the variables below, and exits on usage errors (2).
#
#   engine       set by the driver before sourcing ("slurm" or "parallel")
#   catalog scratch data_dir outdir in_place buckets jobs max_tasks
#   bin_dir (a PATH prefix for the nodes) step (warcdedup-step's path)
#   dry_run quiet restart
#   hosts        the catalog's hosts, sorted (an array)

prog="warcdedup-$engine"
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

plan_usage() {
  cat <<USAGE
Usage: $prog --catalog CATALOG --scratch DIR --data-dir DIR (-o OUTDIR | --in-place) [OPTIONS]

Deduplicate the WARC files of several storage hosts, each host working on its
own files, with $engine (see contrib/README.md for the plan).

  --catalog CATALOG   "filename host url-prefix" lines (warchostcatalog(5)):
                      which host holds each file, and where it serves it
  --scratch DIR       a directory every node sees (shared file system)
  --data-dir DIR      where each host holds its WARC files
  -o,--output-dir DIR each host writes its rewritten files to DIR
  --in-place          each host replaces its files
  --buckets P         digest ranges, one reduce task each (default 4 per host)
  --jobs N            threads per task (default 2)
  --max-tasks M       tasks running at once, at most (default: no limit)
  --bin PATH          where the tools are on the nodes, put before their PATH
                      (colon-separated; default: their PATH)
  -n,--dry-run        print the jobs that would run; run nothing
  --restart           forget the steps done by an earlier run in DIR
  -q,--quiet          print nothing but errors and the final table
  -h,--help           print this help and exit
USAGE
}

plan_die() { echo "$prog: $*" >&2; echo "Try '$prog --help' for more information." >&2; exit 2; }
say() { [ "$quiet" -eq 1 ] || echo "$prog: $*" >&2; }

plan_parse() {
  catalog="" scratch="" data_dir="" outdir="" in_place=0 buckets="" jobs=2 max_tasks=0
  bin_dir="" dry_run=0 quiet=0 restart=0
  while [ $# -gt 0 ]; do
    case "$1" in
      --catalog) catalog=${2:?}; shift 2 ;;
      --scratch) scratch=${2:?}; shift 2 ;;
      --data-dir) data_dir=${2:?}; shift 2 ;;
      -o | --output-dir) outdir=${2:?}; shift 2 ;;
      --in-place) in_place=1; shift ;;
      --buckets) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || plan_die "$1 needs a positive number"; buckets=$2; shift 2 ;;
      --jobs) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || plan_die "$1 needs a positive number"; jobs=$2; shift 2 ;;
      --max-tasks) [[ ${2:-} =~ ^[0-9]+$ ]] || plan_die "$1 needs a number"; max_tasks=$2; shift 2 ;;
      --bin) bin_dir=${2:?}; shift 2 ;;
      -n | --dry-run) dry_run=1; shift ;;
      --restart) restart=1; shift ;;
      -q | --quiet) quiet=1; shift ;;
      -h | --help) plan_usage; exit 0 ;;
      *) plan_die "unexpected argument: $1" ;;
    esac
  done
  [ -n "$catalog" ] || plan_die "--catalog is required"
  [ -n "$scratch" ] || plan_die "--scratch is required"
  [ -n "$data_dir" ] || plan_die "--data-dir is required"
  [ $(( (${#outdir} > 0) + in_place )) -eq 1 ] || plan_die "give exactly one of -o DIR, --in-place"
  [ -r "$catalog" ] || plan_die "$catalog: cannot read the catalog"
  # Every line needs its URL prefix: reducers fetch each file from its host.
  local bad
  bad=$(awk '!/^[[:space:]]*(#|$)/ && NF != 3 { print FILENAME ": line " NR ": expected \"filename host url-prefix\", found " NF " fields"; exit }' "$catalog")
  [ -z "$bad" ] || plan_die "$bad"
  mapfile -t hosts < <(awk '!/^[[:space:]]*(#|$)/ { print $2 }' "$catalog" | LC_ALL=C sort -u)
  [ ${#hosts[@]} -gt 0 ] || plan_die "$catalog: no hosts"
  [ -n "$buckets" ] || buckets=$((4 * ${#hosts[@]}))
  # The nodes see this file where the driver does (a shared or identical
  # installation: share/warcdedup/contrib, or the source tree).
  step="$here/warcdedup-step"
}

# plan_prepare: the scratch directory with plan.env and the catalog. A plan
# already there must be the same one (the same command resumes it), unless
# --restart, which forgets the steps it did.
plan_prepare() {
  local env mode=output
  [ "$in_place" -eq 1 ] && mode=in-place
  env="DATA_DIR=$(printf %q "$data_dir")
BUCKETS=$buckets
JOBS=$jobs
MODE=$mode
OUTDIR=$(printf %q "$outdir")
BIN=$(printf %q "$bin_dir")"
  [ "$dry_run" -eq 1 ] && return 0
  mkdir -p "$scratch" || exit 1
  if [ "$restart" -eq 1 ]; then rm -rf "$scratch"/{map,reduce,rewrite,check} "$scratch/plan.env"; fi
  if [ -e "$scratch/plan.env" ]; then
    if [ "$(cat "$scratch/plan.env")" != "$env" ] || ! cmp -s "$catalog" "$scratch/catalog"; then
      plan_die "$scratch holds another plan (other options or catalog); --restart forgets it"
    fi
    say "resuming the plan in $scratch"
    return 0
  fi
  cp "$catalog" "$scratch/catalog.tmp" && mv "$scratch/catalog.tmp" "$scratch/catalog" &&
    printf '%s\n' "$env" > "$scratch/plan.env.tmp" && mv "$scratch/plan.env.tmp" "$scratch/plan.env" ||
    exit 1
}

# plan_step_command STEP [ARG]: the command a node runs for a step.
plan_step_command() { printf '%q ' "$step" "$scratch" "$@"; }

# plan_finish: the table of the check step, and the exit status: 0, or 1
# when some inputs failed or warcsumcmp found discrepancies.
plan_finish() {
  [ "$dry_run" -eq 1 ] && exit 0
  if [ ! -e "$scratch/check/status" ]; then
    echo "$prog: the run did not complete (see above); the same command resumes it" >&2
    exit 1
  fi
  cat "$scratch/check/table.txt"
  [ ! -s "$scratch/check/discrepancies.txt" ] ||
    echo "$prog: discrepancies: see $scratch/check/discrepancies.txt" >&2
  exit "$(cat "$scratch/check/status")"
}
