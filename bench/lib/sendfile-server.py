"""The zero-copy reference of the downloads benchmark: serves one file to every GET with sendfile(2).

The kernel hands the file's cached pages to the socket; no byte passes through user space. What
this server reaches is what the loopback network path itself allows on the machine. It prints its
port once it listens. Usage: python3 sendfile-server.py FILE
"""

import os
import socket
import socketserver
import sys

FILE = sys.argv[1]
SIZE = os.path.getsize(FILE)


class Handler(socketserver.StreamRequestHandler):
    def handle(self):
        while self.rfile.readline() not in (b"\r\n", b"\n", b""):
            pass  # the request line and headers: every request gets the whole file
        self.wfile.write(
            b"HTTP/1.1 200 OK\r\ncontent-type: application/zip\r\n"
            + b"content-length: %d\r\nconnection: close\r\n\r\n" % SIZE
        )
        self.wfile.flush()
        with open(FILE, "rb") as file:
            self.connection.sendfile(file)


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True


with Server(("127.0.0.1", 0), Handler) as server:
    print(server.server_address[1], flush=True)
    server.serve_forever()
