"""Counts the tokens of a file's text with OpenAI's tiktoken, as catalogue_tokens.py does.

Usage: .venv/bin/python Tests/python/count_tokens.py FILE
Prints {"o200k_base": N, "cl100k_base": N}.
"""

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from catalogue_tokens import ENCODINGS, prepare_cache  # noqa: E402


def main():
    prepare_cache()
    import tiktoken

    with open(sys.argv[1], encoding="utf-8") as f:
        text = f.read()
    print(json.dumps({name: len(tiktoken.get_encoding(name).encode(text)) for name in ENCODINGS}, sort_keys=True))


if __name__ == "__main__":
    main()
