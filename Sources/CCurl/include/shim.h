#ifndef TASKER_CCURL_SHIM_H
#define TASKER_CCURL_SHIM_H
// libcurl's header, for its types and constants only: the library itself is opened at the first call
// (curl.c), so a command that talks to no server never maps libcurl and its ~30 dependencies.
#include <curl/curl.h>

// curl_easy_setopt is variadic, which Swift cannot call: one typed wrapper per argument kind.
static inline CURLcode ccurl_setopt_long(CURL *h, CURLoption o, long v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_string(CURL *h, CURLoption o, const char *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_pointer(CURL *h, CURLoption o, void *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return curl_easy_setopt(h, o, v); }
static inline CURLcode ccurl_setopt_off_t(CURL *h, CURLoption o, curl_off_t v) { return curl_easy_setopt(h, o, v); }
// curl_easy_getinfo is variadic too.
static inline CURLcode ccurl_getinfo_long(CURL *h, CURLINFO i, long *v) { return curl_easy_getinfo(h, i, v); }

// Callbacks go through setopt as function pointers: typed wrappers so Swift can pass @convention(c) closures.
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
typedef int (*ccurl_progress_callback)(void *context, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);
// CURLOPT_WRITEFUNCTION: body bytes as they arrive.
static inline CURLcode ccurl_setopt_write_function(CURL *h, ccurl_data_callback f) { return curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, f); }
// CURLOPT_READFUNCTION: fills the buffer with the next bytes of an upload; 0 at its end.
static inline CURLcode ccurl_setopt_read_function(CURL *h, ccurl_data_callback f) { return curl_easy_setopt(h, CURLOPT_READFUNCTION, f); }
// CURLOPT_HEADERFUNCTION: one header line per call (status line included).
static inline CURLcode ccurl_setopt_header_function(CURL *h, ccurl_data_callback f) { return curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, f); }
// CURLOPT_XFERINFOFUNCTION: called often during a transfer; non-zero aborts it (cancellation, idle timeout).
static inline CURLcode ccurl_setopt_xferinfo_function(CURL *h, ccurl_progress_callback f) { return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, f); }
// CURL_GLOBAL_DEFAULT is a macro of macros; give Swift a plain function.
static inline CURLcode ccurl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT); }

#endif
