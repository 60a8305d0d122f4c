// The loader behind every lazy C library shim: dlopen once, dlsym per function, one clear line when
// the library is missing. See include/lazy_load.h.
#include "lazy_load.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// The soname to open for `soname`: itself, or the replacement TASKER_TEST_SONAME_OVERRIDE names.
static const char *lazy_soname(const char *soname, char *buffer, size_t size) {
    const char *override = getenv("TASKER_TEST_SONAME_OVERRIDE");
    size_t length = strlen(soname);
    if (override && strncmp(override, soname, length) == 0 && override[length] == '=') {
        snprintf(buffer, size, "%s", override + length + 1);
        return buffer;
    }
    return soname;
}

int lazy_library_open(struct lazy_library *library) {
    if (__atomic_load_n(&library->handle, __ATOMIC_ACQUIRE)) return 0;
    pthread_mutex_lock(&library->lock);
    if (!library->handle && !library->failed) {
        char buffer[256];
        void *handle = dlopen(lazy_soname(library->soname, buffer, sizeof buffer), RTLD_NOW | RTLD_LOCAL);
        if (handle) {
            __atomic_store_n(&library->handle, handle, __ATOMIC_RELEASE);
        } else {
            library->failed = 1;
            snprintf(library->error, sizeof library->error,
                     "%s is not installed (needed for this command): install it with `apt-get install %s`",
                     library->soname, library->package);
        }
    }
    int result = library->handle ? 0 : -1;
    pthread_mutex_unlock(&library->lock);
    return result;
}

const char *lazy_library_error(struct lazy_library *library) {
    return library->failed ? library->error : NULL;
}

/// Prints `message` as tasker's one error line and ends the process (status 1).
static void lazy_fail(const char *message) {
    fflush(stdout);
    fprintf(stderr, "tasker: %s\n", message);
    _exit(1);
}

void *lazy_library_symbol(struct lazy_library *library, const char *name) {
    if (lazy_library_open(library) != 0) lazy_fail(library->error);
    void *address = dlsym(library->handle, name);
    if (!address) {
        char message[400];
        snprintf(message, sizeof message,
                 "%s has no function %s (too old?): install the current `%s` with apt-get",
                 library->soname, name, library->package);
        lazy_fail(message);
    }
    return address;
}
