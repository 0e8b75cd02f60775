#!/usr/bin/env python3
"""Writes the seed corpora in tests/fuzz/corpus/ (see README.md there).

Run from the repository root with ../shared/interop present. Every input
starts with the fuzz target's flags byte; the file name ends in .fNN, NN being
that byte in hex.
"""
import os
import re
import zlib

INTEROP = os.path.join('..', 'shared', 'interop')
CORPUS = os.path.join('tests', 'fuzz', 'corpus')


def put(target, name, data):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, name), 'wb') as f:
        f.write(data)


def interop(path):
    with open(os.path.join(INTEROP, path), 'rb') as f:
        return f.read()


def gz(data):
    c = zlib.compressobj(6, zlib.DEFLATED, 31)
    return c.compress(data) + c.flush()


def arc_body(path):
    """An ARC file without its filedesc header (arc_reader_fuzz adds its own)."""
    return interop(path).split(b'\n\n', 1)[1]


def http_block(path):
    """The block of the first response record of a plain WARC file."""
    data = interop(path)
    at = data.index(b'WARC-Type: response')
    head_end = re.compile(rb'\n\r*\n').search(data, at).end()
    length = int(re.search(rb'Content-Length: *([0-9]+)', data[at:head_end]).group(1))
    return data[head_end:head_end + length]


def main():
    for flags, path in [(0x01, 'pywb/httpbin-resource.warc.gz'),
                        (0x00, 'warcio/example-space-in-target-uri.warc.gz'),
                        (0x03, 'resiliparse/block-sized-records.warc.gz'),
                        (0x01, 'warcio/example-bad.warc.gz.bad'),
                        (0x05, 'warcio/example.arc.gz'),
                        (0x02, 'pywb/example-url-agnostic-revisit.warc.gz')]:
        put('segment_reader', '%s.f%02x' % (os.path.basename(path), flags),
            bytes([flags]) + interop(path))
    put('segment_reader', 'handmade-members-with-junk.f01',
        b'\x01' + gz(b'first') + b'junk\x1f\x8b' + gz(b'') + gz(b'third' * 20))
    put('segment_reader', 'handmade-plain.f08',
        b'\x08WARC/1.0\r\nContent-Length: 0\r\n\r\n\r\n\r\n')
    # Valid mode (bit 6): members made by the target itself, cut at '|'.
    put('segment_reader', 'handmade-valid-members.f61',
        b'\x61WARC/1.0\r\nContent-Length: 3\r\n\r\nabc\r\n\r\n||' + b'x' * 300 + b'|y')

    for flags, path in [(0x00, 'pywb/missing-status-text.warc'),
                        (0x01, 'warcio/example-trunc.warc'),
                        (0x00, 'warcio/example-digest.warc'),
                        (0x05, 'warcio/example.warc'),
                        (0x0d, 'warcio/example-iana.org-chunked.warc'),
                        (0x01, 'warcio/example-resource.warc.gz'),
                        (0x00, 'warcio/example-wrong-chunks.warc.gz'),
                        (0x01, 'warcio/example-bad-non-chunked.warc.gz'),
                        (0x03, 'jwarc/cc.warc.gz')]:
        put('warc_reader', '%s.f%02x' % (os.path.basename(path), flags),
            bytes([flags]) + interop(path))
    http = b'HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc'
    record = (b'WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://example.com/\r\n'
              b'WARC-Date: 2024-01-01T00:00:00Z\r\n'
              b'Content-Type: application/http;msgtype=response\r\n'
              b'Content-Length: %d\r\n\r\n%s\r\n\r\n' % (len(http), http))
    resource = record.replace(b'1.1\r\nWARC-Type: response', b'1.0\r\nWARC-Type: resource')
    put('warc_reader', 'handmade-two-records.f05', b'\x05' + record + resource)
    put('warc_reader', 'handmade-two-records.f45', b'\x45' + record + resource)
    put('warc_reader', 'handmade-range.f80', b'\x80' + record)
    put('warc_reader', 'handmade-bad-length.f00',
        b'\x00' + record.replace(b'Length: %d' % len(http), b'Length: x1'))

    for flags, path in [(0x00, 'warcio/example.arc'),
                        (0x05, 'warcio/example-space-in-url.arc'),
                        (0x00, 'warcio/bad.arc')]:
        put('arc_reader', '%s.body.f%02x' % (os.path.basename(path), flags),
            bytes([flags]) + arc_body(path))
    put('arc_reader', 'handmade-v2-line.f00',
        b'\x00http://example.com/a b 1.2.3.4 20140216050221 text/html 200 - - 0 x.arc 5\n'
        b'hello\n')
    put('arc_reader', 'handmade-12-digit-date.f09',
        b'\x09http://example.com/ 1.2.3.4 201402160502 text/plain 3\nabc\n\n'
        b'http://example.org/ 1.2.3.4 20140216050221 text/plain 0\n\n')

    # arc2warc: the same ARC bodies; flags 0x01 one member per record, 0x04
    # plain output, 0x08 the spool path, 0x10 WARC/1.0.
    for flags, path in [(0x01, 'warcio/example.arc'),
                        (0x0d, 'warcio/example-space-in-url.arc'),
                        (0x00, 'warcio/bad.arc')]:
        put('arc2warc', '%s.body.f%02x' % (os.path.basename(path), flags),
            bytes([flags]) + arc_body(path))
    put('arc2warc', 'handmade-kinds.f19',
        b'\x19http://example.com/a b 1.2.3.4 20140216050221 text/html 200 - - 0 x.arc 24\n'
        b'HTTP/1.0 200 OK\r\n\r\nhello!\n'
        b'dns:example.com 1.2.3.4 20140216050222 text/dns 5\nA 1.2\n'
        b'http://example.com/e 1.2.3.4 - no-type 0\n\n'
        b'filedesc://more.arc 1.2.3.4 20140216050223 text/plain 6\n1 0 X\n\n'
        b'http://example.com/cut 1.2.3.4 20140216050224 text/html 99\nHTTP/1.1 200')

    put('manifest', 'handmade-all-widths',
        b'# warcsum 0.1.0\n'
        b'crawl-07.warc.gz 0 1234 http://example.com/ 2024-01-01T00:00:00Z '
        b'sha1:0123456789abcdef0123456789abcdef01234567\n'
        b'crawl-07.warc.gz 1234 99 http://example.com/a%20b 2024-01-01T00:00:01Z sha1:00 3\n'
        b'x.warc 5 6 http://e.org/?q=1 - sha256:abcd 3 1 - -\n'
        b'x.warc 7 8 http://e.org/2 2024 sha1:ab 3 2 http://e.org/ 2023\n')
    put('manifest', 'handmade-bad-lines',
        b'a x1 2 u d sha1:00\n\na 1 2 u d SHA1:00\na  1 2 u d sha1:00\n'
        b'a 1 2 u d sha1:00 0 1 u d\n')

    # http: the flags byte seeds the piece sizes (0: one piece).
    for flags, path in [(0x00, 'warcio/example.warc'),
                        (0x11, 'pywb/missing-status-text.warc')]:
        put('http', '%s.block.f%02x' % (os.path.basename(path), flags),
            bytes([flags]) + http_block(path))
    put('http', 'handmade-bare-lf-folded.f07',
        b'\x07HTTP/1.0 404\nServer: x\n folded\n\tagain\n\nbody\n')
    put('http', 'handmade-cut-header.f03', b'\x03HTTP/1.1 302 Found\r\nLocation: /x\r\n')
    put('http', 'handmade-cr-only-line.f05', b'\x05HTTP/1.1 200 OK\r\nA: b\r\n\r\r\nrest')
    put('http', 'handmade-no-header.f10', b'\x10<html>no HTTP header</html>\n')

    put('digest', 'handmade-sha1-base32', b'sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ')
    put('digest', 'handmade-sha1-hex', b'sha-1:da39a3ee5e6b4b0d3255bfef95601890afd80709')
    put('digest', 'handmade-md5-padded', b'md5:2QOYZWMPACZAJ2MABGMOZ6CCPY======')
    put('digest', 'handmade-sha256-hex',
        b'SHA256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    put('digest', 'handmade-sha512-lower-base32',
        b'sha512:' + b'z4pherapmsxo4w3shgtsbv4bbmt3zxh2ajoiysbvtbhjyjeybpmh5ff4fv3ko3zn'
        b'dqn3nwlorfkuekxtqhp3bbq4khjd5ddfh3vxd2y')
    put('digest', 'handmade-bad', b'sha3:abcd')

    put('host_catalog', 'handmade-comments.f00',
        b'\x00# file host\nb.warc.gz  h2\n\ta.warc.gz\th1 # comment\nc.warc.gz h1\n\n')
    put('host_catalog', 'handmade-conflict.f03', b'\x03a h1\nb h2\na h2\n')
    put('host_catalog', 'handmade-bad-hosts.f01', b'\x01a x/y\nb ..\nc h.tmp\n')

    put('db_config', 'handmade-tcp',
        b'# path index\nhost = 127.0.0.1\nport=3306\nuser=warc\npassword=p#=w \n'
        b'database=warcs\ntable=path_index\nfilename_column=filename\nurl_column=url\n'
        b'connect_timeout=5\n')
    put('db_config', 'handmade-socket', b'socket=/run/mysqld/mysqld.sock\r\ndatabase=d\r\n')
    put('db_config', 'handmade-bad',
        b'database=d\nport=0\ntable=a-b\nhots=x\nconnect_timeout=9x\n')


if __name__ == '__main__':
    main()
