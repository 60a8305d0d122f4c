// libical opened at first use: each function its Swift wrapper calls, forwarded to the library (see
// lazy_load.h). A new function used from Swift needs one LAZY_FUNCTION line here, or the link fails.
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
