"""A forwarding proxy in front of Radicale that can inject faults, for the sync tests.

Usage: fault_proxy.py UPSTREAM_PORT CONTROL_FILE
Prints its port on the first line. Before each request it reads CONTROL_FILE (JSON, may be missing):
  {"status": 500, "methods": ["REPORT"], "times": 1}   answer 500 to the next REPORT only
  {"status": 412, "methods": ["PUT"]}                    answer 412 to every PUT (a 412 storm)
  {"down": true}                                         close the connection at once
  {"rewrite": ["FROM", "TO"]}                            forward, replacing FROM by TO in answers (a corrupted item)
  {"status": 400, "methods": ["PUT"], "paths": ["abc"]}  answer 400 to PUTs whose path contains "abc" only (one refused item)
  {"status": 400, "methods": ["PUT"], "body": "SUMMARY:Beta"}  answer 400 to PUTs whose body contains that text only
"times" counts down in the file; without it the fault stays. Everything else is forwarded.
"""
import http.client
import json
import os
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

upstream = int(sys.argv[1])
control = sys.argv[2]
lock = threading.Lock()
log = control + ".log"


def rewrite():
    try:
        with open(control) as f:
            return json.load(f).get("rewrite")
    except (OSError, ValueError):
        return None


def fault(method, path, body):
    with lock:
        try:
            with open(control) as f:
                rule = json.load(f)
        except (OSError, ValueError):
            return None
        if "rewrite" in rule:
            return None
        if rule.get("down"):
            return "down"
        if method not in rule.get("methods", [method]):
            return None
        if "paths" in rule and not any(part in path for part in rule["paths"]):
            return None
        if "body" in rule and rule["body"].encode() not in (body or b""):
            return None
        if "times" in rule:
            if rule["times"] <= 0:
                return None
            rule["times"] -= 1
            with open(control, "w") as f:
                json.dump(rule, f)
        return rule.get("status")


class Proxy(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def handle_any(self):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        with lock:
            with open(log, "a") as f:
                f.write(f"{self.command} {self.path}\n")
        injected = fault(self.command, self.path, body)
        if injected == "down":
            self.close_connection = True
            self.connection.close()
            return
        if injected:
            payload = b"injected fault"
            self.send_response(injected)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)
            return
        conn = http.client.HTTPConnection("127.0.0.1", upstream, timeout=60)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in ("host", "connection")}
        conn.request(self.command, self.path, body=body, headers=headers)
        response = conn.getresponse()
        data = response.read()
        change = rewrite()
        if change:
            data = data.replace(change[0].encode(), change[1].encode())
        self.send_response(response.status)
        for k, v in response.getheaders():
            if k.lower() not in ("transfer-encoding", "connection", "content-length"):
                self.send_header(k, v)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)
        conn.close()

    do_GET = do_PUT = do_DELETE = do_PROPFIND = do_REPORT = do_MKCALENDAR = do_OPTIONS = do_POST = handle_any

    def log_message(self, *args):
        pass


server = ThreadingHTTPServer(("127.0.0.1", 0), Proxy)
print(server.server_address[1], flush=True)
server.serve_forever()
