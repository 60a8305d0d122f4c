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
    /// The "Tasks" sheet's columns in order, with their widths: fields `TaskField` declares at the
    /// `xlsx` door, headed by their declared name.
    static let taskColumns: [(field: TaskField, width: Double)] = [
        (.title, 40), (.status, 8), (.due, 17), (.priority, 9), (.estimateMinutes, 14), (.contexts, 20),
        (.project, 20), (.list, 12), (.created, 17), (.completed, 17),
    ]

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
        let headers = Self.taskColumns.map { $0.field.member(at: .xlsx)?.key ?? $0.field.rawValue }
        for (column, (header, width)) in zip(headers, Self.taskColumns.map(\.width)).enumerated() {
            worksheet_write_string(tasks, 0, lxw_col_t(column), header, bold)
            worksheet_set_column(tasks, lxw_col_t(column), lxw_col_t(column), width, nil)
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
            for (i, (field, _)) in Self.taskColumns.enumerated() {
                let column = lxw_col_t(i)
                switch field {
                case .title: worksheet_write_string(tasks, row, column, t.title, nil)
                case .status: worksheet_write_string(tasks, row, column, t.status.rawValue, nil)
                case .due: date(t.dueDay.map { $0.startOfDay(in: timeZone) } ?? t.due, row, column)
                case .priority: worksheet_write_string(tasks, row, column, t.priority.rawValue, nil)
                case .estimateMinutes: if let e = t.estimateMinutes { worksheet_write_number(tasks, row, column, Double(e), nil) }
                case .contexts: if !t.contexts.isEmpty { worksheet_write_string(tasks, row, column, t.contexts.joined(separator: ", "), nil) }
                case .project: if let p = t.project, let name = projectNames[p] { worksheet_write_string(tasks, row, column, name, nil) }
                case .list: worksheet_write_string(tasks, row, column, t.list ?? "", nil)
                case .created: date(t.created, row, column)
                case .completed: date(t.completed, row, column)
                default: break  // not a column (`taskColumns`)
                }
            }
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
