"""Approvals as MCP tasks (the io.modelcontextprotocol/tasks extension on 2026-07-28), driven by the
official MCP Python SDK (PyPI `mcp` 2.3.0) with a small client extension for the task result shape.

Usage: mcp_tasks_client.py stdio PATH_TO_TASKER DATABASE KEY
       mcp_tasks_client.py http PATH_TO_TASKER DATABASE KEY URL

An agent whose write:tasks calls ask: a create_task comes back as a task (working); `tasker approve`
in another process runs it; tasks/get then says completed with the tool's result. A second call is
rejected (`tasker reject`): failed. A third is withdrawn with tasks/cancel: cancelled, and gone from
`tasker approvals`. A client that does not declare the extension still gets pending_approval.
Prints one line per check; exit 1 on the first failure.
"""
import subprocess
import json
import sys
from typing import Any, Literal

import anyio
import httpx2
from mcp import Client, StdioServerParameters
from mcp.client.extension import ClientExtension, ResultClaim
from mcp.client.streamable_http import streamable_http_client
from mcp_types import Request, RequestParams, Result
from pydantic import ConfigDict, Field

MODE, TASKER, DB, KEY = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
EXTENSION = "io.modelcontextprotocol/tasks"


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        sys.exit(1)


def tasker(*args):
    return subprocess.run([TASKER, "--db", DB, *args], capture_output=True, text=True, timeout=60)


class TaskResult(Result):
    """CreateTaskResult and GetTaskResult: the Task with its status payload."""
    model_config = ConfigDict(extra="allow", populate_by_name=True)
    result_type: Literal["task"] = Field("task", alias="resultType")
    task_id: str = Field(alias="taskId")
    status: str
    status_message: str | None = Field(None, alias="statusMessage")
    poll_interval_ms: int | None = Field(None, alias="pollIntervalMs")


class TaskState(Result):
    model_config = ConfigDict(extra="allow", populate_by_name=True)
    task_id: str = Field(alias="taskId")
    status: str
    result: dict[str, Any] | None = None
    error: dict[str, Any] | None = None


class TaskIdParams(RequestParams):
    task_id: str = Field(alias="taskId")


class GetTask(Request[TaskIdParams, Literal["tasks/get"]]):
    method: Literal["tasks/get"] = "tasks/get"
    name_param = "taskId"


class CancelTask(Request[TaskIdParams, Literal["tasks/cancel"]]):
    method: Literal["tasks/cancel"] = "tasks/cancel"
    name_param = "taskId"


SEEN: list[TaskResult] = []


async def keep(result: TaskResult, ctx):
    """The resolver: keep the handle for the test to drive; the call's answer is the pending result a
    2025 client gets for it (the SDK revalidates a resolved result against the tool's outputSchema)."""
    SEEN.append(result)
    from mcp_types import CallToolResult, TextContent
    pending = {"ok": True, "status": "pending_approval", "approval_id": result.task_id, "message": "kept as a task"}
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(pending))], structured_content=pending, is_error=False)


class Tasks(ClientExtension):
    identifier = EXTENSION

    def claims(self):
        return [ResultClaim(result_type="task", model=TaskResult, resolve=keep)]


async def get(session, task_id):
    return await session.send_request(GetTask(params=TaskIdParams(taskId=task_id)), TaskState)


async def run(target):
    async with Client(target, mode="auto", extensions=[Tasks()]) as client:
        check(client.protocol_version == "2026-07-28", "2026-07-28 adopted")
        discovered = client.session.discover_result
        check(EXTENSION in ((discovered.capabilities.model_dump(by_alias=True).get("extensions")) or {}), "discover offers the tasks extension")
        session = client.session
        await client.call_tool("create_task", {"title": "Book the dentist"})
        check(len(SEEN) == 1 and SEEN[0].status == "working", f"a gated call is a task, working ({SEEN[-1].status if SEEN else None})")
        first = SEEN[0].task_id
        check(first.startswith("apr_"), f"the task id is the approval id ({first})")
        state = await get(session, first)
        check(state.status == "working", "tasks/get: still working before anyone decides")
        approved = tasker("approve", first)
        check(approved.returncode == 0, f"tasker approve in another process ({approved.stderr.strip()})")
        state = await get(session, first)
        check(state.status == "completed" and state.result["structuredContent"]["task"]["title"] == "Book the dentist",
              f"tasks/get: completed with the tool's result ({state.status})")

        await client.call_tool("create_task", {"title": "Sell the piano"})
        second = SEEN[-1].task_id
        check(tasker("reject", second, "--reason", "not this year").returncode == 0, "tasker reject")
        state = await get(session, second)
        check(state.status == "failed" and "not this year" in str(state.error), f"tasks/get: failed, with the reason ({state.error})")

        await client.call_tool("create_task", {"title": "Paint the shed"})
        third = SEEN[-1].task_id
        await session.send_request(CancelTask(params=TaskIdParams(taskId=third)), Result)
        state = await get(session, third)
        check(state.status == "cancelled", f"tasks/cancel: cancelled ({state.status})")
        check(third not in tasker("approvals").stdout, "withdrawn: gone from tasker approvals")
        listed = tasker("call", "list_tasks").stdout
        check("Book the dentist" in listed and "Sell the piano" not in listed and "Paint the shed" not in listed,
              "only the approved call ran")
    async with Client(target_again(), mode="auto") as plain:
        result = await plain.call_tool("create_task", {"title": "Mow the lawn"})
        check(not result.is_error and result.structured_content["status"] == "pending_approval",
              "without the extension: pending_approval, not an error")


def target_again():
    return make_target()


def make_target():
    if MODE == "stdio":
        return StdioServerParameters(command=TASKER, args=["--db", DB, "mcp"], env={"TASKER_AGENT_KEY": KEY, "PATH": "/usr/bin:/bin"})
    return streamable_http_client(sys.argv[5], http_client=httpx2.AsyncClient(headers={"Authorization": f"Bearer {KEY}"}))


anyio.run(run, make_target())
