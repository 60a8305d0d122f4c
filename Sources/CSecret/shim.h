#ifndef TASKER_CSECRET_SHIM_H
#define TASKER_CSECRET_SHIM_H
#include <libsecret/secret.h>

// The Secret Service schema of Tasker's data key: attributes application=tasker and kind (the
// current key, or a rotation's pending one). A C struct literal Swift cannot write.
static inline const SecretSchema *csecret_schema(void) {
    static const SecretSchema schema = {
        "org.tasker.DataKey", SECRET_SCHEMA_NONE,
        { { "application", SECRET_SCHEMA_ATTRIBUTE_STRING }, { "kind", SECRET_SCHEMA_ATTRIBUTE_STRING }, { NULL, 0 } },
    };
    return &schema;
}

// secret_password_*_sync take their attributes as variadic pairs, which Swift cannot call.
static inline gboolean csecret_store(const char *kind, const char *label, const char *secret, GError **error) {
    return secret_password_store_sync(csecret_schema(), NULL, label, secret, NULL, error,
                                      "application", "tasker", "kind", kind, NULL);
}
static inline gchar *csecret_lookup(const char *kind, GError **error) {
    return secret_password_lookup_sync(csecret_schema(), NULL, error, "application", "tasker", "kind", kind, NULL);
}
static inline gboolean csecret_clear(const char *kind, GError **error) {
    return secret_password_clear_sync(csecret_schema(), NULL, error, "application", "tasker", "kind", kind, NULL);
}
#endif
