"""sign_command for signing_server.py: prints BASE/objects/<sha256>?expires=…&signature=….

Usage: hmac_signer.py KEY_FILE BASE_URL LIFETIME_SECONDS [tamper] SHA256 SIZE METHOD
(tasker appends the last three). A negative lifetime makes an expired URL; `tamper` changes the
path after signing (the server must refuse both).
"""
import hashlib
import hmac
import sys
import time

args = sys.argv[1:]
key_file, base, lifetime = args[:3]
rest = args[3:]
tamper = rest[:1] == ["tamper"]
if tamper:
    rest = rest[1:]
sha256, size, method = rest
key = bytes.fromhex(open(key_file).read())
path = f"/objects/{sha256}"
expires = int(time.time()) + int(lifetime)
signature = hmac.new(key, f"{method}\n{path}\n{expires}".encode(), hashlib.sha256).hexdigest()
if tamper:
    path = f"/objects/{'0' * 64}"
print(f"{base}{path}?expires={expires}&signature={signature}")
