#ifndef TASKER_CSQLITE_SHIM_H
#define TASKER_CSQLITE_SHIM_H
#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer; Swift cannot import it.
static inline sqlite3_destructor_type csqlite_transient(void) { return SQLITE_TRANSIENT; }

// Turns off SQLite's memory statistics, which take a global mutex around every allocation; Tasker
// never reads them. Only has an effect before SQLite is first initialised (the first open), and
// sqlite3_config is variadic, which Swift cannot call.
static inline int csqlite_memstatus_off(void) { return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0); }

#endif
