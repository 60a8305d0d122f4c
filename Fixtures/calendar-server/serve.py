"""A calendar subscription for tests: serves one .ics on 127.0.0.1 with an ETag and Last-Modified,
answers 304 to a matching If-None-Match, and logs each request's conditional headers (one JSON line).

Usage: python3 serve.py ICS_FILE LOG_FILE  -- prints the port on the first line of stdout."""
import http.server
import json
import signal
import sys

ICS, LOG = sys.argv[1], sys.argv[2]
ETAG = '"v1"'
MODIFIED = "Tue, 10 Mar 2026 08:00:00 GMT"


class Handler(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        conditional = {"path": self.path, "if_none_match": self.headers.get("If-None-Match"),
                       "if_modified_since": self.headers.get("If-Modified-Since")}
        with open(LOG, "a") as log:
            log.write(json.dumps(conditional) + "\n")
        if self.path != "/work.ics":
            self.send_response(404)
            self.end_headers()
            return
        if conditional["if_none_match"] == ETAG:
            self.send_response(304)
            self.send_header("ETag", ETAG)
            self.end_headers()
            return
        body = open(ICS, "rb").read()
        self.send_response(200)
        self.send_header("Content-Type", "text/calendar")
        self.send_header("ETag", ETAG)
        self.send_header("Last-Modified", MODIFIED)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


# A test runner may start us with SIGTERM ignored; make terminate() work.
signal.signal(signal.SIGTERM, signal.SIG_DFL)
server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
