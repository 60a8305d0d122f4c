"""The official MCP Python SDK (PyPI `mcp`, 2.3.0) against `tasker mcp` in the 2026-07-28 revision.

Usage: mcp_modern_client.py stdio PATH_TO_TASKER DATABASE
       mcp_modern_client.py http URL KEY

The SDK's Client in mode="auto" probes server/discover and must adopt 2026-07-28 (no initialize, no
session): it lists the tools (deterministic order, cacheable), calls a write and a read tool, and gets
resultType and the server's identity back. A raw request at an unknown version gets -32022 naming
the supported versions. Prints one line per check; exit 1 on the first failure.
"""
import sys

import anyio
from jsonschema import Draft202012Validator
import httpx2
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp_types import ElicitResult

ASKED = []


async def choose(context, params):
    """The person's answer to "which task?": the one whose title says manager."""
    schema = params.requested_schema if hasattr(params, "requested_schema") else params["requestedSchema"]
    options = schema["properties"]["task"]["oneOf"]
    ASKED.append([o["title"] for o in options])
    pick = next(o for o in options if "manager" in o["title"])
    return ElicitResult(action="accept", content={"task": pick["const"]})


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        sys.exit(1)


async def exercise(target, label):
    async with Client(target, mode="auto", elicitation_callback=choose) as client:
        check(client.protocol_version == "2026-07-28", f"{label}: server/discover adopted 2026-07-28 (got {client.protocol_version})")
        session = client.session
        discovered = session.discover_result
        check(discovered is not None and "2026-07-28" in discovered.supported_versions and "2025-11-25" in discovered.supported_versions,
              f"{label}: discover lists both eras ({discovered.supported_versions if discovered else None})")
        listing = await client.list_tools()
        names = [t.name for t in listing.tools]
        # Keyless over stdio every tool; an agent with read and write:tasks the 22 its policy can run.
        expected = 34 if label == "stdio" else 22
        check(len(names) == expected and names[0] == "capture_task" and names[-1] == "approval_status",
              f"{label}: {expected} tools in catalogue order (got {len(names)})")
        check(label == "stdio" or "delete_task" not in names, f"{label}: a tool its policy denies is not listed")
        schemas = {t.name: t.output_schema for t in listing.tools}
        check(all(s is not None and s.get("type") == "object" and s.get("required") == ["ok"] for s in schemas.values()),
              f"{label}: every tool lists an outputSchema (ok, then its result's members)")
        again = await client.list_tools()
        check([t.name for t in again.tools] == names, f"{label}: the same order twice")
        dumped = listing.model_dump(by_alias=True, mode="json")
        check(dumped.get("ttlMs", 0) > 0 and dumped.get("cacheScope") == "private", f"{label}: tools/list is cacheable ({dumped.get('ttlMs')}, {dumped.get('cacheScope')})")
        created = await client.call_tool("create_task", {"title": "Renew the passport", "due": "2026-12-20T09:00"})
        check(not created.is_error and created.structured_content["ok"] is True, f"{label}: create_task ran")
        raw = created.model_dump(by_alias=True, mode="json")
        check(raw.get("resultType") == "complete", f"{label}: resultType complete")
        info = (raw.get("_meta") or {}).get("io.modelcontextprotocol/serverInfo") or {}
        check(info.get("name") == "tasker", f"{label}: serverInfo in the result's _meta ({info})")
        listed = await client.call_tool("list_tasks", {"filter": "all"})
        for name, result in [("create_task", created), ("list_tasks", listed)]:
            Draft202012Validator(schemas[name]).validate(result.structured_content)
        check(any(t["title"] == "Renew the passport" for t in listed.structured_content["tasks"]), f"{label}: list_tasks sees it")
        for title in ["Call the bank", "Call the bank manager", "Call the bank again"]:
            await client.call_tool("create_task", {"title": title})
        changed = await client.call_tool("update_task", {"title": "call the b", "priority": "high"})
        check(len(ASKED) == 1 and len(ASKED[0]) == 3, f"{label}: an ambiguous title is asked back as a choice of 3 ({ASKED})")
        check(not changed.is_error and changed.structured_content["task"]["title"] == "Call the bank manager",
              f"{label}: the retry with the choice ran on it ({changed.structured_content})")
        Draft202012Validator(schemas["update_task"]).validate(changed.structured_content)
        check(True, f"{label}: the results fit their outputSchema (the SDK's check and jsonschema's)")
        ASKED.clear()


def unsupported_version_over_stdio(tasker, db):
    import json
    import subprocess
    line = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": {
        "io.modelcontextprotocol/protocolVersion": "2099-01-01", "io.modelcontextprotocol/clientCapabilities": {}}}})
    out = subprocess.run([tasker, "mcp", "--db", db], input=line + "\n", capture_output=True, text=True, timeout=30).stdout
    reply = json.loads(out.splitlines()[0])
    error = reply.get("error") or {}
    check(error.get("code") == -32022 and "2026-07-28" in error.get("data", {}).get("supported", []),
          f"stdio: an unknown version gets -32022 with the supported list ({error})")


async def main():
    mode = sys.argv[1]
    if mode == "stdio":
        tasker, db = sys.argv[2], sys.argv[3]
        await exercise(StdioServerParameters(command=tasker, args=["mcp", "--db", db]), "stdio")
        unsupported_version_over_stdio(tasker, db)
    else:
        url, key = sys.argv[2], sys.argv[3]
        async with httpx2.AsyncClient(headers={"Authorization": f"Bearer {key}"}) as http:
            await exercise(streamable_http_client(url, http_client=http), "http")


anyio.run(main)
