// libsecret opened at first use (see lazy_load.h). The few libsecret and glib declarations used are
// written out here from their stable ABI (libsecret/secret-schema.h, secret-password.h, glib/gerror.h)
// so that no glib include path is needed to build: a SwiftPM C target cannot ask pkg-config for one.
#include "shim.h"
#include "lazy_load.h"
#include <stdlib.h>
#include <string.h>

typedef struct { const char *name; int type; } SecretSchemaAttribute;
typedef struct {
    const char *name;
    int flags;
    SecretSchemaAttribute attributes[32];
    int reserved;
    void *reserved1, *reserved2, *reserved3, *reserved4, *reserved5, *reserved6, *reserved7;
} SecretSchema;
typedef struct { unsigned int domain; int code; char *message; } GError;

int secret_password_store_sync(const SecretSchema *schema, const char *collection, const char *label,
                               const char *password, void *cancellable, GError **error, ...);
char *secret_password_lookup_sync(const SecretSchema *schema, void *cancellable, GError **error, ...);
int secret_password_clear_sync(const SecretSchema *schema, void *cancellable, GError **error, ...);
void secret_password_free(char *password);
void g_error_free(GError *error);

static struct lazy_library libsecret = LAZY_LIBRARY("libsecret-1.so.0", "libsecret-1-0");

LAZY_POINTER(libsecret, secret_password_store_sync)
LAZY_POINTER(libsecret, secret_password_lookup_sync)
LAZY_POINTER(libsecret, secret_password_clear_sync)
LAZY_POINTER(libsecret, secret_password_free)
LAZY_POINTER(libsecret, g_error_free)

static const SecretSchema schema = {
    "org.tasker.DataKey", 0 /* SECRET_SCHEMA_NONE */,
    { { "application", 0 /* SECRET_SCHEMA_ATTRIBUTE_STRING */ }, { "kind", 0 }, { NULL, 0 } },
};

/// Moves a GError's message into `*out` (malloc'd) and frees the GError.
static void take_error(GError *error, char **out) {
    if (!error) return;
    *out = strdup(error->message ? error->message : "unknown error");
    lazy_g_error_free()(error);
}

int csecret_store(const char *kind, const char *label, const char *secret_text, char **error) {
    GError *failure = NULL;
    int ok = lazy_secret_password_store_sync()(&schema, NULL, label, secret_text, NULL, &failure,
                                               "application", "tasker", "kind", kind, NULL);
    take_error(failure, error);
    return ok;
}

char *csecret_lookup(const char *kind, char **error) {
    GError *failure = NULL;
    char *found = lazy_secret_password_lookup_sync()(&schema, NULL, &failure, "application", "tasker", "kind", kind, NULL);
    take_error(failure, error);
    return found;
}

int csecret_clear(const char *kind, char **error) {
    GError *failure = NULL;
    int removed = lazy_secret_password_clear_sync()(&schema, NULL, &failure, "application", "tasker", "kind", kind, NULL);
    take_error(failure, error);
    return removed;
}

void csecret_free_secret(char *secret_text) {
    if (secret_text) lazy_secret_password_free()(secret_text);
}
