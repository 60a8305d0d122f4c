"""Runs mcp-conform's HTTP probe (PyPI mcp-conform, module mcp_probe) against a Tasker MCP server that
needs an agent key: its transport has no option for one, so every request it makes carries the
`Authorization: Bearer` header through an installed urllib handler. Prints the probe's JSON report and
exits 0 only when every check passed.

Usage: mcp_conform_http.py BASE_URL KEY   (BASE_URL without /mcp: the probe appends it)
"""
import sys
import urllib.request

from mcp_probe.report import format_json
from mcp_probe.runner import probe_http


class BearerHandler(urllib.request.BaseHandler):
    def __init__(self, key):
        self.key = key

    def http_request(self, request):
        request.add_unredirected_header("Authorization", "Bearer " + self.key)
        return request


def main():
    base, key = sys.argv[1], sys.argv[2]
    urllib.request.install_opener(urllib.request.build_opener(BearerHandler(key)))
    report = probe_http(base, timeout=30.0)
    print(format_json(report))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main())
