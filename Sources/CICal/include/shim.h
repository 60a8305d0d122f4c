#ifndef TASKER_CICAL_SHIM_H
#define TASKER_CICAL_SHIM_H
// libical imports into Swift as it is (no variadic calls are needed); this header only includes it.
#include <libical/ical.h>
#endif
