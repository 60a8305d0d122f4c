"""The third-party client in the sync tests: the Python `caldav` library (PyPI), as another program would use it.

Usage: third_party.py CALENDAR_URL COMMAND JSON
  mkcal   {}                                  make the VTODO calendar
  create  {"uid", "summary", "due"?, "ics"?}  a new VTODO (DUE as an iCalendar line, e.g. "DUE;VALUE=DATE:20261210")
  edit    {"uid", "summary"?, "due"?, "priority"?, "notes"?}
  complete {"uid"}
  series  {"uid", "summary", "due", "tzid", "rrule"}  a repeating VTODO as a zone-aware client writes it: DUE;TZID= (the wall time
                                              "YYYYMMDDTHHMMSS" in tzid), the RRULE, and icalendar's VTIMEZONE for the zone
  advance {"uid"}                             moves DUE on to the rule's next occurrence, expanded by dateutil in the DUE's
                                              zone, status left open (tasks.org's way)
  occurrences {"uid", "count"}                prints the DUE and the next ones by dateutil, in the DUE's zone, as UTC stamps
  delete  {"uid"}
  change  {"uid", "field", "value"}          one edit as a calendar app makes it, keeping the VTODO valid (see `change`)
  list    {}                                  prints one JSON object per VTODO: uid, summary, due (the raw line), status, the
                                              fields `change` edits as this library reads them, raw
  check   {}                                  prints one JSON object per VTODO: uid and problems (icalendar's parse errors and
                                              the server's answer when the same text is PUT again); empty problems means valid
"""
import json
import sys
from urllib.parse import urlparse

import caldav
import icalendar
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from dateutil import rrule

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


def change(obj, field, value):
    """One edit as a calendar app makes it, through icalendar: SUMMARY, DESCRIPTION, PRIORITY (0-9), CATEGORIES (a
    list), RELATED-TO (a parent UID, or null), STATUS (COMPLETED stamps COMPLETED and PERCENT-COMPLETE, NEEDS-ACTION
    clears them), RRULE (text, or null), DUE and DTSTART ("YYYYMMDD" a day, "YYYYMMDDTHHMMSSZ" a time, or null).
    The VTODO stays valid: one of each, and a DTSTART of DUE's value type on or before it (moved to DUE otherwise)."""
    todo = obj.icalendar_component
    names = {"summary": "SUMMARY", "notes": "DESCRIPTION", "priority": "PRIORITY", "categories": "CATEGORIES",
             "parent": "RELATED-TO", "status": "STATUS", "rrule": "RRULE", "due": "DUE", "start": "DTSTART"}
    name = names[field]
    todo.pop(name, None)
    if field == "status":
        for extra in ("COMPLETED", "PERCENT-COMPLETE"):
            todo.pop(extra, None)
        if value == "COMPLETED":
            todo.add("COMPLETED", datetime.now(timezone.utc).replace(microsecond=0))
            todo.add("PERCENT-COMPLETE", 100)
    if value is not None:
        if field in ("due", "start"):
            todo.add(name, time_value(value))
        elif field == "rrule":
            todo.add(name, icalendar.vRecur.from_ical(value))
        elif field == "categories":
            todo.add(name, value)
        elif field == "parent":
            todo.add(name, value, parameters={"RELTYPE": "PARENT"})
        else:
            todo.add(name, value)
    if "DUE" in todo and "DTSTART" in todo:
        due, start = todo.decoded("DUE"), todo.decoded("DTSTART")
        if isinstance(due, datetime) != isinstance(start, datetime) or start > due:
            todo.pop("DTSTART")
            todo.add("DTSTART", due)
    todo.pop("DURATION", None) if "DUE" in todo else None
    todo.pop("LAST-MODIFIED", None)
    todo.add("LAST-MODIFIED", datetime.now(timezone.utc).replace(microsecond=0))
    todo.pop("SEQUENCE", None)
    obj.save()


def time_value(text):
    if "T" in text:
        return datetime.strptime(text, "%Y%m%dT%H%M%SZ").replace(tzinfo=timezone.utc)
    return datetime.strptime(text, "%Y%m%d").date()


def fields(c):
    """The fields `change` edits, as this library reads them (times in basic form, UTC)."""
    def when(name):
        if name not in c:
            return None
        v = c.decoded(name)
        if isinstance(v, datetime):
            return v.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ") if v.tzinfo else v.strftime("%Y%m%dT%H%M%S")
        return v.strftime("%Y%m%d")
    categories = []
    for prop in (c.get("CATEGORIES") if isinstance(c.get("CATEGORIES"), list) else [c.get("CATEGORIES")] if c.get("CATEGORIES") else []):
        categories += [str(x) for x in prop.cats]
    related = c.get("RELATED-TO")
    return {"notes": str(c.get("DESCRIPTION")) if c.get("DESCRIPTION") is not None else None,
            "priority": int(c.get("PRIORITY")) if c.get("PRIORITY") is not None else None,
            "categories": sorted(categories),
            "parent": str(related[0] if isinstance(related, list) else related) if related is not None else None,
            "rrule": c.get("RRULE").to_ical().decode() if c.get("RRULE") is not None else None,
            "dueTime": when("DUE"), "start": when("DTSTART")}


def check(obj):
    """icalendar's complaints about the text, then the server's answer to the same text PUT again."""
    problems = []
    try:
        parsed = icalendar.Calendar.from_ical(obj.data)
        for component in parsed.walk():
            problems += [f"{component.name}: {e}" for e in getattr(component, "errors", [])]
    except Exception as error:
        problems.append(f"icalendar: {error}"[:200])
    response = client.put(str(obj.url), obj.data, {"Content-Type": "text/calendar; charset=utf-8"})
    if response.status >= 300:
        problems.append(f"re-PUT: HTTP {response.status}")
    return problems


def expansion(component, count):
    """The DUE and the next occurrences of the component's RRULE, in the DUE's own zone (aware datetimes)."""
    due = component.decoded("DUE")
    rule = component["RRULE"].to_ical().decode()
    return [o for _, o in zip(range(count), rrule.rrulestr(rule, dtstart=due))]


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
    elif command == "change":
        change(todo(args["uid"]), args["field"], args.get("value"))
    elif command == "check":
        for t in calendar().todos(include_completed=True):
            print(json.dumps({"uid": str(t.icalendar_component.get("uid")), "problems": check(t)}))
    elif command == "series":
        cal = icalendar.Calendar()
        cal.add("VERSION", "2.0")
        cal.add("PRODID", "-//ThirdParty//caldav//EN")
        todo_ = icalendar.Todo()
        todo_.add("UID", args["uid"])
        todo_.add("DTSTAMP", datetime(2026, 12, 1, tzinfo=timezone.utc))
        todo_.add("SUMMARY", args["summary"])
        todo_.add("DUE", datetime.strptime(args["due"], "%Y%m%dT%H%M%S").replace(tzinfo=ZoneInfo(args["tzid"])))
        todo_.add("RRULE", icalendar.vRecur.from_ical(args["rrule"]))
        cal.add_component(todo_)
        cal.add_missing_timezones()
        calendar().save_todo(cal.to_ical().decode())
    elif command == "advance":
        obj = todo(args["uid"])
        c = obj.icalendar_component
        after = expansion(c, 2)[1]
        c.pop("DUE")
        c.add("DUE", after)
        c.pop("LAST-MODIFIED", None)
        c.add("LAST-MODIFIED", datetime.now(timezone.utc).replace(microsecond=0))
        obj.save()
        print(after.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ"))
    elif command == "occurrences":
        for o in expansion(todo(args["uid"]).icalendar_component, int(args.get("count", 3))):
            print(o.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ"))
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
                **fields(c),
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
