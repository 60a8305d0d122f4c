#ifndef TASKER_CSODIUM_SHIM_H
#define TASKER_CSODIUM_SHIM_H
// libsodium imports as it is (its size constants are plain integer macros, and the secretstream tags
// have functions); this header only includes it.
#include <sodium.h>
#endif
