// libzip opened at first use: each function its Swift wrapper calls, forwarded to the library (see
// lazy_load.h). A new function used from Swift needs one LAZY_FUNCTION line here, or the link fails.
#include "shim.h"
#include "lazy_load.h"

static struct lazy_library libzip = LAZY_LIBRARY("libzip.so.4", "libzip4");

LAZY_FUNCTION(libzip, int, zip_close, (zip_t * a0), (a0))
LAZY_FUNCTION(libzip, void, zip_discard, (zip_t * a0), (a0))
LAZY_FUNCTION(libzip, void, zip_error_fini, (zip_error_t * a0), (a0))
LAZY_FUNCTION(libzip, void, zip_error_init_with_code, (zip_error_t * a0, int a1), (a0, a1))
LAZY_FUNCTION(libzip, const char *, zip_error_strerror, (zip_error_t * a0), (a0))
LAZY_FUNCTION(libzip, int, zip_fclose, (zip_file_t * a0), (a0))
LAZY_FUNCTION(libzip, zip_int64_t, zip_file_add, (zip_t * a0, const char * a1, zip_source_t * a2, zip_flags_t a3), (a0, a1, a2, a3))
LAZY_FUNCTION(libzip, zip_error_t *, zip_file_get_error, (zip_file_t * a0), (a0))
LAZY_FUNCTION(libzip, int, zip_file_get_external_attributes, (zip_t * a0, zip_uint64_t a1, zip_flags_t a2, zip_uint8_t * a3, zip_uint32_t * a4), (a0, a1, a2, a3, a4))
LAZY_FUNCTION(libzip, int, zip_file_set_mtime, (zip_t * a0, zip_uint64_t a1, time_t a2, zip_flags_t a3), (a0, a1, a2, a3))
LAZY_FUNCTION(libzip, zip_file_t *, zip_fopen_index, (zip_t * a0, zip_uint64_t a1, zip_flags_t a2), (a0, a1, a2))
LAZY_FUNCTION(libzip, zip_int64_t, zip_fread, (zip_file_t * a0, void * a1, zip_uint64_t a2), (a0, a1, a2))
LAZY_FUNCTION(libzip, zip_int64_t, zip_get_num_entries, (zip_t * a0, zip_flags_t a1), (a0, a1))
LAZY_FUNCTION(libzip, zip_t *, zip_open, (const char * a0, int a1, int * a2), (a0, a1, a2))
LAZY_FUNCTION(libzip, zip_source_t *, zip_source_buffer, (zip_t * a0, const void * a1, zip_uint64_t a2, int a3), (a0, a1, a2, a3))
LAZY_FUNCTION(libzip, zip_source_t *, zip_source_file, (zip_t * a0, const char * a1, zip_uint64_t a2, zip_int64_t a3), (a0, a1, a2, a3))
LAZY_FUNCTION(libzip, void, zip_source_free, (zip_source_t * a0), (a0))
LAZY_FUNCTION(libzip, int, zip_stat_index, (zip_t * a0, zip_uint64_t a1, zip_flags_t a2, zip_stat_t * a3), (a0, a1, a2, a3))
LAZY_FUNCTION(libzip, void, zip_stat_init, (zip_stat_t * a0), (a0))
LAZY_FUNCTION(libzip, const char *, zip_strerror, (zip_t * a0), (a0))
