#ifndef TASKER_CSYSTEMD_SHIM_H
#define TASKER_CSYSTEMD_SHIM_H
// sd-bus (libsystemd) imports into Swift as it is: messages are built and read one value at a time
// (sd_bus_message_append_basic, open_container, read_basic), so no variadic call is needed.
#include <systemd/sd-bus.h>
#endif
