// libedit opened at first use: each function EditLineReader calls, forwarded to the library (see
// lazy_load.h). A new function used from Swift needs one LAZY_FUNCTION line here, or the link fails.
#include "shim.h"
#include "lazy_load.h"

static struct lazy_library libedit = LAZY_LIBRARY("libedit.so.2", "libedit2");

LAZY_POINTER(libedit, el_set)
LAZY_POINTER(libedit, el_get)
LAZY_POINTER(libedit, history)
cedit_el_set_function cedit_el_set(void) { return lazy_el_set(); }
cedit_el_get_function cedit_el_get(void) { return lazy_el_get(); }
cedit_history_function cedit_history(void) { return lazy_history(); }

LAZY_FUNCTION(libedit, void, el_deletestr, (EditLine * a0, int a1), (a0, a1))
LAZY_FUNCTION(libedit, void, el_end, (EditLine * a0), (a0))
LAZY_FUNCTION(libedit, const char *, el_gets, (EditLine * a0, int * a1), (a0, a1))
LAZY_FUNCTION(libedit, EditLine *, el_init, (const char * a0, FILE * a1, FILE * a2, FILE * a3), (a0, a1, a2, a3))
LAZY_FUNCTION(libedit, int, el_insertstr, (EditLine * a0, const char * a1), (a0, a1))
LAZY_FUNCTION(libedit, const LineInfo *, el_line, (EditLine * a0), (a0))
LAZY_FUNCTION(libedit, void, el_push, (EditLine * a0, const char * a1), (a0, a1))
LAZY_FUNCTION(libedit, int, el_source, (EditLine * a0, const char * a1), (a0, a1))
LAZY_FUNCTION(libedit, void, history_end, (History * a0), (a0))
LAZY_FUNCTION(libedit, History *, history_init, (void), ())
