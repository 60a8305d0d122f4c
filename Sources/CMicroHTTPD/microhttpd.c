// libmicrohttpd opened at first use: each function its Swift wrapper calls, forwarded to the library (see
// lazy_load.h). A new function used from Swift needs one LAZY_FUNCTION line here, or the link fails.
#include "shim.h"
#include "lazy_load.h"

static struct lazy_library libmicrohttpd = LAZY_LIBRARY("libmicrohttpd.so.12", "libmicrohttpd12");

LAZY_FUNCTION(libmicrohttpd, enum MHD_Result, MHD_add_response_header, (struct MHD_Response * response, const char * header, const char * content), (response, header, content))
LAZY_FUNCTION(libmicrohttpd, struct MHD_Response *, MHD_create_response_from_buffer, (size_t size, void * buffer, enum MHD_ResponseMemoryMode mode), (size, buffer, mode))
LAZY_FUNCTION(libmicrohttpd, void, MHD_destroy_response, (struct MHD_Response * response), (response))
LAZY_FUNCTION(libmicrohttpd, int, MHD_get_connection_values, (struct MHD_Connection * connection, enum MHD_ValueKind kind, MHD_KeyValueIterator iterator, void * iterator_cls), (connection, kind, iterator, iterator_cls))
LAZY_FUNCTION(libmicrohttpd, const char *, MHD_lookup_connection_value, (struct MHD_Connection * connection, enum MHD_ValueKind kind, const char * key), (connection, kind, key))
LAZY_FUNCTION(libmicrohttpd, enum MHD_Result, MHD_queue_response, (struct MHD_Connection * connection, unsigned int status_code, struct MHD_Response * response), (connection, status_code, response))
LAZY_FUNCTION(libmicrohttpd, struct MHD_Daemon *, MHD_start_daemon_va, (unsigned int flags, uint16_t port, MHD_AcceptPolicyCallback apc, void * apc_cls, MHD_AccessHandlerCallback dh, void * dh_cls, va_list ap), (flags, port, apc, apc_cls, dh, dh_cls, ap))
LAZY_FUNCTION(libmicrohttpd, void, MHD_stop_daemon, (struct MHD_Daemon * daemon), (daemon))
