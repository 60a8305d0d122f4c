import Foundation
import TaskCore

extension ChatSession {
    /// Runs one tool call the user asked for (a rule or a command) and shows its result.
    ///
    /// Remembers what /undo needs; an ambiguous title shows the candidates and asks for an id.
    /// - Returns: the result; a malformed call or a storage failure is reported and returned as
    ///   `{"ok": false, "error": …}` (what a model is told).
    @discardableResult
    func runTool(_ name: String, _ arguments: JSONValue, quiet: Bool = false) -> JSONValue {
        let result: JSONValue
        do {
            result = try runner.call(name, arguments)
        } catch {
            fail("\(error)")
            return ["ok": false, "error": .string("\(error)")]
        }
        if result["ok"]?.boolValue == false {
            if let picked = pickCandidate(result, tool: name), var args = arguments.objectValue {
                args["title"] = nil
                args["id"] = .int(picked)
                return runTool(name, .object(args), quiet: quiet)
            }
            return result
        }
        recordUndo(name, result)
        if !quiet { show(name, result) }
        return result
    }

    /// Remembers how to take a change back; reschedule and defer results carry the previous date.
    private func recordUndo(_ name: String, _ result: JSONValue) {
        let task = result["task"]
        guard let id = task?["id"]?.intValue.map(Int64.init) else { return }
        let title = task?["title"]?.stringValue ?? "#\(id)"
        switch name {
        case "capture_task", "create_task":
            if result["dry_run"]?.boolValue != true { record(.created(id: id, title: title)) }
        case "complete_task":
            record(.completed(id: id, title: title, next: result["next"]?["id"]?.intValue.map(Int64.init)))
        case "reschedule_task":
            let previous = result["previous_due"]?.stringValue.flatMap { ISODate.parse($0, in: settings.timeZone) }
            let deferUntil = task?["defer_until"]?.stringValue.flatMap(LocalDate.init(iso:))
            record(.rescheduled(TaskSnapshot(id: id, title: title, due: previous, deferUntil: deferUntil)))
        case "defer_task":
            let previous = result["previous_defer_until"]?.stringValue.flatMap(LocalDate.init(iso:))
            let due = task?["due"]?.stringValue.flatMap { ISODate.parse($0, in: settings.timeZone) }
            record(.deferred(TaskSnapshot(id: id, title: title, due: due, deferUntil: previous)))
        default:
            break
        }
    }

    /// Shows an `ok:false` result; with candidates, lists them and asks which one (by id).
    /// - Returns: the id picked, or nil.
    func pickCandidate(_ result: JSONValue, tool: String) -> Int? {
        let candidates = result["candidates"]?.arrayValue ?? []
        fail(result["error"]?.stringValue ?? "\(tool) did not run")
        guard !candidates.isEmpty else { return nil }
        for line in renderer.taskList(candidates) { output.line(line) }
        guard let answer = ask("Which one? (id, Enter to skip) "), !answer.isEmpty else { return nil }
        guard case .id(let id) = TaskReference(answer) else {
            notice("Not an id; nothing changed.")
            return nil
        }
        return Int(id)
    }

    /// Shows a successful result the way that suits the tool.
    func show(_ name: String, _ result: JSONValue) {
        let r = renderer
        switch name {
        case "list_tasks":
            for line in r.taskList(result["tasks"]?.arrayValue ?? []) { output.line(line) }
        case "plan_day":
            for line in r.plan(result["plan"] ?? result) { output.line(line) }
        case "capture_task", "create_task":
            let task = result["task"] ?? .null
            output.line(style("✓ Saved", .green) + " " + r.taskLine(task).trimmingCharacters(in: .whitespaces))
        case "complete_task":
            output.line(style("✓ Done:", .green) + " " + (result["task"]?["title"]?.stringValue ?? ""))
            if let next = result["next"], !next.isNull { output.line(style("  Next:", .dim) + r.taskLine(next)) }
        case "reschedule_task":
            let task = result["task"] ?? .null
            let due = r.dueText(task["due"])?.text ?? "no date"
            output.line(style("✓ Moved", .green) + " '\(task["title"]?.stringValue ?? "")' to \(due)")
        case "defer_task":
            let task = result["task"] ?? .null
            let until = task["defer_until"]?.stringValue.flatMap(LocalDate.init(iso:)).map(r.dayText) ?? "now"
            output.line(style("✓ Deferred", .green) + " '\(task["title"]?.stringValue ?? "")' until \(until)")
        case "list_projects":
            let projects = result["projects"]?.arrayValue ?? []
            if projects.isEmpty { notice("No projects yet. Try: new project Kitchen") }
            for p in projects {
                let open = p["open"]?.intValue ?? p["open_count"]?.intValue ?? 0
                let done = p["done"]?.intValue ?? p["done_count"]?.intValue ?? 0
                output.line("  \(p["name"]?.stringValue ?? "?")  " + style("\(open) open · \(done) done", .dim))
            }
        case "create_project":
            output.line(style("✓ Project", .green) + " " + (result["project"]?["name"]?.stringValue ?? ""))
        case "create_page", "append_to_page", "link_page", "create_space":
            let title = result["page"]?["title"]?.stringValue ?? result["space"]?["name"]?.stringValue ?? ""
            let what = ["create_page": "New page", "append_to_page": "Added to", "link_page": "Linked", "create_space": "New space"][name] ?? "Saved"
            output.line(style("✓ " + what, .green) + " " + title)
        case "read_page":
            let page = result["page"] ?? .null
            output.line(style(page["title"]?.stringValue ?? "", .bold))
            output.line(page["body"]?.stringValue ?? "")
        case "list_pages", "search_pages":
            let rows = result["pages"]?.arrayValue ?? result["hits"]?.arrayValue ?? result["results"]?.arrayValue ?? []
            if rows.isEmpty { notice("Nothing found.") }
            for row in rows {
                let title = row["title"]?.stringValue ?? row["page"]?["title"]?.stringValue ?? "?"
                let snippet = row["snippet"]?.stringValue.map { "  " + style($0, .dim) } ?? ""
                output.line("  \(title)\(snippet)")
            }
        default:
            output.line(result.encoded())
        }
    }

    /// "note to Kitchen: buy tiles": appends to the page, or creates it when there is none.
    func runNote(page: String, markdown: String) {
        do {
            let result = try runner.call("append_to_page", ["page": .string(page), "markdown": .string(markdown)])
            if result["ok"]?.boolValue == true {
                output.line(style("✓ Added to", .green) + " " + (result["page"]?["title"]?.stringValue ?? page))
                return
            }
            if let candidates = result["candidates"]?.arrayValue, !candidates.isEmpty {
                fail(result["error"]?.stringValue ?? "several pages match '\(page)'")
                for c in candidates { output.line("  \(c["title"]?.stringValue ?? "?")") }
                return
            }
            runTool("create_page", ["title": .string(page), "body": .string(markdown)])
        } catch {
            fail("\(error)")
        }
    }
}
