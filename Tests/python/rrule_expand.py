"""Expands RRULEs with python-dateutil, for RecurrencePropertyTests.

Usage: .venv/bin/python Tests/python/rrule_expand.py CASES.jsonl

Each input line: {"id": N, "zone": "Europe/Berlin", "start": "20270326T093000" or "20270326", "rrule": "FREQ=…", "limit": 50}.
A timed start is a wall time in `zone` (DTSTART;TZID=zone); a date start is a date-only series.
Zones are the standard library's zoneinfo: dateutil's own tz.gettz ignores the TZ rule a tzfile ends
with, so after 2037 it has no DST at all.
Each output line: {"id": N, "occurrences": [...]}: UTC epoch seconds for a timed series (a wall time a DST
change skips is moved on by the gap, as RFC 5545 §3.3.5 says, with dateutil's resolve_imaginary),
YYYY-MM-DD for a date-only one.
"""
import itertools
import json
import sys
from datetime import datetime, timezone

from zoneinfo import ZoneInfo

from dateutil import rrule, tz

zones = {}
out = []
with open(sys.argv[1]) as f:
    for line in f:
        case = json.loads(line)
        start = case["start"]
        if "T" in start:
            zone = zones.setdefault(case["zone"], ZoneInfo(case["zone"]))
            dtstart = datetime.strptime(start, "%Y%m%dT%H%M%S").replace(tzinfo=zone)
        else:
            dtstart = datetime.strptime(start, "%Y%m%d")
        rule = rrule.rrulestr(case["rrule"], dtstart=dtstart)
        occurrences = []
        for dt in itertools.islice(rule, case["limit"]):
            if dt.tzinfo is None:
                occurrences.append(dt.strftime("%Y-%m-%d"))
            else:
                occurrences.append(int(tz.resolve_imaginary(dt).astimezone(timezone.utc).timestamp()))
        out.append(json.dumps({"id": case["id"], "occurrences": occurrences}))
sys.stdout.write("\n".join(out) + "\n")
