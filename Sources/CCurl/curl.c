#define CURL_DISABLE_TYPECHECK  // curl_easy_setopt is defined below; keep curl.h from making it a macro
// libcurl opened at first use: each function TaskHTTP calls, forwarded to the library (see lazy_load.h).
// A new curl function used from Swift needs one LAZY_FUNCTION line here, or the link fails.
#include "shim.h"
#include "lazy_load.h"
#include <stdarg.h>

static struct lazy_library libcurl = LAZY_LIBRARY("libcurl.so.4", "libcurl4");

LAZY_FUNCTION(libcurl, CURLcode, curl_global_init, (long flags), (flags))
LAZY_FUNCTION(libcurl, CURL *, curl_easy_init, (void), ())
LAZY_FUNCTION(libcurl, CURLcode, curl_easy_perform, (CURL *handle), (handle))
LAZY_FUNCTION(libcurl, void, curl_easy_cleanup, (CURL *handle), (handle))
LAZY_FUNCTION(libcurl, const char *, curl_easy_strerror, (CURLcode code), (code))
LAZY_FUNCTION(libcurl, struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *string), (list, string))
LAZY_FUNCTION(libcurl, void, curl_slist_free_all, (struct curl_slist *list), (list))

LAZY_POINTER(libcurl, curl_easy_setopt)
LAZY_POINTER(libcurl, curl_easy_getinfo)

// curl_easy_setopt is variadic: its one argument's C type follows from the option's number range
// (CURLOPTTYPE_*), as inside libcurl, so it is read as that type and passed on.
CURLcode curl_easy_setopt(CURL *handle, CURLoption option, ...) {
    va_list list;
    va_start(list, option);
    CURLcode result;
    if (option < CURLOPTTYPE_OBJECTPOINT) {
        result = lazy_curl_easy_setopt()(handle, option, va_arg(list, long));
    } else if (option >= CURLOPTTYPE_OFF_T && option < CURLOPTTYPE_BLOB) {
        result = lazy_curl_easy_setopt()(handle, option, va_arg(list, curl_off_t));
    } else {
        result = lazy_curl_easy_setopt()(handle, option, va_arg(list, void *));
    }
    va_end(list);
    return result;
}

// curl_easy_getinfo's one argument is always a pointer to the result.
CURLcode curl_easy_getinfo(CURL *handle, CURLINFO info, ...) {
    va_list list;
    va_start(list, info);
    CURLcode result = lazy_curl_easy_getinfo()(handle, info, va_arg(list, void *));
    va_end(list);
    return result;
}
