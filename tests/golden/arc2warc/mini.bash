# Sourced by the arc2warc cases that need a small ARC file: mini_arc NAME
# writes a plain ARC v1 file: a version block (65 bytes) and one HTTP
# response (25 bytes), each block followed by its newline.
mini_arc() {
  printf 'filedesc://%s 0.0.0.0 20200102030405 text/plain 65\n1 0 Mini\nURL IP-address Archive-date Content-type Archive-length\n\n' "$1" >"$1"
  printf 'http://example.com/ 192.0.2.1 20200102030406 text/html 25\nHTTP/1.0 200 OK\r\n\r\nhello\n\n' >>"$1"
}
