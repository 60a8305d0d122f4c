"""The official MCP Python SDK (PyPI `mcp`) against `tasker mcp --http`, with an agent key.

Usage: mcp_http_client.py URL KEY. Lists the tools, calls a read tool and a write tool the agent
is allowed, a tool whose scope is denied (403 insufficient_scope comes back as an error), then
closes the session (DELETE). Prints one line per check; exit 1 on the first failure.
"""
import sys

import anyio
import httpx2
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client

URL, KEY = sys.argv[1], sys.argv[2]


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        sys.exit(1)


async def main():
    headers = {"Authorization": f"Bearer {KEY}"}
    async with httpx2.AsyncClient(headers=headers) as http:
        async with streamable_http_client(URL, http_client=http) as (read, write):
            async with ClientSession(read, write) as session:
                init = await session.initialize()
                check(init.protocol_version in ("2025-11-25", "2025-06-18"), f"initialize: version {init.protocol_version}")
                tools = await session.list_tools()
                names = {t.name for t in tools.tools}
                # read and write:tasks: the 22 tools that policy can run; delete_task (destructive) is not listed.
                check(len(names) == 22 and "approval_status" in names and "delete_task" not in names,
                      f"tools/list: 22 tools over HTTP, those its scopes can run (got {len(names)})")
                created = await session.call_tool("create_task", {"title": "Ship the HTTP transport"})
                check(not created.is_error and created.structured_content["ok"] is True, "create_task ran (write:tasks allowed)")
                listed = await session.call_tool("list_tasks", {})
                titles = [t["title"] for t in listed.structured_content["tasks"]]
                check(titles == ["Ship the HTTP transport"], f"list_tasks sees it ({titles})")
                try:
                    result = await session.call_tool("delete_task", {"id": 1})
                    check(False, f"delete_task should be refused, got {result}")
                except Exception as error:  # the 403's JSON-RPC error body
                    check("destructive" in str(error), f"delete_task refused: {error}")
                again = await session.call_tool("list_tasks", {})
                check(len(again.structured_content["tasks"]) == 1, "the session still serves after a 403; the task is still there")


anyio.run(main)
