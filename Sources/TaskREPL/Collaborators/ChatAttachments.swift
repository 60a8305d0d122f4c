import Foundation
import TaskCore
import TaskToolkit

/// Attachments in the chat: `/attach FILE [to TASK | to page PAGE]` (without a target: the task
/// this session last saved or changed), `/attachments [TASK | page PAGE]`, `/open ID [PATH]` and
/// `/detach ID`. Each runs its tool, so /undo takes an attach or a detach back.
struct ChatAttachments {
    let console: ChatConsole
    let tools: ChatTools

    func attach(_ argument: String) throws {
        guard !argument.isEmpty else {
            throw REPLError.usage("/attach needs a file: /attach ~/scan.pdf to dentist, or /attach ~/plan.pdf to page Kitchen")
        }
        let (path, targetText) = Self.split(argument)
        guard !path.isEmpty else { throw REPLError.usage("/attach needs a file before 'to': /attach ~/scan.pdf to dentist") }
        let target: AttachmentTarget
        if let targetText {
            target = Self.target(targetText)
        } else if let recent = tools.recentTask {
            target = .task(.id(recent.rawValue))
        } else {
            guard let answer = console.ask("Attach to which task? (id or title, Enter to skip) "), !answer.isEmpty else {
                console.notice("Nothing attached: say which task, e.g. /attach \(path) to dentist")
                return
            }
            target = Self.target(answer)
        }
        tools.runTool(AttachFile(path: path, target: target))
    }

    func list(_ argument: String) {
        tools.runTool(ListAttachments(target: argument.isEmpty ? nil : Self.target(argument), paging: .all("a")))
    }

    func open(_ argument: String) throws {
        let words = argument.split(separator: " ", maxSplits: 1).map(String.init)
        guard let first = words.first, let id = Int64(first.hasPrefix("#") ? String(first.dropFirst()) : first) else {
            throw REPLError.usage("/open needs an attachment id (/attachments lists them): /open 3, or /open 3 ~/Desktop/scan.pdf")
        }
        tools.runTool(OpenAttachment(id: AttachmentID(id), path: words.count > 1 ? Self.unquoted(words[1]) : nil))
    }

    func detach(_ argument: String) throws {
        let word = argument.hasPrefix("#") ? String(argument.dropFirst()) : argument
        guard let id = Int64(word) else { throw REPLError.usage("/detach needs an attachment id (/attachments lists them): /detach 3") }
        tools.runTool(Detach(id: AttachmentID(id)))
    }

    /// The file and, after the last " to " that leaves an existing file before it, the target:
    /// "~/My Files/notes to self.txt to dentist" finds the file whose name has " to " in it.
    /// A quoted file name is taken as it is.
    static func split(_ argument: String) -> (path: String, target: String?) {
        if let quote = argument.first, quote == "'" || quote == "\"", let end = argument.dropFirst().firstIndex(of: quote) {
            let path = String(argument[argument.index(after: argument.startIndex)..<end])
            var rest = argument[argument.index(after: end)...].trimmingCharacters(in: .whitespaces)
            if rest.lowercased().hasPrefix("to ") { rest = String(rest.dropFirst(3)).trimmingCharacters(in: .whitespaces) }
            return (path, rest.isEmpty ? nil : rest)
        }
        let separators = argument.ranges(of: " to ")
        for range in separators.reversed() {
            let path = String(argument[..<range.lowerBound])
            if FileManager.default.fileExists(atPath: TaskToolkit.expandHome(path)) {
                return (path, String(argument[range.upperBound...]).trimmingCharacters(in: .whitespaces))
            }
        }
        if FileManager.default.fileExists(atPath: TaskToolkit.expandHome(argument)) || separators.isEmpty { return (argument, nil) }
        let last = separators[separators.count - 1]
        return (String(argument[..<last.lowerBound]), String(argument[last.upperBound...]).trimmingCharacters(in: .whitespaces))
    }

    /// "page Kitchen" or "page 4" names a page; "#12", "12" or a title names a task.
    static func target(_ text: String) -> AttachmentTarget {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased().hasPrefix("page ") {
            let name = String(trimmed.dropFirst(5)).trimmingCharacters(in: .whitespaces)
            if let id = Int64(name.hasPrefix("#") ? String(name.dropFirst()) : name) { return .page(.id(id)) }
            return .page(.title(name))
        }
        let word = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        if let id = Int64(word) { return .task(.id(id)) }
        return .task(TaskReference(trimmed))
    }

    static func unquoted(_ text: String) -> String {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.count >= 2, let q = t.first, q == "'" || q == "\"", t.last == q { return String(t.dropFirst().dropLast()) }
        return t
    }
}
