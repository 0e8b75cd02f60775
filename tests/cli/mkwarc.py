# Test helper for the warccollres and warcsum CLI tests (not a test itself).
# Writes response records, one gzip member each, as the spec on stdin asks:
#   FILE URI text|rand|rep SEED SIZE [name=N] [forge=N] [flip=POS] [level=L]
#        [cl=DELTA] [headcut=N] [plain=1] [notrailer=1]
# (rep: a 1 MB text block repeated). name=N remembers the payload's digest,
# forge=N stores N's digest instead of the payload's own (a collision),
# flip=POS changes one byte of the payload, level=L is the gzip level.
# Damage: cl=DELTA states a Content-Length DELTA bytes off the block's (+50,
# -7), headcut=N writes only the first N bytes of the record's header.
# plain=1 appends the record uncompressed; notrailer=1 leaves out the CRLF
# CRLF after the block, as some writers do.
# Prints "file offset length uri date sha1:stored sha1-of-the-real-payload".
import base64, gzip, hashlib, os, random, sys
named, n = {}, 0
for spec in sys.stdin:
    f = spec.split()
    if not f:
        continue
    name, uri, kind, seed, size = f[0], f[1], f[2], int(f[3]), int(f[4])
    opts = dict(o.split('=', 1) for o in f[5:])
    r = random.Random(seed)
    if kind == 'rand':
        payload = bytearray(r.randbytes(size))
    else:
        words = [bytes(r.choice(b'abcdefghij') for _ in range(r.randint(2, 8))) for _ in range(300)]
        payload = bytearray()
        while len(payload) < min(size, 1 << 20):
            payload += r.choice(words) + b' '
        if kind == 'rep':
            payload *= size // len(payload) + 1
        del payload[size:]
    if 'flip' in opts:
        payload[int(opts['flip'])] ^= 1
    real = hashlib.sha1(payload).digest()
    named[opts.get('name')] = real
    stored = named[opts['forge']] if 'forge' in opts else real
    n += 1
    date = '2020-01-01T00:%02d:%02dZ' % (n // 60, n % 60)
    block = b'HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n' % len(payload) + payload
    head = ('WARC/1.0\r\nWARC-Type: response\r\n'
            'WARC-Record-ID: <urn:uuid:00000000-0000-4000-8000-%012d>\r\n'
            'WARC-Date: %s\r\nWARC-Target-URI: %s\r\n'
            'Content-Type: application/http; msgtype=response\r\n'
            'WARC-Payload-Digest: sha1:%s\r\nContent-Length: %d\r\n\r\n'
            % (n, date, uri, base64.b32encode(stored).decode(),
               len(block) + int(opts.get('cl', 0)))).encode()
    record = head + block + (b'' if opts.get('notrailer') else b'\r\n\r\n')
    if 'headcut' in opts:
        record = head[:int(opts['headcut'])]
    member = record if opts.get('plain') else gzip.compress(
        record, compresslevel=int(opts.get('level', 6)), mtime=0)
    path = os.path.join(sys.argv[1], name)
    offset = os.path.getsize(path) if os.path.exists(path) else 0
    with open(path, 'ab') as w:
        w.write(member)
    print(name, offset, len(member), uri, date, 'sha1:' + stored.hex(), real.hex())
