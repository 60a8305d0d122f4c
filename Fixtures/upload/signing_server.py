"""A small object server that checks signed URLs, for tasker's upload tests (moto checks none).

Usage: signing_server.py FOLDER KEY_FILE
Writes a random HMAC key to KEY_FILE (0600) and stores each accepted PUT /objects/<name> in FOLDER.
A URL is signed as ?expires=<unix time>&signature=<hex HMAC-SHA256 of "METHOD\\n/path\\nexpires">
(hmac_signer.py makes them). Answers 403 with an S3-style <Code> for a bad signature
(SignatureDoesNotMatch) or an expired URL (AccessDenied, "Request has expired"), as S3 does, 400 BadDigest
when x-amz-checksum-sha256 does not match the body, else 200 echoing the checksum (except under
/quiet/, which stands for a server that does not check it).
Prints "PORT PID" on the first line of stdout once it listens, then serves until killed.
"""
import base64
import hashlib
import hmac
import os
import secrets
import sys
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

folder, key_file = sys.argv[1], sys.argv[2]
key = secrets.token_bytes(32)
descriptor = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
os.write(descriptor, key.hex().encode())
os.close(descriptor)


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *_):
        pass

    def answer(self, status, code="", message="", headers=()):
        body = f"<Error><Code>{code}</Code><Message>{message}</Message></Error>".encode() if code else b""
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_PUT(self):
        url = urllib.parse.urlsplit(self.path)
        query = dict(urllib.parse.parse_qsl(url.query))
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        expires = query.get("expires", "")
        wanted = hmac.new(key, f"PUT\n{url.path}\n{expires}".encode(), hashlib.sha256).hexdigest()
        if not hmac.compare_digest(wanted, query.get("signature", "")):
            return self.answer(403, "SignatureDoesNotMatch", "The request signature we calculated does not match the signature you provided")
        if not expires.isdigit() or int(expires) < time.time():
            return self.answer(403, "AccessDenied", "Request has expired")
        checksum = base64.b64encode(hashlib.sha256(body).digest()).decode()
        if self.headers.get("x-amz-checksum-sha256") != checksum:
            return self.answer(400, "BadDigest", "The SHA256 you specified did not match the calculated checksum")
        name = url.path.rsplit("/", 1)[-1]
        with open(os.path.join(folder, name), "wb") as out:
            out.write(body)
        quiet = url.path.startswith("/quiet/")
        self.answer(200, headers=[] if quiet else [("x-amz-checksum-sha256", checksum)])


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], os.getpid(), flush=True)
server.serve_forever()
