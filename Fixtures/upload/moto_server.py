"""Starts moto's S3-compatible server on 127.0.0.1 for the upload tests.

Usage: moto_server.py
Prints "PORT PID" on the first line of stdout once it answers, then serves until killed.
moto keeps buckets in memory and does not check signatures (signing_server.py does).
"""
import os
import signal
import socket
import sys
import time

from moto.server import ThreadedMotoServer

s = socket.socket()
s.bind(("127.0.0.1", 0))
port = s.getsockname()[1]
s.close()
server = ThreadedMotoServer(ip_address="127.0.0.1", port=port, verbose=False)
server.start()  # returns once the socket listens
signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
print(port, os.getpid(), flush=True)
while True:
    time.sleep(3600)
