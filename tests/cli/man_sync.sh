# Every tool has a man page, and every long option in its --help appears in it.
source "$(dirname "$0")/common.bash"
tools=0
for dir in "$BIN"/*/; do
  tool=$(basename "$dir")
  [ -x "$dir/$tool" ] || continue
  tools=$((tools + 1))
  page="$SRC/man/$tool.1"
  [ -f "$page" ] || fail "$tool has no man page $page"
  grep -q '^\.SH EXIT STATUS' "$page" || fail "$page has no EXIT STATUS section"
  # Man pages escape dashes: --foo is written \-\-foo.
  text=$(sed 's/\\-/-/g' "$page")
  for opt in $("$dir/$tool" --help | grep -o -- '--[a-z][a-z0-9-]*' | sort -u); do
    grep -q -- "$opt" <<<"$text" || fail "$tool: option $opt is in --help but not in $page"
  done
  "$dir/$tool" --version | grep -q "^$tool (warcdedup) " || fail "$tool --version"
done
[ "$tools" -gt 0 ] || fail "no tools found in $BIN"
[ -f "$SRC/man/warcmanifest.5" ] || fail "man/warcmanifest.5 missing"
echo "checked $tools tools"
