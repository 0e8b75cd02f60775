# stages.sh: the stage commands of the warcdedup drivers, sourced by
# warcdedup (tools/warcdedup/warcdedup.sh) and meant for the drivers that run
# the chain in other ways. It only defines functions; they use these
# variables of the script that sources it:
#   prog   the driver's name, which starts its messages
#   bindir the driver's directory (tools are looked for beside it)
#   quiet  1: say nothing but errors
#   work   the work directory (named in stage_failed's message)
#   redo   0 at the start; set to 1 once a stage runs (the later ones run too)
#   failed set to 1 when a stage reports failed inputs (exit 1)

# Tools next to this script (the build tree) or on PATH (installed).
tool() {
  if [ -x "$bindir/../$1/$1" ]; then echo "$bindir/../$1/$1";
  elif [ -x "$bindir/$1" ]; then echo "$bindir/$1";
  else command -v "$1" || { echo "$prog: $1 not found" >&2; exit 2; }; fi
}

say() { [ "$quiet" -eq 1 ] || echo "$prog: $*" >&2; }
# print_list FILE: the lines of FILE, indented, on stderr; a long list is cut
# after 20 lines with a pointer to FILE, which holds all of them.
print_list() {
  head -n 20 "$1" | sed 's/^/  /' >&2
  local n; n=$(wc -l < "$1")
  [ "$n" -le 20 ] || echo "  ... and $((n - 20)) more: all $n are listed in $1" >&2
}
# seconds_since START: wall time since START (an $EPOCHREALTIME), as 1.23.
seconds_since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }'; }
# stage NAME OUTPUT COMMAND...: makes OUTPUT, unless an earlier run did
# (OUTPUT.ok, written after it, holds the exit status it kept). COMMAND
# writes to stdout, which goes to OUTPUT.tmp, renamed when it exits 0.
# tool_stage NAME OUTPUT COMMAND...: COMMAND writes OUTPUT itself (-o, which
# the tools commit only once all of it is written and synced): exit 1 with
# OUTPUT there means some inputs failed (reported), and the output is
# complete for what could be read: done, and the run ends with exit 1. Exit
# 1 without OUTPUT (a write error, a full disk) or any other status stops
# the chain, and the same command runs the stage again.
# Once a stage has run, the ones after it run too: their inputs changed.
stage_done() {  # NAME OUTPUT
  if [ "$redo" -eq 0 ] && [ -e "$2" ] && [ -e "$2.ok" ]; then
    [ "$(cat "$2.ok")" = 0 ] || failed=1
    say "$1: done earlier ($2)"; return 0
  fi
  rm -f "$2.ok"; redo=1; return 1
}
stage_failed() {  # NAME RC
  echo "$prog: $1 failed (exit $2, see above); it runs again when the same command is given;" \
    "intermediate files are in $work" >&2
  exit 1
}
stage() {
  local name=$1 out=$2; shift 2
  stage_done "$name" "$out" && return 0
  say "$name ..."
  local start=$EPOCHREALTIME
  "$@" > "$out.tmp"
  local rc=$?
  if [ $rc -ne 0 ]; then rm -f "$out.tmp"; stage_failed "$name" $rc; fi
  mv "$out.tmp" "$out" && echo 0 > "$out.ok" || exit 1
  say "$name: done in $(seconds_since "$start") s"
}
tool_stage() {
  local name=$1 out=$2; shift 2
  stage_done "$name" "$out" && return 0
  say "$name ..."
  local start=$EPOCHREALTIME
  rm -f "$out"
  "$@"
  local rc=$?
  if [ $rc -ne 0 ] && { [ $rc -ne 1 ] || [ ! -e "$out" ]; }; then
    rm -f "$out" "$out.tmp"; stage_failed "$name" $rc
  fi
  [ $rc -eq 1 ] && failed=1
  echo $rc > "$out.ok" || exit 1
  say "$name: done in $(seconds_since "$start") s"
}
