#ifndef TASKER_CXLSX_SHIM_H
#define TASKER_CXLSX_SHIM_H
// libxlsxwriter imports as it is; this header only gathers it (no wrappers needed).
#include <xlsxwriter.h>
#endif
