# A file that is neither WARC nor ARC: named with offset 0 and what was found.
printf 'hello\n' >hello.txt
warcsum hello.txt
