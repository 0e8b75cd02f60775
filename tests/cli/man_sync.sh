# Every tool has a man page, and every long option in its --help appears in
# it; a tool with subcommands (warcurlrules learn, apply, ...) has a
# subsection per command (.SS learn) that names each option of that
# command's --help (--help itself may be said once for all).
source "$(dirname "$0")/common.bash"

# The subcommands a --help lists: the first word of each line under "Subcommands:".
subcommands() { sed -n '/^Subcommands:/,/^$/s/^  \([a-z][a-z0-9-]*\) .*/\1/p'; }

# The lines of a page's subsection .SS NAME, up to the next .SS or .SH.
subsection() { awk -v name="$1" '/^\.S[SH]/ { inside = ($0 ~ "^\\.SS \"?" name "(\"| |$)") } inside'; }

# check_options TOOL WHERE TEXT HELP-COMMAND...: each --option of the help is in
# TEXT, as a whole word (--surt is not found in --surtx).
check_options() {
  local tool=$1 where=$2 text=$3 opt
  shift 3
  for opt in $("$@" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
    grep -qE -- "$opt([^a-z0-9-]|\$)" <<<"$text" || fail "$tool: option $opt is in '${*##*/} --help' but not in $where"
  done
}

tools=0
commands=0
for dir in "$BIN"/*/; do
  tool=$(basename "$dir")
  [ -x "$dir/$tool" ] || continue
  tools=$((tools + 1))
  page="$SRC/man/$tool.1"
  [ -f "$page" ] || fail "$tool has no man page $page"
  grep -q '^\.SH EXIT STATUS' "$page" || fail "$page has no EXIT STATUS section"
  # Man pages escape dashes: --foo is written \-\-foo.
  text=$(sed 's/\\-/-/g' "$page")
  check_options "$tool" "$page" "$text" "$dir/$tool"
  for sub in $("$dir/$tool" --help | subcommands); do
    commands=$((commands + 1))
    section=$(sed 's/\\-/-/g' "$page" | subsection "$sub")
    [ -n "$section" ] || fail "$tool: command $sub has no subsection .SS $sub in $page"
    check_options "$tool" ".SS $sub of $page" "$section"$'\n--help' "$dir/$tool" "$sub"
  done
  "$dir/$tool" --version | grep -q "^$tool (warcdedup) " || fail "$tool --version"
done
[ "$tools" -gt 0 ] || fail "no tools found in $BIN"
[ -f "$SRC/man/warcmanifest.5" ] || fail "man/warcmanifest.5 missing"
echo "checked $tools tools ($commands subcommands)"
