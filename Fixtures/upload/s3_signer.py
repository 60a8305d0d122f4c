"""A host's sign_command for tasker's attachments.upload, signing with boto3 (tests: against moto).

Usage: s3_signer.py CREDENTIALS_FILE ENDPOINT BUCKET [--environ-copy FILE] SHA256 SIZE METHOD
(tasker appends the last three). CREDENTIALS_FILE holds "ACCESS_KEY_ID SECRET_KEY": the credentials
live only here, in the signer, never in tasker's environment or config. Prints one presigned URL for
ENDPOINT/BUCKET/<sha256>, with the body's SHA-256 (base64) as the signed x-amz-checksum-sha256.
--environ-copy writes the parent's (tasker's) /proc/<ppid>/environ to FILE, so a test can check it.
"""
import base64
import os
import sys

import boto3
from botocore.config import Config

args = sys.argv[1:]
credentials, endpoint, bucket = args[:3]
rest = args[3:]
if rest[:1] == ["--environ-copy"]:
    with open(f"/proc/{os.getppid()}/environ", "rb") as source, open(rest[1], "wb") as copy:
        copy.write(source.read())
    rest = rest[2:]
sha256, size, method = rest
key_id, secret = open(credentials).read().split()
client = boto3.client(
    "s3", endpoint_url=endpoint, region_name="us-east-1",
    aws_access_key_id=key_id, aws_secret_access_key=secret,
    config=Config(signature_version="s3v4", s3={"addressing_style": "path"}),
)
checksum = base64.b64encode(bytes.fromhex(sha256)).decode()
operation = {"PUT": "put_object", "GET": "get_object"}[method]
params = {"Bucket": bucket, "Key": sha256}
if method == "PUT":
    params["ChecksumSHA256"] = checksum
print(client.generate_presigned_url(operation, Params=params, ExpiresIn=300))
