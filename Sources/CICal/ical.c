// libical opened at first use: each function its Swift wrapper calls, forwarded to the library (see
// lazy_load.h). A new function used from Swift needs one LAZY_FUNCTION line here, or the link fails.
#include <string.h>
#include "shim.h"
#include "lazy_load.h"

static struct lazy_library libical = LAZY_LIBRARY("libical.so.3", "libical3");

LAZY_FUNCTION(libical, void, icalcomponent_foreach_recurrence, (icalcomponent * comp, struct icaltimetype start, struct icaltimetype end, void (*callback)(icalcomponent *, struct icaltime_span *, void *), void * callback_data), (comp, start, end, callback, callback_data))
LAZY_FUNCTION(libical, void, icalcomponent_free, (icalcomponent * component), (component))
LAZY_FUNCTION(libical, struct icaltimetype, icalcomponent_get_dtend, (icalcomponent * comp), (comp))
LAZY_FUNCTION(libical, struct icaltimetype, icalcomponent_get_dtstart, (icalcomponent * comp), (comp))
LAZY_FUNCTION(libical, icalcomponent *, icalcomponent_get_first_component, (icalcomponent * component, icalcomponent_kind kind), (component, kind))
LAZY_FUNCTION(libical, icalproperty *, icalcomponent_get_first_property, (icalcomponent * component, icalproperty_kind kind), (component, kind))
LAZY_FUNCTION(libical, icalcomponent *, icalcomponent_get_next_component, (icalcomponent * component, icalcomponent_kind kind), (component, kind))
LAZY_FUNCTION(libical, icalproperty *, icalcomponent_get_next_property, (icalcomponent * component, icalproperty_kind kind), (component, kind))
LAZY_FUNCTION(libical, enum icalproperty_status, icalcomponent_get_status, (icalcomponent * comp), (comp))
LAZY_FUNCTION(libical, const char *, icalcomponent_get_summary, (icalcomponent * comp), (comp))
LAZY_FUNCTION(libical, const char *, icalcomponent_get_uid, (icalcomponent * comp), (comp))
LAZY_FUNCTION(libical, icalcomponent_kind, icalcomponent_isa, (const icalcomponent * component), (component))
LAZY_FUNCTION(libical, icalcomponent *, icalparser_parse_string, (const char * str), (str))
LAZY_FUNCTION(libical, struct icaltimetype, icalproperty_get_datetime_with_component, (icalproperty * prop, icalcomponent * comp), (prop, comp))
LAZY_FUNCTION(libical, struct icaltimetype, icalproperty_get_dtend, (const icalproperty * prop), (prop))
LAZY_FUNCTION(libical, struct icaltimetype, icalproperty_get_dtstart, (const icalproperty * prop), (prop))
LAZY_FUNCTION(libical, const char *, icalproperty_get_parameter_as_string, (icalproperty * prop, const char * name), (prop, name))
LAZY_FUNCTION(libical, const char *, icalproperty_get_property_name, (const icalproperty * prop), (prop))
LAZY_FUNCTION(libical, struct icalrecurrencetype, icalproperty_get_rrule, (const icalproperty * prop), (prop))
LAZY_FUNCTION(libical, enum icalproperty_transp, icalproperty_get_transp, (const icalproperty * prop), (prop))
LAZY_FUNCTION(libical, const char *, icalproperty_get_value_as_string, (const icalproperty * prop), (prop))
LAZY_FUNCTION(libical, void, icalproperty_set_rrule, (icalproperty * prop, struct icalrecurrencetype v), (prop, v))
LAZY_FUNCTION(libical, void, icaltime_adjust, (struct icaltimetype * tt, const int days, const int hours, const int minutes, const int seconds), (tt, days, hours, minutes, seconds))
LAZY_FUNCTION(libical, time_t, icaltime_as_timet_with_zone, (const struct icaltimetype tt, const icaltimezone * zone), (tt, zone))
LAZY_FUNCTION(libical, struct icaltimetype, icaltime_from_timet_with_zone, (const time_t tm, const int is_date, const icaltimezone * zone), (tm, is_date, zone))
LAZY_FUNCTION(libical, int, icaltime_is_null_time, (const struct icaltimetype t), (t))
LAZY_FUNCTION(libical, int, icaltime_is_utc, (const struct icaltimetype t), (t))
LAZY_FUNCTION(libical, icaltimezone *, icaltimezone_get_utc_timezone, (void), ())
LAZY_FUNCTION(libical, icalparser *, icalparser_new, (void), ())
LAZY_FUNCTION(libical, void, icalparser_free, (icalparser * parser), (parser))
LAZY_FUNCTION(libical, void, icalparser_set_gen_data, (icalparser * parser, void * data), (parser, data))
LAZY_FUNCTION(libical, icalcomponent *, icalparser_parse, (icalparser * parser, icalparser_line_gen_func line_gen_func), (parser, line_gen_func))
LAZY_FUNCTION(libical, icalerrorstate, icalerror_get_error_state, (icalerrorenum error), (error))
LAZY_FUNCTION(libical, void, icalerror_set_error_state, (icalerrorenum error, icalerrorstate state), (error, state))

// libical's own string reader (icalparser_parse_string) looks for the end of the line again with
// strchr for every 80-byte piece it hands the parser, so one long line costs its length squared
// (a 4 MB line 5.9 s). This reader remembers where the current line ends: each byte is looked at once.
struct tasker_ical_text {
    const char *next;       // the first byte not handed out yet
    const char *end;        // one past the last byte
    const char *line_end;   // one past the current line's newline (or `end`); NULL before the first line
};

static char *tasker_ical_read(char *out, size_t size, void *data) {
    struct tasker_ical_text *text = data;
    if (text->next >= text->end || size < 2) return NULL;
    if (text->line_end == NULL || text->next >= text->line_end) {
        const char *newline = memchr(text->next, '\n', (size_t)(text->end - text->next));
        text->line_end = newline ? newline + 1 : text->end;
    }
    size_t count = (size_t)(text->line_end - text->next);
    if (count > size - 1) count = size - 1;
    memcpy(out, text->next, count);
    out[count] = '\0';
    text->next += count;
    return out;
}

icalcomponent *tasker_ical_parse(const char *bytes, size_t length) {
    struct tasker_ical_text text = { bytes, bytes + length, NULL };
    icalparser *parser = icalparser_new();
    if (parser == NULL) return NULL;
    icalerrorstate state = icalerror_get_error_state(ICAL_MALFORMEDDATA_ERROR);
    icalparser_set_gen_data(parser, &text);
    icalerror_set_error_state(ICAL_MALFORMEDDATA_ERROR, ICAL_ERROR_NONFATAL);
    icalcomponent *root = icalparser_parse(parser, tasker_ical_read);
    icalerror_set_error_state(ICAL_MALFORMEDDATA_ERROR, state);
    icalparser_free(parser);
    return root;
}
