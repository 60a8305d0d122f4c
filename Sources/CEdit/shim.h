#ifndef TASKER_CEDIT_SHIM_H
#define TASKER_CEDIT_SHIM_H
// Include libedit's own headers explicitly: Debian also ships GNU readline's, which would not match.
#include <stdio.h>
#include <histedit.h>

// Strict concurrency rejects the C globals stdin/stdout/stderr: hand them over from here.
static inline EditLine *cedit_init(const char *prog) { return el_init(prog, stdin, stdout, stderr); }

#endif
