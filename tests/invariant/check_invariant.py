#!/usr/bin/env python3
"""The history invariant, checked by a reader independent of warcdedup's.

    check_invariant.py BEFORE_DIR AFTER_DIR

BEFORE_DIR holds a collection as it was, AFTER_DIR the same files after a
deduplication (files not there are taken as unchanged). For every file:
  - the file did not grow;
  - it holds the same records in the same order, each either byte-identical
    (header and block) or a response turned into a revisit;
  - every revisit made resolves as pywb 2.x resolves it (the canonical
    WARC-Refers-To-Target-URI, WARC-Refers-To-Date to the second, and a
    response whose payload digest equals the revisit's WARC-Payload-Digest)
    to a response of the collection after, whose payload is byte-identical to
    the payload of the record the revisit replaced;
  - a file this reader cannot read whole (damage) is byte-identical after;
  - a revisit that already resolved before still resolves after.
Prints one line per violation and exits 1 if there is any; exits 0 with a
summary line otherwise. Uses only the Python standard library.
"""
import base64, hashlib, os, re, sys, zlib
from urllib.parse import urlsplit, urlunsplit


class Damaged(Exception):
    pass


def stream_bytes(data):
    """The file's bytes after gzip decoding (every member), or as they are."""
    if data[:2] != b'\x1f\x8b':
        return data
    out, rest = [], data
    while rest:
        if rest[:2] != b'\x1f\x8b':
            raise Damaged('bytes after the last gzip member')
        d = zlib.decompressobj(31)
        try:
            out.append(d.decompress(rest))
        except zlib.error as e:
            raise Damaged('gzip: %s' % e)
        if not d.eof:
            raise Damaged('gzip member cut short')
        rest = d.unused_data
    return b''.join(out)


def records(data):
    """(header dict, raw header bytes, block) for every WARC record."""
    pos, n = 0, len(data)
    while True:
        while pos < n and data[pos] in b'\r\n':
            pos += 1
        if pos >= n:
            return
        end = data.find(b'\r\n\r\n', pos)
        if end < 0 or not data.startswith(b'WARC/', pos):
            raise Damaged('no WARC record at decoded offset %d' % pos)
        head = data[pos:end + 4]
        fields = {}
        for line in head.split(b'\r\n')[1:]:
            if b':' in line:
                k, v = line.split(b':', 1)
                fields.setdefault(k.strip().lower().decode('latin-1'), v.strip().decode('latin-1'))
        try:
            length = int(fields['content-length'])
        except (KeyError, ValueError):
            raise Damaged('no Content-Length at decoded offset %d' % pos)
        block = data[end + 4:end + 4 + length]
        if len(block) != length:
            raise Damaged('block cut short at decoded offset %d' % pos)
        yield fields, head, block
        pos = end + 4 + length


def payload(fields, block):
    if fields.get('content-type', '').replace(' ', '').startswith('application/http'):
        cut = block.find(b'\r\n\r\n')
        return block[cut + 4:] if cut >= 0 else b''
    return block


def canon(uri):
    """The normalisations replay tools apply before matching (SURT's basics)."""
    uri = uri.strip('<>')
    try:
        p = urlsplit(uri)
    except ValueError:
        return uri
    host = (p.hostname or '').lower()
    port = p.port if p.port not in (None, 80 if p.scheme.lower() == 'http' else 443) else None
    netloc = host + (':%d' % port if port else '')
    path = re.sub('%([0-9A-Fa-f]{2})', lambda m: chr(int(m.group(1), 16))
                  if chr(int(m.group(1), 16)).isalnum() or chr(int(m.group(1), 16)) in '-._~'
                  else '%' + m.group(1).upper(), p.path or '/')
    return urlunsplit((p.scheme.lower(), netloc, path, p.query, ''))


def second(date):
    return re.sub(r'\.\d+Z$', 'Z', date)


def sha1_matches(digest, data):
    label, _, value = digest.partition(':')
    if label.lower() != 'sha1':
        return None  # another algorithm: not what pywb matches here
    h = hashlib.sha1(data).digest()
    return value.lower() == h.hex() or value.upper() == base64.b32encode(h).decode()


def load(path):
    with open(path, 'rb') as f:
        raw = f.read()
    return raw, list(records(stream_bytes(raw)))


def is_warc(name):
    return name.endswith(('.warc', '.warc.gz'))


def main(before_dir, after_dir):
    problems, made, files = [], 0, 0
    before, after = {}, {}
    for name in sorted(os.listdir(before_dir)):
        if not is_warc(name):
            continue
        files += 1
        bpath = os.path.join(before_dir, name)
        apath = os.path.join(after_dir, name)
        if not os.path.exists(apath):
            apath = bpath
        if os.path.getsize(apath) > os.path.getsize(bpath):
            problems.append('%s: grew from %d to %d bytes' % (name, os.path.getsize(bpath), os.path.getsize(apath)))
        try:
            braw, brecs = load(bpath)
        except Damaged as e:
            with open(bpath, 'rb') as f1, open(apath, 'rb') as f2:
                if f1.read() != f2.read():
                    problems.append('%s: damaged (%s) but rewritten' % (name, e))
            continue
        try:
            _, arecs = load(apath)
        except Damaged as e:
            problems.append('%s: the file after does not read: %s' % (name, e))
            continue
        before[name], after[name] = brecs, arecs
    # Responses of the collection after, as a replay tool's index holds them.
    index = {}
    def add_index(recs, into):
        for fields, _, block in recs:
            if fields.get('warc-type') == 'response':
                key = (canon(fields.get('warc-target-uri', '')), second(fields.get('warc-date', '')))
                into.setdefault(key, []).append(payload(fields, block))
    for recs in after.values():
        add_index(recs, index)
    index_before = {}
    for recs in before.values():
        add_index(recs, index_before)

    def resolve(fields, idx):
        key = (canon(fields.get('warc-refers-to-target-uri') or fields.get('warc-target-uri', '')),
               second(fields.get('warc-refers-to-date', '')))
        digest = fields.get('warc-payload-digest', '')
        return [p for p in idx.get(key, []) if sha1_matches(digest, p)]

    for name in sorted(before):
        brecs, arecs = before[name], after[name]
        if len(brecs) != len(arecs):
            problems.append('%s: %d records before, %d after' % (name, len(brecs), len(arecs)))
            continue
        for i, ((bf, bh, bb), (af, ah, ab)) in enumerate(zip(brecs, arecs)):
            where = '%s: record %d (%s %s)' % (name, i, bf.get('warc-target-uri'), bf.get('warc-date'))
            if (bh, bb) == (ah, ab):
                if bf.get('warc-type') == 'revisit' and 'warc-refers-to-date' in bf:
                    if resolve(bf, index_before) and not resolve(bf, index):
                        problems.append(where + ': an existing revisit no longer resolves')
                continue
            if bf.get('warc-type') != 'response' or af.get('warc-type') != 'revisit':
                problems.append(where + ': changed, and not a response made a revisit')
                continue
            made += 1
            for field in ('warc-target-uri', 'warc-date'):
                if af.get(field) != bf.get(field):
                    problems.append(where + ': the revisit has another ' + field)
            if not af.get('warc-refers-to-target-uri') or not af.get('warc-refers-to-date'):
                problems.append(where + ': the revisit lacks its reference')
                continue
            if not af.get('warc-profile', '').endswith('identical-payload-digest'):
                problems.append(where + ': not an identical-payload-digest revisit')
            original = payload(bf, bb)
            if not sha1_matches(af.get('warc-payload-digest', ''), original):
                problems.append(where + ': the revisit\'s payload digest is not the replaced payload\'s')
            found = resolve(af, index)
            if not found:
                problems.append(where + ': the revisit resolves to nothing')
            elif not any(p == original for p in found):
                problems.append(where + ': the revisit resolves to a different payload (history lost)')
    for p in problems:
        print(p)
    print('invariant: %d files, %d revisits made, %d violations' % (files, made, len(problems)))
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1], sys.argv[2]))
