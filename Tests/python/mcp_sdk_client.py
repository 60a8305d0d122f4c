"""End-to-end check of `tasker mcp` with the official MCP Python SDK as the client.

Usage: .venv/bin/python Tests/python/mcp_sdk_client.py PATH_TO_TASKER DATABASE

1. A ClientSession over stdio_client: initialize, list the tools, check every inputSchema with
   jsonschema (Draft 2020-12) and the annotations, call every tool with valid arguments (each
   checked against its schema first) and check the results, then the error paths.
2. The SDK's high-level Client in mode="legacy": the initialize handshake of the 2025 revisions.
   (Tests/python/mcp_modern_client.py drives the 2026-07-28 path, which mode="auto" now finds.)
Prints one line per check; exits 1 on the first failure (with the reason), 0 when all pass.
"""

import asyncio
import json
import os
import sys

from jsonschema import Draft202012Validator
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

EXPECTED_TOOLS = {
    "capture_task", "create_task", "list_tasks", "complete_task", "reschedule_task", "defer_task",
    "plan_day", "create_project", "list_projects", "create_place", "list_places", "delete_place", "create_space", "create_page", "append_to_page",
    "read_page", "list_pages", "link_page", "search_pages", "update_task", "delete_task", "set_stage",
    "create_template", "list_templates", "apply_template", "review", "streaks",
    "export_tasks", "import_tasks", "attach_file", "list_attachments", "open_attachment", "detach", "approval_status",
}
READ_ONLY = {"list_tasks", "plan_day", "list_projects", "list_places", "read_page", "list_pages", "search_pages", "list_templates", "review", "streaks", "export_tasks",
             "list_attachments", "approval_status"}
ADDITIVE = {"capture_task", "create_task", "create_project", "create_space", "create_page", "append_to_page", "link_page", "create_template", "apply_template",
            "attach_file", "open_attachment"}

# Every tool with valid arguments, in an order where each call finds what it needs, and a check of
# its structured result.
# A keyless client names no host path: export_tasks, import_tasks, attach_file and open_attachment take
# file names inside its own folder (<data dir>/agents/mcp/files/, set up in main), and results name them so.
BUNDLE = "all.unkt"
SCAN = "lease.txt"
SCAN_COPY = "lease-copy.txt"
FOLDER = None


def agent_folder(db):
    """The keyless MCP client's folder for the database at `db` (NAME.agents/ beside any NAME but tasker.sqlite)."""
    name = os.path.basename(db)
    return os.path.join(os.path.dirname(db), "agents" if name == "tasker.sqlite" else name + ".agents", "mcp", "files")


CALLS = [
    ("create_project", {"name": "Home", "notes": "the flat"}, lambda r: r["project"]["name"] == "Home"),
    ("create_task", {"title": "Pay rent", "due": "2026-12-03T09:00", "priority": "high", "estimate_minutes": 15,
                     "project": "Home", "contexts": ["errands"]},
     lambda r: r["task"]["title"] == "Pay rent" and r["task"]["priority"] == "high"),
    ("capture_task", {"text": "call mom tomorrow 5pm #family !high ~15m"},
     lambda r: r["task"]["title"].lower().startswith("call mom") and "family" in r["task"]["contexts"]),
    ("capture_task", {"text": "water the plants", "dry_run": True}, lambda r: r["dry_run"] is True),
    ("list_tasks", {"filter": "open"},
     lambda r: r["count"] == 2 and {t["title"] for t in r["tasks"]} >= {"Pay rent"}),
    ("plan_day", {"budget_minutes": 120, "date": "2026-12-03"}, lambda r: "items" in r["plan"]),
    ("reschedule_task", {"title": "Pay rent", "due": "friday 10am"}, lambda r: r["task"]["due"] is not None),
    ("defer_task", {"title": "call mom", "until": "2026-12-10"}, lambda r: r["task"]["defer_until"] == "2026-12-10"),
    ("complete_task", {"title": "Pay rent"}, lambda r: r["task"]["status"] == "done"),
    ("update_task", {"title": "call mom", "priority": "low", "notes": None}, lambda r: r["task"]["priority"] == "low"),
    ("set_stage", {"title": "call mom", "stage": "Someday"}, lambda r: r["task"]["stage"] == "Someday"),
    ("capture_task", {"text": "buy flowers", "parent": "call mom"}, lambda r: r["task"]["parent"] is not None),
    ("delete_task", {"title": "buy flowers"}, lambda r: len(r["deleted"]) == 1),
    ("list_projects", {}, lambda r: r["count"] == 1 and r["projects"][0]["name"] == "Home"),
    ("create_place", {"name": "Supermarket", "latitude": 52.52, "longitude": 13.405, "radius_m": 150},
     lambda r: r["place"]["name"] == "Supermarket" and r["place"]["radius_m"] == 150),
    ("create_task", {"title": "Buy milk", "place": "supermarket"}, lambda r: r["task"]["place"] == "Supermarket"),
    ("list_places", {}, lambda r: r["count"] == 1 and r["places"][0]["open_tasks"] == 1),
    ("delete_place", {"name": "supermarket"}, lambda r: len(r["unbound_tasks"]) == 1),
    ("delete_task", {"title": "buy milk"}, lambda r: len(r["deleted"]) == 1 and "place" not in r["deleted"][0]),
    ("create_space", {"name": "Notes", "project": "Home"}, lambda r: r["space"]["name"] == "Notes"),
    ("create_page", {"title": "Landlord", "space": "Notes", "body": "# Landlord\nPhone: 0123", "labels": ["people"]},
     lambda r: r["page"]["title"] == "Landlord"),
    ("append_to_page", {"page": "Landlord", "markdown": "Rent is due on the 3rd."}, lambda r: "3rd" in r["page"]["body"]),
    ("read_page", {"page": "Landlord"}, lambda r: "Phone: 0123" in r["page"]["body"]),
    ("list_pages", {"space": "Notes"}, lambda r: r["count"] == 1),
    ("link_page", {"page": "Landlord", "project": "Home"}, lambda r: r["page"]["title"] == "Landlord"),
    ("search_pages", {"query": "rent"}, lambda r: r["count"] >= 1 and r["results"][0]["title"] == "Landlord"),
    ("create_template", {"name": "Move", "tasks": [{"title": "Book van", "offset_days": -3, "time": "10:00"}]},
     lambda r: r["template"]["tasks"][0]["offset_days"] == -3),
    ("list_templates", {}, lambda r: r["count"] == 4),
    ("apply_template", {"name": "move", "date": "2026-12-20"}, lambda r: r["tasks"][0]["due"].startswith("2026-12-17T10:00")),
    ("review", {}, lambda r: r["done"]["count"] == 1),
    ("streaks", {"day_start": "04:00"}, lambda r: r["projects"][0]["name"] == "Home"),
    ("export_tasks", {"format": "unkt", "path": BUNDLE}, lambda r: r["count"] >= 2 and r["path"] == BUNDLE),
    ("import_tasks", {"path": BUNDLE, "dry_run": True}, lambda r: r["dry_run"] is True and r["added"] == 0),
    ("attach_file", {"path": SCAN, "page": "Landlord"}, lambda r: r["attachment"]["size"] == 18 and r["attachment"]["page"]["title"] == "Landlord"),
    ("list_attachments", {"page": "Landlord"}, lambda r: r["count"] == 1 and r["attachments"][0]["name"] == "lease.txt"),
    ("open_attachment", {"id": 1, "path": SCAN_COPY}, lambda r: r["path"] == SCAN_COPY and open(os.path.join(FOLDER, SCAN_COPY)).read() == "the lease, signed\n"),
    ("detach", {"id": 1}, lambda r: r["references_left"] == 0),
]

class CheckFailed(Exception):
    pass


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        raise CheckFailed(what)


def server(tasker, db):
    return StdioServerParameters(command=tasker, args=["mcp", "--db", db, "--now", "2026-12-02T10:30", "--tz", "Europe/London"])


def field(obj, snake, camel):
    """The SDK's attribute under either spelling (1.x used camelCase, 2.x snake_case)."""
    return getattr(obj, snake) if hasattr(obj, snake) else getattr(obj, camel)


def is_error(result):
    return field(result, "is_error", "isError")


def structured(result, tool):
    check(len(result.content) == 1 and result.content[0].type == "text", f"{tool}: one text content item")
    text = json.loads(result.content[0].text)
    check(field(result, "structured_content", "structuredContent") == text, f"{tool}: structuredContent equals the text's JSON")
    return text


async def session_checks(tasker, db):
    async with stdio_client(server(tasker, db)) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            check(field(init, "server_info", "serverInfo").name == "tasker", "initialize: serverInfo.name is tasker")
            check(bool(field(init, "server_info", "serverInfo").version), "initialize: serverInfo.version is set")
            check(init.capabilities.tools is not None, "initialize: tools capability")
            version = field(init, "protocol_version", "protocolVersion")
            check(version == "2025-11-25", f"initialize: protocol {version}")
            await session.send_ping()
            check(True, "ping")

            listing = await session.list_tools()
            tools = {t.name: t for t in listing.tools}
            check(set(tools) == EXPECTED_TOOLS, f"tools/list: the {len(EXPECTED_TOOLS)} tools (got {sorted(tools)})")
            validators = {}
            # Each tool's outputSchema, checked here too: the SDK itself validates structuredContent
            # against it on every call_tool of a listed tool and raises when it does not fit.
            outputs = {}
            for name, tool in sorted(tools.items()):
                schema = field(tool, "input_schema", "inputSchema")
                Draft202012Validator.check_schema(schema)
                check(schema.get("type") == "object", f"{name}: valid 2020-12 schema with type object")
                check(bool(tool.title) and bool(tool.description), f"{name}: title and description")
                a = tool.annotations
                # A hint left out means MCP's default (readOnlyHint false, destructiveHint true); Tasker
                # writes only the hints that differ.
                read_only = field(a, "read_only_hint", "readOnlyHint") if a is not None else None
                check(bool(read_only) == (name in READ_ONLY), f"{name}: readOnlyHint")
                check(field(a, "open_world_hint", "openWorldHint") is False, f"{name}: openWorldHint false")
                if name in ADDITIVE:
                    check(field(a, "destructive_hint", "destructiveHint") is False, f"{name}: destructiveHint false (additive)")
                validators[name] = Draft202012Validator(schema)
                output = field(tool, "output_schema", "outputSchema")
                check(output is not None and output.get("type") == "object", f"{name}: an outputSchema of type object")
                Draft202012Validator.check_schema(output)
                outputs[name] = Draft202012Validator(output)

            # The listed output schemas write a record shape used twice once, under $defs: the SDK must
            # resolve those $refs within the schema when it validates (complete_task's task and next).
            refs = sorted(n for n, t in tools.items() if "$defs" in (field(t, "output_schema", "outputSchema") or {}))
            check("complete_task" in refs, f"outputSchemas with $defs/$ref: {refs}")

            called = set()
            for tool, arguments, expect in CALLS:
                validators[tool].validate(arguments)
                result = await session.call_tool(tool, arguments)
                value = structured(result, tool)
                outputs[tool].validate(value)
                check(is_error(result) is False and value.get("ok") is True, f"{tool}: ok ({json.dumps(value)[:200]})")
                check(expect(value), f"{tool}: result as expected")
                check(os.path.dirname(os.path.abspath(db)) not in json.dumps(value), f"{tool}: no host path in the result")
                called.add(tool)
            # approval_status needs an agent's pending call (keyless stdio asks nothing): an unknown id is refused.
            result = await session.call_tool("approval_status", {"approval_id": "apr_none"})
            refused = structured(result, "approval_status")
            outputs["approval_status"].validate(refused)
            check(is_error(result) is True and "no approval request" in refused["error"], "approval_status: unknown id refused")
            called.add("approval_status")
            check(called == EXPECTED_TOOLS, "every tool called")

            result = await session.call_tool("complete_task", {"title": "no such task at all"})
            value = structured(result, "complete_task (no match)")
            outputs["complete_task"].validate(value)
            check(is_error(result) is True and value["ok"] is False, "no match: isError with ok:false")

            result = await session.call_tool("create_task", {"title": 42})
            check(is_error(result) is True and "title" in result.content[0].text, "invalid arguments: isError naming the argument")
            outputs["create_task"].validate(structured(result, "create_task (invalid arguments)"))
            check(True, "every structuredContent fits its tool's outputSchema (the SDK's check and jsonschema's)")

            try:
                await session.call_tool("no_such_tool", {})
                check(False, "unknown tool raises")
            except Exception as error:  # McpError carrying -32602
                code = getattr(error, "code", None) or getattr(getattr(error, "error", None), "code", None)
                check(code == -32602, f"unknown tool: JSON-RPC error -32602 (got {code}: {error})")


async def legacy_client_checks(tasker, db):
    try:
        from mcp import Client
    except ImportError:
        print("skip auto mode: this SDK has no Client class", flush=True)
        return
    async with Client(server(tasker, db), mode="legacy") as client:
        listing = await client.list_tools()
        check(len(listing.tools) == len(EXPECTED_TOOLS), f"Client(mode=legacy): initialize, {len(EXPECTED_TOOLS)} tools")
        result = await client.call_tool("list_tasks", {"filter": "all"})
        check(is_error(result) is False and field(result, "structured_content", "structuredContent")["count"] == 3, "Client(mode=legacy): list_tasks all (2 tasks and 1 from apply_template)")


async def main():
    if len(sys.argv) != 3:
        raise SystemExit("usage: mcp_sdk_client.py PATH_TO_TASKER DATABASE")
    tasker, db = sys.argv[1], sys.argv[2]
    global FOLDER
    FOLDER = agent_folder(os.path.abspath(db))
    os.makedirs(FOLDER, exist_ok=True)
    with open(os.path.join(FOLDER, SCAN), "w") as f:
        f.write("the lease, signed\n")
    await asyncio.wait_for(session_checks(tasker, db), 60)
    await asyncio.wait_for(legacy_client_checks(tasker, db), 60)
    print("all checks passed", flush=True)


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except BaseException as error:  # the SDK wraps failures in exception groups
        if isinstance(error, SystemExit) and error.code == 0:
            raise
        leaves = error.exceptions if isinstance(error, BaseExceptionGroup) else [error]
        while any(isinstance(e, BaseExceptionGroup) for e in leaves):
            leaves = [x for e in leaves for x in (e.exceptions if isinstance(e, BaseExceptionGroup) else [e])]
        for leaf in leaves:
            print(f"FAILED: {type(leaf).__name__}: {leaf}", flush=True)
        sys.exit(1)
