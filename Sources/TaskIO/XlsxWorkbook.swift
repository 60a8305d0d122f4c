import Foundation
import TaskCore
import TaskStore
internal import CXlsx

/// Writes tasks and projects to an `.xlsx` workbook through libxlsxwriter (the only user of CXlsx).
///
/// Sheet "Tasks": title, status, due (a real date cell in local time), priority, estimate, contexts,
/// project, list, created, completed. Sheet "Projects": name, open, done, progress (a percentage).
/// Each sheet has its header row frozen, an autofilter over its rows, and set column widths
/// (libxlsxwriter 1.1.4 has no autofit). Text is written as strings, so a title starting with `=`
/// stays text.
public enum XlsxWorkbook {
    /// Writes the workbook as a new file at `path` (never over an existing one).
    /// - Throws: `IOError.cannotWrite` with libxlsxwriter's reason; `NewFile.Failure`.
    public static func write(_ records: RecordSet, to path: String, timeZone: TimeZone) throws {
        try write(records, to: NewFile(path: path), timeZone: timeZone)
    }

    /// Writes the workbook as `file`. - Throws: as `write(_:to:timeZone:)`.
    public static func write(_ records: RecordSet, to file: NewFile, timeZone: TimeZone) throws {
        try file.write(at: { staging in try write(records, staging: staging, shown: file.shown, timeZone: timeZone) })
    }

    private static func write(_ records: RecordSet, staging path: String, shown: String, timeZone: TimeZone) throws {
        guard let workbook = workbook_new(path) else { throw IOError.cannotWrite(path: shown, reason: "libxlsxwriter could not start the workbook") }
        let bold = workbook_add_format(workbook)
        format_set_bold(bold)
        let dateFormat = workbook_add_format(workbook)
        format_set_num_format(dateFormat, "yyyy-mm-dd hh:mm")
        let percent = workbook_add_format(workbook)
        format_set_num_format(percent, "0%")

        var projectNames: [String: String] = [:]
        for p in records.projects { projectNames[p.uuid] = p.name }
        let tasks = workbook_add_worksheet(workbook, "Tasks")
        let headers = ["Title", "Status", "Due", "Priority", "Estimate (min)", "Contexts", "Project", "List", "Created", "Completed"]
        let widths: [Double] = [40, 8, 17, 9, 14, 20, 20, 12, 17, 17]
        for (column, header) in headers.enumerated() {
            worksheet_write_string(tasks, 0, lxw_col_t(column), header, bold)
            worksheet_set_column(tasks, lxw_col_t(column), lxw_col_t(column), widths[column], nil)
        }
        func date(_ d: Date?, _ row: lxw_row_t, _ column: lxw_col_t) {
            guard let d else { return }
            let day = LocalDate(d, in: timeZone)
            let seconds = Int(d.timeIntervalSince(day.startOfDay(in: timeZone)))
            var value = lxw_datetime(year: Int32(day.year), month: Int32(day.month), day: Int32(day.day),
                                     hour: Int32(seconds / 3600), min: Int32(seconds % 3600 / 60), sec: Double(seconds % 60))
            worksheet_write_datetime(tasks, row, column, &value, dateFormat)
        }
        for (index, t) in records.tasks.enumerated() {
            let row = lxw_row_t(index + 1)
            worksheet_write_string(tasks, row, 0, t.title, nil)
            worksheet_write_string(tasks, row, 1, t.status.rawValue, nil)
            date(t.dueDay.map { $0.startOfDay(in: timeZone) } ?? t.due, row, 2)
            worksheet_write_string(tasks, row, 3, t.priority.rawValue, nil)
            if let e = t.estimateMinutes { worksheet_write_number(tasks, row, 4, Double(e), nil) }
            if !t.contexts.isEmpty { worksheet_write_string(tasks, row, 5, t.contexts.joined(separator: ", "), nil) }
            if let p = t.project, let name = projectNames[p] { worksheet_write_string(tasks, row, 6, name, nil) }
            worksheet_write_string(tasks, row, 7, t.list ?? "", nil)
            date(t.created, row, 8)
            date(t.completed, row, 9)
        }
        worksheet_freeze_panes(tasks, 1, 0)
        worksheet_autofilter(tasks, 0, 0, lxw_row_t(max(records.tasks.count, 1)), lxw_col_t(headers.count - 1))

        let projects = workbook_add_worksheet(workbook, "Projects")
        for (column, header) in ["Project", "Open", "Done", "Progress"].enumerated() {
            worksheet_write_string(projects, 0, lxw_col_t(column), header, bold)
        }
        worksheet_set_column(projects, 0, 0, 30, nil)
        worksheet_set_column(projects, 1, 3, 10, nil)
        for (index, p) in records.projects.sorted(by: { $0.name < $1.name }).enumerated() {
            let row = lxw_row_t(index + 1)
            let mine = records.tasks.filter { $0.project == p.uuid }
            let done = mine.filter { $0.status == .done }.count
            worksheet_write_string(projects, row, 0, p.name, nil)
            worksheet_write_number(projects, row, 1, Double(mine.count - done), nil)
            worksheet_write_number(projects, row, 2, Double(done), nil)
            worksheet_write_number(projects, row, 3, mine.isEmpty ? 0 : Double(done) / Double(mine.count), percent)
        }
        worksheet_freeze_panes(projects, 1, 0)
        worksheet_autofilter(projects, 0, 0, lxw_row_t(max(records.projects.count, 1)), 3)

        let result = workbook_close(workbook)
        guard result == LXW_NO_ERROR else {
            throw IOError.cannotWrite(path: shown, reason: String(cString: lxw_strerror(result)))
        }
    }
}
