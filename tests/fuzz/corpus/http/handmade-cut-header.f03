HTTP/1.1 302 Found
Location: /x
