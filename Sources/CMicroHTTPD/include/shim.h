#ifndef TASKER_CMICROHTTPD_SHIM_H
#define TASKER_CMICROHTTPD_SHIM_H
// libmicrohttpd for `tasker mcp --http`; its options are passed through MHD_start_daemon_va.
#include <sys/types.h>
#include <sys/socket.h>
#include <stdarg.h>
#include <stdint.h>
#include <microhttpd.h>
#endif
