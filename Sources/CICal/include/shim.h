#ifndef TASKER_CICAL_SHIM_H
#define TASKER_CICAL_SHIM_H
// libical imports into Swift as it is (no variadic calls are needed); this header includes it and
// declares the one function of ours (ical.c).
#include <libical/ical.h>
#include <stddef.h>

// iCalendar text parsed as icalparser_parse_string does, but reading each line once (ical.c):
// libical's string reader is quadratic in a line's length. NUL bytes end a piece as they would a string.
icalcomponent *tasker_ical_parse(const char *bytes, size_t length);
#endif
