#ifndef TASKER_CEDIT_SHIM_H
#define TASKER_CEDIT_SHIM_H
// Include libedit's own headers explicitly: Debian also ships GNU readline's, which would not match.
#include <stdio.h>
#include <histedit.h>

// libedit is opened at the first call (edit.c): only the chat maps it. Its variadic functions are
// reached through these pointers, resolved on first use, which the typed wrappers below call.
typedef int (*cedit_el_set_function)(EditLine *, int, ...);
typedef int (*cedit_el_get_function)(EditLine *, int, ...);
typedef int (*cedit_history_function)(History *, HistEvent *, int, ...);
cedit_el_set_function cedit_el_set(void);
cedit_el_get_function cedit_el_get(void);
cedit_history_function cedit_history(void);

// Strict concurrency rejects the C globals stdin/stdout/stderr: hand them over from here.
static inline EditLine *cedit_init(const char *prog) { return el_init(prog, stdin, stdout, stderr); }

// el_set and history() are variadic, which Swift cannot call: one typed wrapper per operation used
// (the real history function itself is what EL_HIST hands to libedit).

/// The prompt callback (el_set EL_PROMPT).
static inline int cedit_set_prompt(EditLine *el, char *(*fn)(EditLine *)) { return cedit_el_set()(el, EL_PROMPT, fn); }
/// "emacs" or "vi" key bindings (el_set EL_EDITOR).
static inline int cedit_set_editor(EditLine *el, const char *mode) { return cedit_el_set()(el, EL_EDITOR, mode); }
/// Connects a history to the editor so the arrow keys walk it (el_set EL_HIST).
static inline int cedit_set_history(EditLine *el, History *h) { return cedit_el_set()(el, EL_HIST, cedit_history(), h); }
/// Registers a named editor function (el_set EL_ADDFN).
static inline int cedit_add_function(EditLine *el, const char *name, const char *help,
                                     unsigned char (*fn)(EditLine *, int)) {
    return cedit_el_set()(el, EL_ADDFN, name, help, fn);
}
/// Binds a key sequence ("^I") to an editor function by name (el_set EL_BIND).
static inline int cedit_bind(EditLine *el, const char *key, const char *function) {
    return cedit_el_set()(el, EL_BIND, key, function, (const char *)NULL);
}
/// One tty mode change for edit mode, e.g. "-isig" so ^C arrives as a key (el_set EL_SETTY -d).
static inline int cedit_setty_edit(EditLine *el, const char *mode) {
    return cedit_el_set()(el, EL_SETTY, "-d", mode, (const char *)NULL);
}
/// Lets libedit restore the terminal on signals (el_set EL_SIGNAL).
static inline int cedit_set_signal(EditLine *el, int on) { return cedit_el_set()(el, EL_SIGNAL, on); }
/// The Swift object behind this editor (el_set/el_get EL_CLIENTDATA).
static inline int cedit_set_clientdata(EditLine *el, void *data) { return cedit_el_set()(el, EL_CLIENTDATA, data); }
static inline void *cedit_get_clientdata(EditLine *el) {
    void *data = NULL;
    cedit_el_get()(el, EL_CLIENTDATA, &data);
    return data;
}

/// Puts the terminal on `fd` into character mode (no line buffering, echo or signals) right away.
/// libedit prints the prompt first and only switches modes when it reads the first key, so a key
/// typed the instant the prompt appears would meet the line discipline: a ^D there becomes an
/// end-of-file marker that libedit then reads as ^@ and the user's Ctrl-D is lost. Called before
/// each el_gets; libedit applies its own edit mode on top and restores the normal mode afterwards.
/// (A C helper because termios's c_cc array imports into Swift as a 32-element tuple.)
#include <termios.h>
static inline void cedit_enter_character_mode(int fd) {
    struct termios t;
    if (tcgetattr(fd, &t) != 0) return;
    t.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ECHONL | IEXTEN | ISIG);
    t.c_cc[VMIN] = 1;
    t.c_cc[VTIME] = 0;
    tcsetattr(fd, TCSADRAIN, &t);
}

static inline int cedit_history_setsize(History *h, HistEvent *ev, int size) { return cedit_history()(h, ev, H_SETSIZE, size); }
static inline int cedit_history_setunique(History *h, HistEvent *ev, int on) { return cedit_history()(h, ev, H_SETUNIQUE, on); }
static inline int cedit_history_enter(History *h, HistEvent *ev, const char *line) { return cedit_history()(h, ev, H_ENTER, line); }
static inline int cedit_history_load(History *h, HistEvent *ev, const char *path) { return cedit_history()(h, ev, H_LOAD, path); }
static inline int cedit_history_save(History *h, HistEvent *ev, const char *path) { return cedit_history()(h, ev, H_SAVE, path); }
static inline int cedit_history_first(History *h, HistEvent *ev) { return cedit_history()(h, ev, H_FIRST); }
static inline int cedit_history_last(History *h, HistEvent *ev) { return cedit_history()(h, ev, H_LAST); }
static inline int cedit_history_next(History *h, HistEvent *ev) { return cedit_history()(h, ev, H_NEXT); }
static inline int cedit_history_prev(History *h, HistEvent *ev) { return cedit_history()(h, ev, H_PREV); }
static inline int cedit_history_clear(History *h, HistEvent *ev) { return cedit_history()(h, ev, H_CLEAR); }

#endif
