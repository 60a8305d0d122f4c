// libsystemd (sd-bus) opened at first use: each function its Swift wrapper calls, forwarded to the library (see
// lazy_load.h). A new function used from Swift needs one LAZY_FUNCTION line here, or the link fails.
#include "shim.h"
#include "lazy_load.h"

static struct lazy_library libsystemd = LAZY_LIBRARY("libsystemd.so.0", "libsystemd0");

LAZY_FUNCTION(libsystemd, int, sd_bus_call, (sd_bus * bus, sd_bus_message * m, uint64_t usec, sd_bus_error * ret_error, sd_bus_message ** reply), (bus, m, usec, ret_error, reply))
LAZY_FUNCTION(libsystemd, void, sd_bus_error_free, (sd_bus_error * e), (e))
LAZY_FUNCTION(libsystemd, sd_bus *, sd_bus_flush_close_unref, (sd_bus * bus), (bus))
LAZY_FUNCTION(libsystemd, int, sd_bus_match_signal, (sd_bus * bus, sd_bus_slot ** ret, const char * sender, const char * path, const char * interface, const char * member, sd_bus_message_handler_t callback, void * userdata), (bus, ret, sender, path, interface, member, callback, userdata))
LAZY_FUNCTION(libsystemd, int, sd_bus_message_append_basic, (sd_bus_message * m, char type, const void * p), (m, type, p))
LAZY_FUNCTION(libsystemd, int, sd_bus_message_close_container, (sd_bus_message * m), (m))
LAZY_FUNCTION(libsystemd, int, sd_bus_message_enter_container, (sd_bus_message * m, char type, const char * contents), (m, type, contents))
LAZY_FUNCTION(libsystemd, int, sd_bus_message_exit_container, (sd_bus_message * m), (m))
LAZY_FUNCTION(libsystemd, const char *, sd_bus_message_get_interface, (sd_bus_message * m), (m))
LAZY_FUNCTION(libsystemd, const char *, sd_bus_message_get_member, (sd_bus_message * m), (m))
LAZY_FUNCTION(libsystemd, const char *, sd_bus_message_get_path, (sd_bus_message * m), (m))
LAZY_FUNCTION(libsystemd, int, sd_bus_message_new_method_call, (sd_bus * bus, sd_bus_message ** m, const char * destination, const char * path, const char * interface, const char * member), (bus, m, destination, path, interface, member))
LAZY_FUNCTION(libsystemd, int, sd_bus_message_open_container, (sd_bus_message * m, char type, const char * contents), (m, type, contents))
LAZY_FUNCTION(libsystemd, int, sd_bus_message_peek_type, (sd_bus_message * m, char * type, const char ** contents), (m, type, contents))
LAZY_FUNCTION(libsystemd, int, sd_bus_message_read_basic, (sd_bus_message * m, char type, void * p), (m, type, p))
LAZY_FUNCTION(libsystemd, int, sd_bus_message_skip, (sd_bus_message * m, const char * types), (m, types))
LAZY_FUNCTION(libsystemd, sd_bus_message *, sd_bus_message_unref, (sd_bus_message * m), (m))
LAZY_FUNCTION(libsystemd, int, sd_bus_open_system, (sd_bus ** ret), (ret))
LAZY_FUNCTION(libsystemd, int, sd_bus_open_user, (sd_bus ** ret), (ret))
LAZY_FUNCTION(libsystemd, int, sd_bus_process, (sd_bus * bus, sd_bus_message ** r), (bus, r))
LAZY_FUNCTION(libsystemd, sd_bus_slot *, sd_bus_slot_unref, (sd_bus_slot * slot), (slot))
LAZY_FUNCTION(libsystemd, int, sd_bus_wait, (sd_bus * bus, uint64_t timeout_usec), (bus, timeout_usec))
