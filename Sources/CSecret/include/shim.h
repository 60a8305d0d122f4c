#ifndef TASKER_CSECRET_SHIM_H
#define TASKER_CSECRET_SHIM_H
// Tasker's data key in the Secret Service through libsecret, opened at first use (secret.c): plain C
// types only, so neither Swift nor this header needs glib's headers, and a command that keeps no key
// never maps libsecret, glib and gio. The schema is org.tasker.DataKey with the attributes
// application=tasker and kind (the current key, or a rotation's pending one).

/// Stores `secret` as the item of `kind`: 1 when stored; 0 with `*error` set (free it with free()).
int csecret_store(const char *kind, const char *label, const char *secret, char **error);
/// The secret of `kind` (free it with csecret_free_secret), or NULL: none, or `*error` set (free()).
char *csecret_lookup(const char *kind, char **error);
/// Removes the item of `kind`: 1 when one was removed; 0 when none, or `*error` set (free()).
int csecret_clear(const char *kind, char **error);
/// Wipes and frees a secret csecret_lookup returned (secret_password_free).
void csecret_free_secret(char *secret);

#endif
