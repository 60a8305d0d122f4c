#ifndef TASKER_LAZY_LOAD_H
#define TASKER_LAZY_LOAD_H
// Shared libraries opened with dlopen at their first use instead of by the dynamic loader at every
// start: each C library shim (CCurl, CSecret, …) declares one `lazy_library` and defines the
// functions its Swift wrapper calls with LAZY_FUNCTION, which forward to the real ones. Mapping
// libcurl's tree, glib and the rest cost most of a start that needed none of them (README, "Start-up").
#include <pthread.h>
#include <stddef.h>

/// One library loaded on demand: its exact soname and the Debian package that ships it.
struct lazy_library {
    const char *soname;
    const char *package;
    pthread_mutex_t lock;
    void *handle;  // set once, under lock, with a release store
    int failed;
    char error[400];
};

#define LAZY_LIBRARY(soname, package) { (soname), (package), PTHREAD_MUTEX_INITIALIZER, NULL, 0, {0} }

/// Opens `library` once per process (thread-safe): 0 when it is loaded, -1 when it is missing, with
/// the one-line reason in `lazy_library_error`.
/// The test hook TASKER_TEST_SONAME_OVERRIDE="libcurl.so.4=libnothing.so.9" opens the second
/// soname in place of the first, so a test can see what a machine without the library shows.
int lazy_library_open(struct lazy_library *library);

/// Why `library` could not be opened ("libcurl.so.4 is not installed: apt-get install libcurl4"),
/// or NULL when it is loaded or was never tried.
const char *lazy_library_error(struct lazy_library *library);

/// The address of `name` in `library`, opening the library first. A C function called from Swift
/// cannot throw, so when the library or the symbol is missing this prints that one line on stderr
/// and ends the process with status 1 instead of crashing.
void *lazy_library_symbol(struct lazy_library *library, const char *name);

/// `*slot` once it holds the address of `name` in `library`, else resolves and caches it there.
static inline void *lazy_cached_symbol(void **slot, struct lazy_library *library, const char *name) {
    void *resolved = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
    if (!resolved) {
        resolved = lazy_library_symbol(library, name);
        __atomic_store_n(slot, resolved, __ATOMIC_RELEASE);
    }
    return resolved;
}

/// `lazy_<name>()`: a pointer to the library's function `name`, typed as its header declares it,
/// resolved on first use. The shims call variadic functions (which Swift cannot) through these.
#define LAZY_POINTER(library, name)                                                         \
    static __typeof__(&name) lazy_##name(void) {                                            \
        static void *address;                                                               \
        return (__typeof__(&name))lazy_cached_symbol(&address, &(library), #name);          \
    }

/// Defines `name` (declared by the library's own header, so the compiler checks the signature) as a
/// forwarder to the library's function, resolved on the first call and cached.
#define LAZY_FUNCTION(library, result, name, parameters, arguments)                         \
    LAZY_POINTER(library, name)                                                             \
    result name parameters { return lazy_##name() arguments; }

#endif
