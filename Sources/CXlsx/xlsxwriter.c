// libxlsxwriter opened at first use: each function its Swift wrapper calls, forwarded to the library (see
// lazy_load.h). A new function used from Swift needs one LAZY_FUNCTION line here, or the link fails.
#include "shim.h"
#include "lazy_load.h"

static struct lazy_library libxlsxwriter = LAZY_LIBRARY("libxlsxwriter.so.4", "libxlsxwriter4");

LAZY_FUNCTION(libxlsxwriter, void, format_set_bold, (lxw_format * format), (format))
LAZY_FUNCTION(libxlsxwriter, void, format_set_num_format, (lxw_format * format, const char * num_format), (format, num_format))
LAZY_FUNCTION(libxlsxwriter, char *, lxw_strerror, (lxw_error error_num), (error_num))
LAZY_FUNCTION(libxlsxwriter, lxw_format *, workbook_add_format, (lxw_workbook * workbook), (workbook))
LAZY_FUNCTION(libxlsxwriter, lxw_worksheet *, workbook_add_worksheet, (lxw_workbook * workbook, const char * sheetname), (workbook, sheetname))
LAZY_FUNCTION(libxlsxwriter, lxw_error, workbook_close, (lxw_workbook * workbook), (workbook))
LAZY_FUNCTION(libxlsxwriter, lxw_workbook *, workbook_new, (const char * filename), (filename))
LAZY_FUNCTION(libxlsxwriter, lxw_error, worksheet_autofilter, (lxw_worksheet * worksheet, lxw_row_t first_row, lxw_col_t first_col, lxw_row_t last_row, lxw_col_t last_col), (worksheet, first_row, first_col, last_row, last_col))
LAZY_FUNCTION(libxlsxwriter, void, worksheet_freeze_panes, (lxw_worksheet * worksheet, lxw_row_t row, lxw_col_t col), (worksheet, row, col))
LAZY_FUNCTION(libxlsxwriter, lxw_error, worksheet_set_column, (lxw_worksheet * worksheet, lxw_col_t first_col, lxw_col_t last_col, double width, lxw_format * format), (worksheet, first_col, last_col, width, format))
LAZY_FUNCTION(libxlsxwriter, lxw_error, worksheet_write_datetime, (lxw_worksheet * worksheet, lxw_row_t row, lxw_col_t col, lxw_datetime * datetime, lxw_format * format), (worksheet, row, col, datetime, format))
LAZY_FUNCTION(libxlsxwriter, lxw_error, worksheet_write_number, (lxw_worksheet * worksheet, lxw_row_t row, lxw_col_t col, double number, lxw_format * format), (worksheet, row, col, number, format))
LAZY_FUNCTION(libxlsxwriter, lxw_error, worksheet_write_string, (lxw_worksheet * worksheet, lxw_row_t row, lxw_col_t col, const char * string, lxw_format * format), (worksheet, row, col, string, format))
