# warcsum on WARC/ARC files written by other tools (../shared/interop).
# Every expectation is computed here independently, by a small Python reader
# (zlib + hashlib), never copied from warcsum's own output.
source "$(dirname "$0")/common.bash"
need_interop
W="$BIN/warcsum/warcsum"
[ -x "$W" ] || fail "$W not built"
command -v python3 >/dev/null || { echo "skipped: python3 absent"; exit 77; }
I="$INTEROP"

cat >"$WORK/ref.py" <<'PYTHON'
"""Reference reader: what warcsum should list, computed from first principles.

Records are parsed the way the WARC 1.0/1.1 and ARC v1 specifications lay them
out; a record has a location only if it is alone in its gzip member (or, in
an uncompressed file, starts where the previous one ended).
"""
import base64, hashlib, os, re, sys, zlib

def members(data):
    """[(begin, end, inflated)] for the complete gzip members at the start of data."""
    out, pos = [], 0
    while pos < len(data):
        d = zlib.decompressobj(31)
        try:
            x = d.decompress(data[pos:])
        except zlib.error:
            break
        if not d.eof:
            break
        end = len(data) - len(d.unused_data)
        out.append((pos, end, x))
        pos = end
    return out

HEADER_END = re.compile(rb'\n\r*\n')   # a line holding nothing but CRs ends a header

def parse_warc(buf, pos):
    if not buf.startswith(b'WARC/', pos):
        return None
    m = HEADER_END.search(buf, pos)
    if not m:
        return None
    fields = []
    for line in buf[pos:m.end()].split(b'\n')[1:]:
        line = line.rstrip(b'\r')
        if not line.strip():
            break
        if line[:1] in (b' ', b'\t') and fields:
            fields[-1][1] += b' ' + line.strip(b' \t')
        elif b':' in line:
            k, v = line.split(b':', 1)
            fields.append([k.strip(b' \t').decode('latin1').lower(), v.strip(b' \t')])
    h = {}
    for k, v in fields:
        h.setdefault(k, v)
    cl = h.get('content-length', b'')
    if not cl.isdigit():
        return None
    end = m.end() + int(cl)
    if end > len(buf):
        return None
    uri = h.get('warc-target-uri', b'')
    if uri[:1] == b'<' and uri[-1:] == b'>':
        uri = uri[1:-1]
    ctype = h.get('content-type')
    http = (ctype.lower().startswith(b'application/http') if ctype is not None
            else uri.lower().startswith((b'http:', b'https:')))
    return dict(type=h.get('warc-type', b'').decode().lower(), uri=uri,
                date=h.get('warc-date', b''), stored=h.get('warc-payload-digest'),
                truncated='warc-truncated' in h, block=buf[m.end():end], http=http, end=end)

def arc_iso(d):
    d = d.decode()
    if d.isdigit() and len(d) == 12:
        d += '00'
    if not (d.isdigit() and len(d) == 14):
        return None
    return ('%s-%s-%sT%s:%s:%sZ' % (d[0:4], d[4:6], d[6:8], d[8:10], d[10:12], d[12:14])).encode()

def parse_arc(buf, pos):
    nl = buf.find(b'\n', pos)
    if nl < 0:
        return None
    tok = buf[pos:nl].strip().split()   # url ip date mime length; the url may hold spaces
    if len(tok) < 5 or not tok[-1].isdigit() or arc_iso(tok[-3]) is None:
        return None
    uri = b' '.join(tok[:-4])
    end = nl + 1 + int(tok[-1])
    if end > len(buf):
        return None
    return dict(type='warcinfo' if uri.startswith(b'filedesc://') else 'response', uri=uri,
                date=arc_iso(tok[-3]), stored=None, truncated=False, block=buf[nl + 1:end],
                http=uri.lower().startswith((b'http:', b'https:')), end=end)

def skip_newlines(buf, pos):
    while pos < len(buf) and buf[pos] in b'\r\n':
        pos += 1
    return pos

def cut_header(b):
    """A header section cut off by the end of the block before its empty line:
    a status line, then only header fields and folded lines. warcio and pywb
    read all of it as header, and the payload as empty."""
    lines = b.split(b'\n')
    if not re.match(rb'HTTP/[^ ]* [0-9]{3}', lines[0]):
        return False
    for line in lines[1:]:
        line = line.rstrip(b'\r')
        if line[:1] not in (b'', b' ', b'\t') and not re.match(rb'[\x21-\x39\x3b-\x7e]+:', line):
            return False
    return True

def split_http(rec):
    """(payload, header_complete): the bytes after the HTTP header block."""
    b = rec['block']
    if not rec['http']:
        return b, False
    m = re.search(rb'(?:^|\n)\r*\n', b)
    if m and m.end() <= 256 * 1024:
        return b[m.end():], True
    if not m and len(b) <= 256 * 1024 and cut_header(b):
        return b'', True
    return b, False

def ending_ok(state, rec, arc, tail, at_end, next_warc):
    """Whether the newlines `tail` after a block end the record (warcsum(1),
    RECORD ENDINGS AND HEADERS): exactly CRLF CRLF, or nothing before the next
    "WARC/" or the end, as the file's first record with either set (a warcinfo
    may have either); in ARC one LF (one or two after the filedesc)."""
    warcinfo = rec['type'] == 'warcinfo'
    if arc:
        return tail == b'\n' or (warcinfo and tail == b'\n\n')
    trailer = tail == b'\r\n\r\n'
    none = tail == b'' and (at_end or next_warc)
    if warcinfo:
        if trailer and state['mode'] is None:
            state['mode'] = 'trailer'
        return trailer or none
    if (trailer and state['mode'] != 'none') or (none and state['mode'] != 'trailer'):
        state['mode'] = 'trailer' if trailer else 'none'
        return True
    return False

def records(path):
    """[(offset, length, record)] of the complete records that have a location."""
    data = open(path, 'rb').read()
    out = []
    state = {'mode': None}
    if data[:2] == b'\x1f\x8b':
        arc = None
        for begin, end, x in members(data):
            if arc is None:
                arc = x.startswith(b'filedesc://')
            rec = parse_arc(x, 0) if arc else parse_warc(x, 0)
            if rec and skip_newlines(x, rec['end']) == len(x) and \
                    ending_ok(state, rec, arc, x[rec['end']:], True, False):
                out.append((begin, end - begin, rec))
        return out
    arc = data.startswith(b'filedesc://')
    pos = 0
    while pos < len(data):
        rec = parse_arc(data, pos) if arc else parse_warc(data, pos)
        if not rec:
            break
        nxt = skip_newlines(data, rec['end'])
        if not ending_ok(state, rec, arc, data[rec['end']:nxt], nxt == len(data),
                         data[nxt:nxt + 5].upper() == b'WARC/'):
            break
        out.append((pos, nxt - pos, rec))
        pos = nxt
    return out

def enc(b):
    """Manifest field encoding (warcmanifest(5)): bytes outside 0x21-0x7e as %XX."""
    return ''.join(chr(c) if 0x20 < c < 0x7f else '%%%02X' % c for c in b) or '-'

def listed(path):
    """(offset, length, record, payload) of what warcsum lists by default."""
    for off, length, rec in records(path):
        if rec['type'] == 'response' and not rec['truncated']:
            payload = split_http(rec)[0]
            if payload:
                yield off, length, rec, payload

def stored_value(stored):
    label, _, value = stored.decode().partition(':')
    return label, value

def spelled_like(digest, stored):
    """The digest in the stored digest's spelling (hex or base32)."""
    label, value = stored_value(stored)
    if len(value) == 2 * len(digest) and re.fullmatch('[0-9a-fA-F]+', value):
        return label + ':' + digest.hex()
    return label + ':' + base64.b32encode(digest).decode()

def same_digest(stored, digest):
    _, value = stored_value(stored)
    return (value.lower() == digest.hex()
            or value.upper().rstrip('=') == base64.b32encode(digest).decode().rstrip('='))

def cmd_lines(path):
    """The manifest warcsum --recompute should write."""
    name = enc(os.path.basename(path).encode())
    for off, length, rec, payload in listed(path):
        print('%s %d %d %s %s sha1:%s' % (name, off, length, enc(rec['uri']), enc(rec['date']),
                                           hashlib.sha1(payload).hexdigest()))

def cmd_members(path):
    """Members that start with a record header and hold exactly one record."""
    for off, length, rec in records(path):
        print(off, length)

def cmd_mismatches(path, shown):
    """The --verify lines: stored digest differs from the payload digest."""
    for off, length, rec, payload in listed(path):
        if rec['stored'] and not same_digest(rec['stored'], hashlib.sha1(payload).digest()):
            print('warcsum: %s: offset %d: payload digest mismatch (stored %s, computed %s)' % (
                shown, off, rec['stored'].decode(),
                spelled_like(hashlib.sha1(payload).digest(), rec['stored'])))

def cmd_check_stored(path, known_wrong):
    """Reads warcsum --recompute lines on stdin; each digest must equal the stored
    WARC-Payload-Digest of its record (either spelling) unless the record is
    known to be wrong or has no complete HTTP header. Prints 'hex N base32 M'."""
    by_offset = {off: rec for off, length, rec in records(path)}
    known = set(int(x) for x in known_wrong.split(',') if x)
    counts = {'hex': 0, 'base32': 0}
    seen_wrong = set()
    for line in sys.stdin:
        f = line.split()
        off, digest = int(f[1]), bytes.fromhex(f[5].split(':')[1])
        rec = by_offset[off]
        if not rec['stored'] or not split_http(rec)[1]:
            continue
        if not same_digest(rec['stored'], digest):
            if off not in known:
                sys.exit('%s: offset %d: computed sha1:%s, stored %s' % (
                    path, off, digest.hex(), rec['stored'].decode()))
            seen_wrong.add(off)
            continue
        value = stored_value(rec['stored'])[1]
        counts['hex' if len(value) == 40 and re.fullmatch('[0-9a-f]+', value) else 'base32'] += 1
    if seen_wrong != known:
        sys.exit('%s: known-wrong records %s, found wrong %s' % (path, sorted(known), sorted(seen_wrong)))
    print('hex %d base32 %d' % (counts['hex'], counts['base32']))

def cmd_block_digests(path):
    """ClueWeb09 quirk: every stored 'payload' digest is the digest of the whole block."""
    n = 0
    for off, length, rec, payload in listed(path):
        assert rec['stored'], off
        assert same_digest(rec['stored'], hashlib.sha1(rec['block']).digest()), off
        assert not same_digest(rec['stored'], hashlib.sha1(payload).digest()), off
        n += 1
    print(n)

def cmd_next_record(path, offset):
    """Where the block of the plain-file record at offset ends."""
    data = open(path, 'rb').read()
    print(parse_warc(data, int(offset))['end'])

def cmd_arc_short(path):
    """ARC file whose last record is cut short: 'offset missing'."""
    data = open(path, 'rb').read()
    pos = 0
    while True:
        nl = data.index(b'\n', pos)
        need = int(data[pos:nl].split()[-1])
        if nl + 1 + need > len(data):
            print(pos, nl + 1 + need - len(data))
            return
        pos = skip_newlines(data, nl + 1 + need)

def cmd_arc_fix(path, out):
    """A copy of the ARC file with the last record's length set to what is there
    (up to the file's last newline, which ends the record)."""
    data = open(path, 'rb').read()
    pos = 0
    while True:
        nl = data.index(b'\n', pos)
        head = data[pos:nl].split(b' ')
        need = int(head[-1])
        if nl + 1 + need > len(data):
            head[-1] = str(len(data) - nl - 1 - data.endswith(b'\n')).encode()
            open(out, 'wb').write(data[:pos] + b' '.join(head) + data[nl:])
            return
        pos = skip_newlines(data, nl + 1 + need)

def cmd_walk(top):
    """Files under top as warcsum -r lists them: sorted per directory, no hidden entries."""
    def walk(d):
        for name in sorted(os.listdir(d)):
            if name.startswith('.'):
                continue
            p = d + ('' if d.endswith('/') else '/') + name
            if os.path.isdir(p):
                walk(p)
            elif os.path.isfile(p):
                print(p)
    walk(top)

def cmd_prepare(top, out, *paths):
    """For each path: out/ID.lines, out/ID.members and out/ID.mismatches (ID: '/' as '__')."""
    import contextlib
    for path in paths:
        base = os.path.join(out, path.replace('/', '__'))
        full = os.path.join(top, path)
        for suffix, fn, args in (('.lines', cmd_lines, (full,)), ('.members', cmd_members, (full,)),
                                 ('.mismatches', cmd_mismatches, (full, full))):
            with open(base + suffix, 'w') as f, contextlib.redirect_stdout(f):
                fn(*args)

def cmd_check_stored_all(top, out, *specs):
    """specs: PATH or PATH=KNOWN,WRONG,OFFSETS; out/ID.recomputed holds warcsum
    --recompute output for top/PATH. Prints 'PATH hex N base32 M' per file."""
    real_stdin = sys.stdin
    for spec in specs:
        path, _, known = spec.partition('=')
        with open(os.path.join(out, path.replace('/', '__') + '.recomputed')) as f:
            sys.stdin = f
            sys.stdout.write(path + ' ')
            cmd_check_stored(os.path.join(top, path), known)
    sys.stdin = real_stdin

globals()['cmd_' + sys.argv[1].replace('-', '_')](*sys.argv[2:])
PYTHON
ref() { python3 "$WORK/ref.py" "$@"; }

broken=(warcio/bad.arc warcio/example-bad-non-chunked.warc.gz warcio/example-bad.warc.gz.bad
        warcio/example-trunc.warc warcio/example-wrong-chunks.warc.gz resiliparse/clipped.warc.gz
        pywb/example-extra.warc pywb/missing-status-text.warc)
# Not broken, whatever the name says: wget wrote the target URI in <brackets>.
quirk_bad_name=warcio/example-wget-bad-target-uri.warc.gz
# An ARC record whose stated length is longer than the file (checked below).
short_arc=warcio/example-space-in-url.arc
clean=()
for path in $(cd "$I" && ls */* | LC_ALL=C sort); do
  case " ${broken[*]} $short_arc " in *" $path "*) continue ;; esac
  clean+=("$path")
done
[ ${#clean[@]} -ge 20 ] || fail "only ${#clean[@]} clean interop files"
for path in "${broken[@]}" "$short_arc" "$quirk_bad_name"; do
  [ -f "$I/$path" ] || fail "interop file $path missing"
done

# The reference reader's expectations for every file, in one Python run:
# $WORK/exp/ID.lines (what --recompute must print), .members (single-record
# gzip members, "offset length"), .mismatches (what --verify must print).
mkdir -p "$WORK/exp"
ref prepare "$I" "$WORK/exp" "${clean[@]}" "${broken[@]}"
exp() { cat "$WORK/exp/${1//\//__}.$2"; }

# (f) Clean files: exit 0, nothing on stderr. Every file, clean or broken:
# --recompute lists exactly what the reference reader lists (offsets,
# lengths, URIs, dates and payload digests); default mode the same records.
# (a) In gzip files every listed offset/length is a gzip member that starts
# with the record header and holds that one record, nothing else.
gz_checked=0
for path in "${clean[@]}" "${broken[@]}"; do
  run "$W" --recompute "$I/$path"
  expect_eq "$path: --recompute lines" "$(exp "$path" lines)" "$(cat "$WORK/out")"
  cp "$WORK/out" "$WORK/exp/${path//\//__}.recomputed"
  case " ${broken[*]} " in
    *" $path "*) expect_eq "$path: exit status (broken)" 1 "$rc" ;;
    *) expect_eq "$path: exit status" 0 "$rc"
       expect_eq "$path: stderr" "" "$(cat "$WORK/err")" ;;
  esac
  run "$W" "$I/$path"
  expect_eq "$path: default-mode records" "$(exp "$path" lines | cut -d' ' -f1-5)" \
    "$(cut -d' ' -f1-5 "$WORK/out")"
  [ "$(od -An -tx1 -N2 "$I/$path")" = " 1f 8b" ] || continue
  while read -r _ offset length _; do
    grep -qx "$offset $length" <(exp "$path" members) ||
      fail "$path: listed $offset+$length is not a single-record gzip member"
    gz_checked=$((gz_checked + 1))
  done <"$WORK/out"
done
[ "$gz_checked" -eq 87 ] || fail "expected 87 gzip records to check, checked $gz_checked"

# (b) --recompute digests equal the stored WARC-Payload-Digest, base32 or hex,
# for every response with a complete HTTP header, except the records that are
# wrong on purpose. ClueWeb09 stored block digests instead: checked apart.
specs=()
for path in "${clean[@]}"; do
  case "$path" in
    resiliparse/clueweb-quirk.warc.gz) ;;
    *) specs+=("$path") ;;
  esac
done
specs+=("warcio/example-trunc.warc" "pywb/example-extra.warc")
ref check-stored-all "$I" "$WORK/exp" "${specs[@]}" >"$WORK/stored" 2>&1 ||
  fail "stored digest check: $(tail -1 "$WORK/stored")"
hex_total=0
base32_total=0
while read -r path _ hex _ base32; do
  hex_total=$((hex_total + hex))
  base32_total=$((base32_total + base32))
  case "$path" in
    pywb/example2.warc.gz|warcio/example-iana.org-chunked.warc)
      expect_eq "$path: hex stored digests compared" 1 "$hex" ;;
  esac
done <"$WORK/stored"
expect_eq "base32 stored digests compared" 58 "$base32_total"
expect_eq "hex stored digests compared" 2 "$hex_total"
# pywb/example2.warc.gz really does store hex; iana.warc.gz chunked bodies match as stored.
grep -qa 'WARC-Payload-Digest: sha1:[0-9a-f]\{40\}' <(gzip -dc "$I/pywb/example2.warc.gz") ||
  fail "pywb/example2.warc.gz has no hex WARC-Payload-Digest"
grep -qa '^Transfer-Encoding: chunked' <(gzip -dc "$I/pywb/iana.warc.gz") ||
  fail "pywb/iana.warc.gz has no chunked response"
clueweb="$I/resiliparse/clueweb-quirk.warc.gz"
n=$(ref block-digests "$clueweb") || fail "clueweb-quirk: stored digests are not block digests"
expect_eq "clueweb-quirk: responses whose stored digest is the block digest" 29 "$n"
run "$W" --verify "$clueweb"
expect_eq "clueweb-quirk --verify exit" 1 "$rc"
expect_eq "clueweb-quirk --verify mismatches" 29 "$(grep -c 'payload digest mismatch' "$WORK/err")"

# (c) The deliberately wrong records. example-extra.warc: the revisit at 2701
# (Content-Length 0) is followed by one CRLF, not CRLF CRLF: a Content-Length
# two bytes too long leaves the same bytes, so it is damage and the rest of
# the plain file is not read. Past it, the response at 3207 (whose stored
# digest the payload does not match) has a Content-Length one byte short: its
# block is followed by LF CRLF CRLF.
extra="$I/pywb/example-extra.warc"
trunc="$I/warcio/example-trunc.warc"
expect_eq "example-extra: after the revisit at 2701" '\r\nWARC/' \
  "$(python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); n = int(sys.argv[2]); print(repr(d[n:n + 7])[2:-1])' "$extra" "$(ref next-record "$extra" 2701)")"
expect_eq "example-extra: after the response at 3207" '\n\r\n\r\nWARC/' \
  "$(python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); n = int(sys.argv[2]); print(repr(d[n:n + 10])[2:-1])' "$extra" "$(ref next-record "$extra" 3207)")"
extra_err="warcsum: $extra: offset 2701: Content-Length (0 bytes) does not end the record: expected CRLF CRLF after the block, found \"\\x0d\\x0aWARC/1.0\\x0d\\x0aWARC-Type: response\\x0d\\x0aWARC-Re...\"; rest of file not read (no safe way to find the next record in an uncompressed file)"
run "$W" --verify "$extra"
expect_eq "example-extra --verify exit" 1 "$rc"
expect_eq "example-extra --verify stderr" "$extra_err" "$(cat "$WORK/err")"
expect_eq "example-extra --verify mismatches (none listed)" "" "$(ref mismatches "$extra" x)"
expect_eq "example-extra --verify lines" "$(ref lines "$extra")" "$(cat "$WORK/out")"
expect_eq "example-extra --verify lines (offsets)" "0" "$(cut -d' ' -f2 "$WORK/out")"
# example-trunc.warc: Content-Length 973 where the block is 975 bytes, so two
# stray bytes follow the record's block where CRLF CRLF should be. The record
# is reported at its own offset and not listed (a line for it would have a
# wrong payload digest); the rest of the plain file is not read.
stray=$(ref next-record "$trunc" 1197)
expect_eq "example-trunc: stray bytes after the block at 1197" '\x00\x00\r\n\r\nWARC/' \
  "$(python3 -c 'import sys; d = open(sys.argv[1], "rb").read(); n = int(sys.argv[2]); print(repr(d[n:n + 11])[2:-1])' "$trunc" "$stray")"
trunc_err="warcsum: $trunc: offset 1197: Content-Length (973 bytes) does not end the record: expected CRLF CRLF after the block, found \"\\x00\\x00\\x0d\\x0a\\x0d\\x0aWARC/1.0\\x0d\\x0aWARC-Type: request\\x0d\\x0aWARC...\"; rest of file not read (no safe way to find the next record in an uncompressed file)"
run "$W" --verify "$trunc"
expect_eq "example-trunc --verify exit" 1 "$rc"
expect_eq "example-trunc --verify stderr" "$trunc_err" "$(cat "$WORK/err")"
expect_eq "example-trunc --verify mismatches (none listed)" "" "$(ref mismatches "$trunc" x)"
# Both together: the same lines, in input order.
run "$W" --verify "$extra" "$trunc"
expect_eq "--verify on both exit" 1 "$rc"
expect_eq "--verify on both: messages" "$extra_err
$trunc_err" "$(cat "$WORK/err")"
# No other interop file has a wrong stored digest, except clueweb-quirk (block
# digests).
for path in "${clean[@]}"; do
  case "$path" in resiliparse/clueweb-quirk.warc.gz|pywb/example-extra.warc) continue ;; esac
  run "$W" --verify "$I/$path"
  expect_eq "$path --verify stderr" "" "$(cat "$WORK/err")"
  expect_eq "$path --verify exit" 0 "$rc"
done
# missing-status-text.warc: its CRLFs became CR CR LF after its Content-Length
# was written, so the block ends inside the HTTP header, without the empty
# line, and "\r\r\n\r\r\n" (the header's end, not a trailer) follows it:
# the Content-Length no longer fits the record, which is damage (warcio and
# pywb read an empty payload).
mst="$I/pywb/missing-status-text.warc"
grep -qa '^WARC-Payload-Digest: sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ' "$mst" ||
  fail "missing-status-text.warc no longer stores the digest of an empty payload"
mst_err="warcsum: $mst: offset 0: Content-Length (107 bytes) does not end the record: expected CRLF CRLF after the block, found \"\\x0d\\x0d\\x0a\\x0d\\x0d\\x0a\" and the end of the file"
run "$W" --verify --keep-empty "$mst"
expect_eq "missing-status-text --verify --keep-empty exit" 1 "$rc"
expect_eq "missing-status-text --verify --keep-empty stderr" "$mst_err" "$(cat "$WORK/err")"
expect_eq "missing-status-text --verify --keep-empty lines" "" "$(cat "$WORK/out")"

# (d) Broken files: exit 1, the damage named by file and offset, and no line
# for a record that was not read completely (the line check above).
members_of() { ref members "$1" | cut -d' ' -f1 | tr '\n' ' '; }
expect_broken() {  # PATH EXPECTED-STDERR
  run "$W" "$I/$1"
  expect_eq "$1: exit status" 1 "$rc"
  expect_eq "$1: stderr" "$2" "$(cat "$WORK/err")"
}
expect_broken warcio/bad.arc \
  "warcsum: $I/warcio/bad.arc: offset 0: bad ARC record length \"-1\"; rest of file not read (no safe way to find the next record in an uncompressed file)"
expect_broken warcio/example-bad-non-chunked.warc.gz \
  "warcsum: $I/warcio/example-bad-non-chunked.warc.gz: offset 0: gzip member holds more than one record (not one record per member); its records are not listed"
expect_broken warcio/example-bad.warc.gz.bad \
  "warcsum: $I/warcio/example-bad.warc.gz.bad: offset 0: gzip member holds more than one record (not one record per member); its records are not listed"
expect_broken warcio/example-trunc.warc "$trunc_err"
expect_broken pywb/example-extra.warc "$extra_err"
expect_broken pywb/missing-status-text.warc "$mst_err"
# example-wrong-chunks: member 0 holds the start of a record that goes on in
# member 1; member 2 starts with that record's trailing CRLF, then a request.
wrong="$I/warcio/example-wrong-chunks.warc.gz"
third=$(python3 -c '
import sys, zlib
d = open(sys.argv[1], "rb").read(); pos = 0; starts = []
while pos < len(d):
    o = zlib.decompressobj(31); o.decompress(d[pos:]); starts.append(pos); pos = len(d) - len(o.unused_data)
print(starts[2], len(starts))' "$wrong")
expect_eq "example-wrong-chunks members" "1130 3" "$third"
expect_broken warcio/example-wrong-chunks.warc.gz \
  "warcsum: $wrong: offset 0: record spans more than one gzip member (not one record per member); not listed
warcsum: $wrong: offset 1130: gzip member holds more than one record (not one record per member); its records are not listed"
clipped="$I/resiliparse/clipped.warc.gz"
size=$(stat -c %s "$clipped")
expect_eq "clipped.warc.gz: complete members" "" "$(members_of "$clipped")"
expect_broken resiliparse/clipped.warc.gz \
  "warcsum: $clipped: offset 0: gzip member truncated (input ends $size bytes into it); no further gzip member found ($size bytes skipped)"
# A broken file does not stop the next one.
run "$W" "$I/warcio/bad.arc" "$I/warcio/example.warc.gz" "$clipped" "$I/jwarc/cc.warc.gz"
expect_eq "broken among clean: exit" 1 "$rc"
expect_eq "broken among clean: offsets" \
  "$( (ref lines "$I/warcio/example.warc.gz"; ref lines "$I/jwarc/cc.warc.gz") | cut -d' ' -f1-5)" \
  "$(cut -d' ' -f1-5 "$WORK/out")"
expect_eq "broken among clean: messages" 2 "$(wc -l <"$WORK/err")"

# The clean quirk: brackets around the target URI are dropped.
run "$W" "$I/$quirk_bad_name"
expect_eq "$quirk_bad_name exit" 0 "$rc"
expect_eq "$quirk_bad_name uri" "http://example.com/" "$(cut -d' ' -f4 "$WORK/out")"
grep -qa '^WARC-Target-URI: <http://example.com/>' <(gzip -dc "$I/$quirk_bad_name") ||
  fail "$quirk_bad_name no longer has a bracketed target URI"

# (e) ARC files give ISO 8601 dates.
for path in warcio/example.arc warcio/example.arc.gz; do
  run "$W" --recompute "$I/$path"
  expect_eq "$path exit" 0 "$rc"
  expect_eq "$path lines" "$(ref lines "$I/$path")" "$(cat "$WORK/out")"
  expect_eq "$path date" "2014-02-16T05:02:21Z" "$(cut -d' ' -f5 "$WORK/out")"
done
# example-space-in-url.arc states 1591 bytes for its record where the file
# holds 1579: warcsum must say so and not list it.
read -r short_at short_by <<<"$(ref arc-short "$I/$short_arc")"
expect_eq "$short_arc: the fixture really is short" "151 12" "$short_at $short_by"
run "$W" "$I/$short_arc"
expect_eq "$short_arc exit" 1 "$rc"
expect_eq "$short_arc stdout" "" "$(cat "$WORK/out")"
expect_eq "$short_arc stderr" \
  "warcsum: $I/$short_arc: offset $short_at: record truncated (input ends $short_by bytes before the end of its block)" \
  "$(cat "$WORK/err")"
# With the length repaired, the record is listed: URL with spaces, ISO date.
ref arc-fix "$I/$short_arc" "$WORK/space-in-url.arc"
run "$W" --recompute "$WORK/space-in-url.arc"
expect_eq "repaired ARC exit" 0 "$rc"
expect_eq "repaired ARC line" "$(ref lines "$WORK/space-in-url.arc")" "$(cat "$WORK/out")"
expect_eq "repaired ARC uri and date" \
  "http://example.com/index.cfm?FuseAction=Email&EmailTitle=Examples%20From%20The%20Live%20Web&IsPopUp=False 2014-02-16T05:02:21Z" \
  "$(cut -d' ' -f4,5 "$WORK/out")"

# (g) "-" (paths on stdin), -r DIR, a list of files and -j 3: the same output.
paths=()
for path in "${clean[@]}"; do paths+=("$I/$path"); done
run "$W" "${paths[@]}"
cp "$WORK/out" "$WORK/list.out"; cp "$WORK/err" "$WORK/list.err"; list_rc=$rc
[ -s "$WORK/list.out" ] || fail "no output for the clean files"
set +e
printf '%s\n' "${paths[@]}" | "$W" - >"$WORK/stdin.out" 2>"$WORK/stdin.err"
stdin_rc=$?
set -e
expect_eq "'-' exit" "$list_rc" "$stdin_rc"
cmp -s "$WORK/list.out" "$WORK/stdin.out" || fail "'-' output differs from the file list"
cmp -s "$WORK/list.err" "$WORK/stdin.err" || fail "'-' messages differ from the file list"
run "$W" -j 3 "${paths[@]}"
cmp -s "$WORK/list.out" "$WORK/out" || fail "-j 3 output differs from -j 1"
cmp -s "$WORK/list.err" "$WORK/err" || fail "-j 3 messages differ from -j 1"
# -r on the interop folder (README.md included: it is not a WARC file).
mapfile -t walked < <(ref walk "$I")
[ ${#walked[@]} -eq $((${#clean[@]} + ${#broken[@]} + 2)) ] || fail "walk found ${#walked[@]} files"
run "$W" "${walked[@]}"
cp "$WORK/out" "$WORK/walk.out"; cp "$WORK/err" "$WORK/walk.err"; walk_rc=$rc
run "$W" -r "$I"
expect_eq "-r exit" "$walk_rc" "$rc"
expect_eq "-r exit value" 1 "$rc"
cmp -s "$WORK/walk.out" "$WORK/out" || fail "-r output differs from the sorted file list"
cmp -s "$WORK/walk.err" "$WORK/err" || fail "-r messages differ from the sorted file list"
grep -qxF "warcsum: $I/README.md: offset 0: not a WARC or ARC file (expected \"WARC/\" or \"filedesc://\", found \"$(head -c 40 "$I/README.md")...\")" \
  "$WORK/err" || fail "-r: README.md not reported as it should be"
# -r on a directory of clean files only: exactly the listed files' output.
mkdir -p "$WORK/tree/b" "$WORK/tree/a" "$WORK/tree/.hidden"
cp "$I/warcio/example.warc.gz" "$WORK/tree/b/"
cp "$I/pywb/example.warc.gz" "$WORK/tree/a/"
cp "$I/jwarc/cc.warc.gz" "$WORK/tree/"
cp "$I/warcio/example.arc" "$WORK/tree/.hidden/"
run "$W" -r "$WORK/tree"
expect_eq "-r tree exit" 0 "$rc"
expect_eq "-r tree lines" \
  "$(ref lines "$I/pywb/example.warc.gz" | cut -d' ' -f1-5; ref lines "$I/warcio/example.warc.gz" | cut -d' ' -f1-5; ref lines "$I/jwarc/cc.warc.gz" | cut -d' ' -f1-5)" \
  "$(cut -d' ' -f1-5 "$WORK/out")"
# --full-path keeps the path as given.
run "$W" --full-path "$I/warcio/example.warc.gz"
expect_eq "--full-path file field" "$I/warcio/example.warc.gz" "$(cut -d' ' -f1 "$WORK/out")"
echo "ok: ${#clean[@]} clean, ${#broken[@]} broken files; $gz_checked gzip records; $base32_total base32 and $hex_total hex stored digests"
