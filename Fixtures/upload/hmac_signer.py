"""sign_command for signing_server.py: prints BASE/objects/<sha256>?expires=…&signature=….

Usage: hmac_signer.py KEY_FILE BASE_URL LIFETIME_SECONDS [tamper|quiet] SHA256 SIZE METHOD
(tasker appends the last three). A negative lifetime makes an expired URL; `tamper` changes the
path after signing (the server must refuse both); `quiet` signs a /quiet/ URL, where the server
stores the body without confirming its checksum.
"""
import hashlib
import hmac
import sys
import time

args = sys.argv[1:]
key_file, base, lifetime = args[:3]
rest = args[3:]
mode = rest[0] if len(rest) == 4 else ""
tamper = mode == "tamper"
sha256, size, method = rest[-3:]
key = bytes.fromhex(open(key_file).read())
path = f"/{'quiet' if mode == 'quiet' else 'objects'}/{sha256}"
expires = int(time.time()) + int(lifetime)
signature = hmac.new(key, f"{method}\n{path}\n{expires}".encode(), hashlib.sha256).hexdigest()
if tamper:
    path = f"/objects/{'0' * 64}"
print(f"{base}{path}?expires={expires}&signature={signature}")
