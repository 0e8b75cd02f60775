# Writes the golden cases' WARC files (tests/golden/data/*.warc.gz) again:
#   python3 tests/golden/data/make.py tests/golden/data
# They are checked in, so that the expected offsets and lengths do not hang
# on the zlib that happens to be installed; this script says how they were
# made. Records come from tests/cli/warcrec.py (one gzip member each, mtime 0).
#
# a.warc.gz  1 http://a.example/  2020-01-01  P   the earliest capture of P
#            2 http://b.example/  2020-01-02  Q   the earliest capture of Q
# b.warc.gz  3 http://a.example/  2021-01-01  P   a copy: becomes a revisit of 1
#            4 http://b.example/  2021-01-02  Q   a revisit a crawler wrote (refers to 2)
#            5 http://c.example/  2021-01-03  x   small payload, first capture
#            6 http://c.example/  2021-01-04  x   a copy kept: its revisit would be larger
import hashlib, os, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "cli"))
from warcrec import record, uuid  # noqa: E402


def page(text, n):
    """A payload that compresses poorly, so that a revisit is smaller."""
    return b"".join(hashlib.sha256(b"%s %d" % (text, i)).hexdigest().encode() for i in range(n))


P = page(b"page P", 20)
Q = page(b"page Q", 20)
X = b"x\n"
text = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\n"
out = sys.argv[1]


def write(name, records):
    with open(os.path.join(out, name), "wb") as f:
        for r in records:
            f.write(r)


write("a.warc.gz", [
    record("response", 1, "http://a.example/", "2020-01-01T00:00:00Z", P, text),
    record("response", 2, "http://b.example/", "2020-01-02T00:00:00Z", Q, text)])
write("b.warc.gz", [
    record("response", 3, "http://a.example/", "2021-01-01T00:00:00Z", P, text),
    record("revisit", 4, "http://b.example/", "2021-01-02T00:00:00Z", Q, text, extra=[
        "WARC-Profile: http://netpreserve.org/warc/1.1/revisit/identical-payload-digest",
        "WARC-Refers-To: <urn:uuid:%s>" % uuid(2),
        "WARC-Refers-To-Target-URI: http://b.example/",
        "WARC-Refers-To-Date: 2020-01-02T00:00:00Z"]),
    record("response", 5, "http://c.example/", "2021-01-03T00:00:00Z", X, text),
    record("response", 6, "http://c.example/", "2021-01-04T00:00:00Z", X, text)])
