#!/usr/bin/env python3
"""A misbehaving HTTP file server for testing Range clients.

    badhttp.py PORT DOCROOT

Listens on 127.0.0.1:PORT (0: any free port), prints the port on stdout once
it accepts connections, and stops on SIGTERM or SIGINT. Exits 1 if the port
cannot be bound. GET /MODE/NAME serves DOCROOT/NAME, behaving by MODE:

  ok           a correct 206 for the Range (200 and the whole file without one)
  ignore-range 200 with the whole file, whatever the Range
  truncate     206 with the right headers, then half the body and a close
  error500     always 500
  flaky500     500 the first time for each (file, range), then a correct 206
  close        closes the connection without answering
  wrong-range  206 whose Content-Range and body are another range
  slow         the headers of a correct 206, a 60 s stall, then the body
  drip         the headers of a correct 206, then the body one byte every
               0.5 s (never silent, but 2 bytes a second)
  slow-headers a correct 206 whose status line and headers come one byte
               every 0.5 s, then the body at once
  changing     a correct 206 the first time for each (file, range); later
               requests for it are answered from DOCROOT/NAME.later if that
               exists (a record whose bytes change while it is being read)

A missing file, a name with '..' or an unknown mode is a 404. Only single
ranges are supported ("bytes=A-B", "bytes=A-", "bytes=-N").
"""

import http.server
import os
import re
import signal
import sys
import threading
import time

MODES = {"ok", "ignore-range", "truncate", "error500", "flaky500", "close",
         "wrong-range", "slow", "changing", "drip", "slow-headers"}
STALL_SECONDS = 60
DRIP_SECONDS = 0.5  # between the bytes of drip and slow-headers

_flaky_seen = set()
_seen_lock = threading.Lock()
_changing_seen = set()


def parse_range(header, size):
    """(first, last) of a single byte range, or None if absent or unusable."""
    m = re.fullmatch(r"\s*bytes=(\d*)-(\d*)\s*", header or "")
    if not m or (m.group(1) == "" and m.group(2) == ""):
        return None
    if m.group(1) == "":
        n = int(m.group(2))
        return (max(0, size - n), size - 1) if n > 0 and size > 0 else None
    first = int(m.group(1))
    last = int(m.group(2)) if m.group(2) else size - 1
    last = min(last, size - 1)
    return (first, last) if first <= last else None


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as a real data store does
    server_version = "badhttp/1"

    def log_message(self, fmt, *args):
        sys.stderr.write("badhttp: %s\n" % (fmt % args))

    def log_request(self, code="-", size="-"):
        pass  # do_GET logs every request as it comes, answered or not


    def send_plain(self, code, text):
        body = text.encode()
        self.send_response(code)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def hang_up(self):
        self.close_connection = True
        self.wfile.flush()
        try:
            self.connection.shutdown(2)
        except OSError:
            pass

    def do_GET(self):
        # One line per request, with its Range: tests count attempts by it.
        self.log_message('"%s" %s', self.requestline, self.headers.get("Range", "-"))
        parts = self.path.split("?")[0].lstrip("/").split("/", 1)
        if len(parts) != 2 or parts[0] not in MODES or ".." in parts[1]:
            return self.send_plain(404, "not found\n")
        mode, name = parts
        path = os.path.join(self.server.docroot, name)
        if not os.path.isfile(path):
            return self.send_plain(404, "not found\n")
        size = os.path.getsize(path)
        rng = parse_range(self.headers.get("Range"), size)

        if mode == "close":
            return self.hang_up()
        if mode == "error500":
            return self.send_plain(500, "internal error\n")
        if mode == "flaky500":
            key = (name, self.headers.get("Range"))
            with _seen_lock:
                first_time = key not in _flaky_seen
                _flaky_seen.add(key)
            if first_time:
                return self.send_plain(500, "internal error (first attempt)\n")
        if mode == "changing":
            key = (name, self.headers.get("Range"))
            with _seen_lock:
                seen = key in _changing_seen
                _changing_seen.add(key)
            if seen and os.path.isfile(path + ".later"):
                path = path + ".later"
        if mode == "ignore-range" or rng is None:
            return self.send_bytes(200, path, 0, size - 1, size, None)
        first, last = rng
        if mode == "wrong-range":
            # The same length, one byte later (or earlier at the file's end).
            shift = 1 if last + 1 < size else -1
            if first + shift < 0:
                return self.send_bytes(206, path, 0, size - 1, size, (0, size - 1))
            first, last = first + shift, last + shift
        self.send_bytes(206, path, first, last, size, (first, last), mode)

    def drip(self, data):
        """Sends data one byte at a time; False once the client has gone."""
        for i in range(len(data)):
            try:
                self.wfile.write(data[i:i + 1])
                self.wfile.flush()
            except OSError:
                self.close_connection = True
                return False
            time.sleep(DRIP_SECONDS)
        return True

    def send_bytes(self, code, path, first, last, size, content_range, mode="ok"):
        length = last - first + 1 if size > 0 else 0
        if mode == "slow-headers":
            header = "HTTP/1.1 %d %s\r\n" % (code, self.responses[code][0])
        else:
            self.send_response(code)
        fields = [("Content-Type", "application/octet-stream"),
                  ("Content-Length", str(length)), ("Accept-Ranges", "bytes")]
        if content_range:
            fields.append(("Content-Range", "bytes %d-%d/%d" % (first, last, size)))
        if mode == "slow-headers":
            header += "".join("%s: %s\r\n" % f for f in fields) + "\r\n"
            if not self.drip(header.encode("latin-1")):
                return
        else:
            for name, value in fields:
                self.send_header(name, value)
            self.end_headers()
        send = length
        if mode == "truncate":
            send = length // 2
        elif mode == "slow":
            self.wfile.flush()
            time.sleep(STALL_SECONDS)
        elif mode == "drip":
            self.wfile.flush()
            with open(path, "rb") as f:
                f.seek(first)
                while send > 0:
                    chunk = f.read(min(send, 4096))
                    if not chunk or not self.drip(chunk):
                        break
                    send -= len(chunk)
            return
        with open(path, "rb") as f:
            f.seek(first)
            while send > 0:
                chunk = f.read(min(send, 1 << 16))
                if not chunk:
                    break
                self.wfile.write(chunk)
                send -= len(chunk)
        if mode == "truncate":
            self.hang_up()


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True  # a stalled handler must not delay the exit
    allow_reuse_address = True


def main():
    if len(sys.argv) != 3:
        sys.stderr.write("usage: badhttp.py PORT DOCROOT\n")
        return 2
    port, docroot = int(sys.argv[1]), sys.argv[2]
    if not os.path.isdir(docroot):
        sys.stderr.write("badhttp: %s: not a directory\n" % docroot)
        return 2
    try:
        server = Server(("127.0.0.1", port), Handler)
    except OSError as e:
        sys.stderr.write("badhttp: cannot listen on 127.0.0.1:%d: %s\n" % (port, e))
        return 1
    server.docroot = os.path.abspath(docroot)

    def stop(signum, frame):
        # shutdown() waits for serve_forever() to return: not from its thread.
        threading.Thread(target=server.shutdown, daemon=True).start()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    print(server.server_address[1], flush=True)
    server.serve_forever(poll_interval=0.1)
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
