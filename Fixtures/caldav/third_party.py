"""The third-party client in the sync tests: the Python `caldav` library (PyPI), as another program would use it.

Usage: third_party.py CALENDAR_URL COMMAND JSON
  mkcal   {}                                  make the VTODO calendar
  create  {"uid", "summary", "due"?, "ics"?}  a new VTODO (DUE as an iCalendar line, e.g. "DUE;VALUE=DATE:20261210")
  edit    {"uid", "summary"?, "due"?, "priority"?, "notes"?}
  complete {"uid"}
  delete  {"uid"}
  list    {}                                  prints one JSON object per VTODO: uid, summary, due (the raw line), status, categories, raw
"""
import json
import sys
from urllib.parse import urlparse

import caldav

url, command, args = sys.argv[1], sys.argv[2], json.loads(sys.argv[3] if len(sys.argv) > 3 else "{}")
# "serve": one JSON array [command, args] per stdin line, each answered by its output and a line "."
parsed = urlparse(url)
client = caldav.DAVClient(url=f"{parsed.scheme}://{parsed.netloc}/", username="user", password="x")


def calendar():
    return caldav.Calendar(client=client, url=url)


def todo(uid):
    return calendar().todo_by_uid(uid)


def line(component, name):
    for raw in component.to_ical().decode().replace("\r\n ", "").split("\r\n"):
        if raw.split(";")[0].split(":")[0] == name:
            return raw
    return None


def set_line(obj, name, value_line):
    """Replaces property `name` in the VTODO by a raw iCalendar line (or removes it when None)."""
    text = obj.data.replace("\r\n ", "").replace("\n ", "")
    lines = [l for l in text.replace("\r\n", "\n").split("\n") if l]
    out, inside = [], False
    for l in lines:
        if l == "BEGIN:VTODO":
            inside = True
        if inside and l.split(";")[0].split(":")[0] == name:
            continue
        if l == "END:VTODO" and inside:
            if value_line:
                out.append(value_line)
            inside = False
        out.append(l)
    obj.data = "\r\n".join(out) + "\r\n"


def run(command, args):
    if command == "mkcal":
        path = parsed.path.rstrip("/").split("/")[-1]
        cal = client.principal().make_calendar(name=path, cal_id=path, supported_calendar_component_set=["VTODO"])
    elif command == "create":
        if "ics" in args:
            calendar().save_todo(args["ics"])
        else:
            lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//ThirdParty//caldav//EN", "BEGIN:VTODO", f"UID:{args['uid']}",
                     "DTSTAMP:20261201T000000Z", f"SUMMARY:{args['summary']}"]
            if args.get("due"):
                lines.append(args["due"])
            lines += ["X-THIRD-PARTY:keep me", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:r", "TRIGGER:-PT15M", "END:VALARM",
                      "END:VTODO", "END:VCALENDAR"]
            calendar().save_todo("\r\n".join(lines) + "\r\n")
    elif command == "edit":
        obj = todo(args["uid"])
        if "summary" in args:
            set_line(obj, "SUMMARY", f"SUMMARY:{args['summary']}")
        if "due" in args:
            set_line(obj, "DUE", args["due"])
        if "priority" in args:
            set_line(obj, "PRIORITY", f"PRIORITY:{args['priority']}")
        if "notes" in args:
            set_line(obj, "DESCRIPTION", f"DESCRIPTION:{args['notes']}")
        set_line(obj, "LAST-MODIFIED", args.get("modified", "LAST-MODIFIED:20270101T000000Z"))
        obj.save()
    elif command == "complete":
        obj = todo(args["uid"])
        obj.complete(completion_timestamp=None, handle_rrule=False)
    elif command == "delete":
        todo(args["uid"]).delete()
    elif command == "list":
        for t in calendar().todos(include_completed=True):
            c = t.icalendar_component
            print(json.dumps({
                "uid": str(c.get("uid")),
                "summary": str(c.get("summary")),
                "due": line(c, "DUE"),
                "status": str(c.get("status")) if c.get("status") else None,
                "raw": t.data,
            }))
    else:
        raise SystemExit(f"unknown command {command}")


if command == "serve":
    for request in sys.stdin:
        name, arguments = json.loads(request)
        try:
            run(name, arguments)
        except Exception as error:  # report and go on: the test decides
            print(json.dumps({"error": str(error)[:200]}))
        print(".", flush=True)
else:
    run(command, args)
