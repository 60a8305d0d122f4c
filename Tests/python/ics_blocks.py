"""Reads an exported plan with the Python `icalendar` package; prints its VEVENTs as JSON lines
{"summary", "start", "end"} with times in UTC ISO 8601 (what the end-to-end test compares)."""
import json
import sys
from datetime import timezone

import icalendar

with open(sys.argv[1], "rb") as f:
    calendar = icalendar.Calendar.from_ical(f.read())
for event in calendar.walk("VEVENT"):
    start = event.decoded("DTSTART").astimezone(timezone.utc)
    end = event.decoded("DTEND").astimezone(timezone.utc)
    print(json.dumps({"summary": str(event.get("SUMMARY")), "start": start.strftime("%Y-%m-%dT%H:%M:%SZ"),
                      "end": end.strftime("%Y-%m-%dT%H:%M:%SZ")}))
