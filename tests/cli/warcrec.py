# Test helper for the CLI tests (not a test itself): WARC response and
# revisit records, one gzip member each, with a stored sha1 payload digest.
import base64, gzip, hashlib


def uuid(n):
    return "00000000-0000-4000-8000-%012d" % n


def record(typ, n, uri, date, payload, http=b"HTTP/1.1 200 OK\r\n\r\n", version="WARC/1.1", extra=()):
    """A record of type typ ("response" or "revisit", which holds only the
    HTTP header) with record ID uuid(n), as one gzip member."""
    block = http if typ == "revisit" else http + payload
    digest = "sha1:" + base64.b32encode(hashlib.sha1(payload).digest()).decode()
    h = [version, "WARC-Type: " + typ, "WARC-Record-ID: <urn:uuid:%s>" % uuid(n), "WARC-Date: " + date,
         "WARC-Target-URI: " + uri, "Content-Type: application/http; msgtype=response",
         "WARC-Payload-Digest: " + digest, *extra, "Content-Length: %d" % len(block)]
    return gzip.compress(("\r\n".join(h) + "\r\n\r\n").encode() + block + b"\r\n\r\n", mtime=0)
