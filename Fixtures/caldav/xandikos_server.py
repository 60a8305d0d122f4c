"""Starts Xandikos on 127.0.0.1 with a storage folder and no authentication, with a VTODO calendar at
/user/tasks/ (the path the Radicale fixture uses), for the sync tests.

Usage: xandikos_server.py STORAGE_FOLDER
Prints "PORT PID" (the Xandikos process) on the first line of stdout, then serves until killed.
"""
import http.client
import signal
import socket
import subprocess
import sys
import time

storage = sys.argv[1]
s = socket.socket()
s.bind(("127.0.0.1", 0))
port = s.getsockname()[1]
s.close()
server = subprocess.Popen([
    sys.executable, "-m", "xandikos", "serve",
    "--directory", storage, "--autocreate", "--current-user-principal", "/user/",
    "--listen-address", "127.0.0.1", "--port", str(port), "--no-detect-systemd",
], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def stop(*_):
    server.kill()
    sys.exit(0)


signal.signal(signal.SIGTERM, stop)
body = ('<?xml version="1.0"?><c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>'
        '<c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>')
for _ in range(400):
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
        conn.request("MKCALENDAR", "/user/tasks/", body=body, headers={"Content-Type": "application/xml"})
        status = conn.getresponse().status
        conn.close()
        if status in (201, 405):
            break
    except OSError:
        time.sleep(0.05)
else:
    server.kill()
    sys.exit("xandikos did not start")
print(port, server.pid, flush=True)
try:
    server.wait()
finally:
    server.kill()
