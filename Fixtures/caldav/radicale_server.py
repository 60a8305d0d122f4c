"""Starts Radicale on 127.0.0.1 with a storage folder and no authentication, for the sync tests.

Usage: radicale_server.py STORAGE_FOLDER
Prints "PORT PID" (the Radicale process) on the first line of stdout, then serves until killed.
"""
import socket
import subprocess
import sys

storage = sys.argv[1]
s = socket.socket()
s.bind(("127.0.0.1", 0))
port = s.getsockname()[1]
s.close()
server = subprocess.Popen([
    sys.executable, "-m", "radicale",
    "--server-hosts", f"127.0.0.1:{port}",
    "--storage-filesystem-folder", storage,
    "--auth-type", "none",
    "--rights-type", "owner_only",
    "--logging-level", "warning",
], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
# Wait until it answers, then say where.
import time
for _ in range(200):
    try:
        socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
        break
    except OSError:
        time.sleep(0.05)
import signal


def stop(*_):
    server.kill()
    sys.exit(0)


signal.signal(signal.SIGTERM, stop)
print(port, server.pid, flush=True)
try:
    server.wait()
finally:
    server.kill()
