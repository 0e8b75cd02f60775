WARC/1.0
Content-Length: 0



