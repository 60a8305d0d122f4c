#ifndef TASKER_CZIP_SHIM_H
#define TASKER_CZIP_SHIM_H
#include <zip.h>
#include <sys/stat.h>

// S_ISLNK is a function-like macro; Swift cannot import it. True when a ZIP entry's Unix mode
// (the high 16 bits of its external attributes, opsys Unix) says it is a symbolic link.
static inline int czip_is_symlink(zip_uint8_t opsys, zip_uint32_t attributes) {
    return opsys == ZIP_OPSYS_UNIX && S_ISLNK((attributes >> 16) & 0xFFFF);
}

#endif
