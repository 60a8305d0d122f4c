"""How other programs read a repeating VTODO's zone: python-dateutil, icalendar and zoneinfo (the system tz database).

Usage: zone_check.py COMMAND ICS [ARGS…]; prints one JSON object.
  offsets ICS ZONE FROM TO  the VTIMEZONE for ZONE in ICS read by dateutil's `tzical`, against zoneinfo's ZONE: the UTC offset
                            at every local hour from FROM to TO (years) that is neither skipped nor repeated by a change;
                            {"checked": N, "wrong": [first few "local: ours vs zoneinfo"]}
  expand ICS COUNT          the first VTODO's DUE and RRULE expanded COUNT times by dateutil, three ways: with icalendar's
                            reading of the DUE (TZID through zoneinfo), with the DUE's wall time in the file's own VTIMEZONE
                            (tzical), and as written when it has no TZID (a UTC DUE expands in UTC);
                            {"tzid", "rrule", "utc": [occurrences in UTC, icalendar's], "vtimezone_utc": [the same through
                            the file's VTIMEZONE, or null], "local": [each in the TZID's zone (UTC without one), "YYYY-MM-DD HH:MM Dy"]}
"""
import io
import json
import sys
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import icalendar
from dateutil import rrule, tz


def vtimezone(text, zone):
    """The VTIMEZONE block for `zone` in `text` as dateutil's tzical reads it (None when there is none)."""
    lines = text.replace("\r\n ", "").replace("\r\n", "\n").split("\n")
    block, inside = [], False
    for line in lines:
        if line == "BEGIN:VTIMEZONE":
            inside, block = True, []
        if inside:
            block.append(line)
        if line == "END:VTIMEZONE":
            inside = False
            if f"TZID:{zone}" in block:
                return tz.tzical(io.StringIO("\n".join(block) + "\n")).get(zone)
    return None


def offsets(text, zone, first, last):
    ours, real = vtimezone(text, zone), ZoneInfo(zone)
    checked, wrong = 0, []
    t = datetime(first, 1, 1)
    while t.year <= last:
        a, b = t.replace(tzinfo=real), t.replace(tzinfo=real, fold=1)
        # Local times a change skips or repeats are ambiguous by nature: left out.
        if a.utcoffset() == b.utcoffset() and a.astimezone(timezone.utc).astimezone(real).replace(tzinfo=None) == t:
            checked += 1
            mine = t.replace(tzinfo=ours).utcoffset()
            if mine != a.utcoffset() and len(wrong) < 5:
                wrong.append(f"{t.isoformat()}: {mine} vs {a.utcoffset()}")
        t += timedelta(hours=1)
    return {"checked": checked, "wrong": wrong}


def expand(text, count):
    cal = icalendar.Calendar.from_ical(text)
    todo = next(c for c in cal.walk("VTODO"))
    tzid = todo["DUE"].params.get("TZID")
    rule = todo["RRULE"].to_ical().decode()
    due = todo.decoded("DUE")
    zone = ZoneInfo(tzid) if tzid else timezone.utc
    occurrences = [o for _, o in zip(range(count), rrule.rrulestr(rule, dtstart=due))]
    own = vtimezone(text, tzid) if tzid else None
    walls = [o for _, o in zip(range(count), rrule.rrulestr(rule, dtstart=due.replace(tzinfo=None)))] if tzid else []
    stamp = lambda d: d.astimezone(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    return {"tzid": tzid, "rrule": rule,
            "utc": [stamp(o) for o in occurrences],
            "vtimezone_utc": [stamp(w.replace(tzinfo=own)) for w in walls] if own else None,
            "local": [o.astimezone(zone).strftime("%Y-%m-%d %H:%M %a") for o in occurrences]}


command, text = sys.argv[1], sys.argv[2]
if command == "offsets":
    print(json.dumps(offsets(text, sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))))
elif command == "expand":
    print(json.dumps(expand(text, int(sys.argv[3]))))
else:
    raise SystemExit(f"unknown command {command}")
