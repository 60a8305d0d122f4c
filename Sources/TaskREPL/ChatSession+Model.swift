import Foundation
import TaskCore
import TaskLLM
import TaskNL
import TaskToolkit

/// Why a model turn stopped short; the rules take over with a one-line notice.
struct ModelTurnFailure: Error, CustomStringConvertible {
    let reason: String
    var description: String { reason }
}

extension ChatSession {
    /// One chat turn with the model: the message, the rules' parse, the date and zone, a state
    /// summary and the tool schemas. Reads run at once; writes run after confirmation. Any failure
    /// falls back to the rules (the text is captured with confirmation), so nothing typed is lost.
    func modelTurn(_ text: String) {
        guard let conversation = model else { return capture(text) }
        let rules = parser.parse(text, now: clock(), timeZone: settings.timeZone)
        var messages = [ChatMessage(role: .user, content: userMessage(text, rules: rules))]
        var wroteSomething = false
        InterruptFlag.reset()
        do {
            for _ in 0..<conversation.maxRounds {
                let reply = try ask(conversation, messages)
                messages.append(ChatMessage(role: .assistant, content: reply.content, toolCalls: reply.toolCalls))
                if reply.toolCalls.isEmpty {
                    conversation.remember(messages)
                    // The model only talked ("Sure, added it!") about a line that reads as a task:
                    // nothing was stored, so offer the rules' capture rather than lose it.
                    if !wroteSomething && !rules.understood.isEmpty && !Self.isQuestion(text) {
                        notice("(nothing was saved by the model)")
                        capture(text)
                    }
                    return
                }
                let creates = reply.toolCalls.filter { $0.name == "create_task" || $0.name == "capture_task" }.count
                for call in reply.toolCalls {
                    let (result, wrote) = try perform(call, rules: creates == 1 ? rules : nil, userText: text, userRules: rules)
                    wroteSomething = wroteSomething || wrote
                    messages.append(ChatMessage(role: .tool, content: result.encoded(), toolCallID: call.id))
                }
            }
            conversation.remember(messages)
            notice("(stopped after \(conversation.maxRounds) tool rounds)")
        } catch {
            let cancelled = InterruptFlag.isRaised
            InterruptFlag.reset()
            if cancelled {
                notice("Cancelled." + (wroteSomething ? "" : " Nothing was saved."))
                return
            }
            if wroteSomething {
                notice("The model stopped (\(error)); what already ran is kept. /offline for rules only.")
                return
            }
            notice("Model unavailable (\(error)) — using the rules instead; /offline to stay offline.")
            capture(text)
        }
    }

    /// Whether a line asks something rather than states a task.
    static func isQuestion(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if trimmed.hasSuffix("?") { return true }
        let first = trimmed.split(separator: " ").first.map(String.init) ?? ""
        let openers: Set<String> = ["what", "what's", "whats", "which", "how", "when", "why", "who", "where", "do", "does", "did",
                                    "is", "are", "can", "could", "should", "will", "would", "show", "list", "tell"]
        return openers.contains(first)
    }

    /// One request, streaming the answer to the output; a spinner until the first words arrive.
    private func ask(_ conversation: ModelConversation, _ turn: [ChatMessage]) throws -> ChatResponse {
        let messages = [ChatMessage(role: .system, content: conversation.systemPrompt)] + conversation.history + turn
        let spinner = settings.showSpinner ? Spinner(output: output) : nil
        spinner?.start("thinking…")
        var streamed = false
        let out = output
        defer { spinner?.stop() }
        let reply = try conversation.model.complete(
            messages, tools: runner.tools, model: conversation.modelName, endpoint: conversation.endpoint,
            onDelta: { delta in
                if !streamed { spinner?.stop() }
                streamed = true
                out.write(delta)
            },
            isCancelled: { InterruptFlag.isRaised })
        spinner?.stop()
        if streamed {
            if !reply.content.hasSuffix("\n") { output.line() }
        } else if !reply.content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            output.line(reply.content.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return reply
    }

    /// Validates, confirms and runs one proposed call. - Returns: the tool message content and
    /// whether something was written. - Throws: `ModelTurnFailure` for an unknown tool or arguments
    /// that are not a JSON object (the rules then take over).
    private func perform(_ call: ToolCall, rules: ParseResult?, userText: String, userRules: ParseResult) throws -> (JSONValue, Bool) {
        guard let tool = runner.tools.first(where: { $0.name == call.name }) else {
            throw ModelTurnFailure(reason: "it proposed an unknown tool '\(call.name)'")
        }
        let text = call.argumentsText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard var arguments = (try? JSONValue.parse(text.isEmpty ? "{}" : text))?.objectValue else {
            throw ModelTurnFailure(reason: "its arguments for \(call.name) were not JSON")
        }
        if call.name == "create_task" {
            let parse = rules ?? parser.parse(arguments["title"]?.stringValue ?? "", now: clock(), timeZone: settings.timeZone)
            arguments = ProposalMerger(timeZone: settings.timeZone).merge(arguments, rules: parse, userText: userText, userRules: userRules)
        } else if call.name == "capture_task" {
            arguments = ProposalMerger(timeZone: settings.timeZone).mergeCapture(arguments, userText: userText)
        }
        let needsConfirmation = settings.confirm == .all || (!tool.readOnly && settings.confirm == .writes)
        if !needsConfirmation || alwaysAllowed.contains(tool.name) {
            return (runProposed(tool, .object(arguments)), !tool.readOnly)
        }
        guard reader.isInteractive else {
            notice("✗ Not run (no terminal to confirm): \(describe(tool.name, arguments))")
            return (["ok": false, "error": "denied: writes need the user's confirmation and there is no terminal to ask"], false)
        }
        while true {
            let question = describe(tool.name, arguments) + " — run? [y/N/a/e] "
            let answer = ask(question)?.lowercased() ?? "n"
            switch answer {
            case "y", "yes":
                return (runProposed(tool, .object(arguments)), !tool.readOnly)
            case "a", "always":
                alwaysAllowed.insert(tool.name)
                return (runProposed(tool, .object(arguments)), !tool.readOnly)
            case "e", "edit":
                guard let edited = ask("args> ", initial: JSONValue.object(arguments).encoded()) else { continue }
                guard let object = (try? JSONValue.parse(edited))?.objectValue else {
                    fail(REPLError.invalidEditedArguments("could not parse it").description)
                    continue
                }
                arguments = object
            default:
                notice("  Not run.")
                return (["ok": false, "error": "the user declined this call"], false)
            }
        }
    }

    /// Runs a proposed call: reads are shown as one dim line, writes like the user's own commands.
    private func runProposed(_ tool: ToolDefinition, _ arguments: JSONValue) -> JSONValue {
        if tool.readOnly {
            notice("· \(tool.name) \(arguments.encoded())")
            do { return try runner.call(tool.name, arguments) } catch { return ["ok": false, "error": .string("\(error)")] }
        }
        return runTool(tool.name, arguments)
    }
}

extension ChatSession {
    /// The user message sent to the model: the text, the rules' parse, the clock and a state summary.
    func userMessage(_ text: String, rules: ParseResult) -> String {
        let now = clock()
        let zone = settings.timeZone
        var draft: [String: JSONValue] = ["title": .string(rules.draft.title), "priority": .string(rules.draft.priority.rawValue)]
        if let due = rules.draft.due { draft["due"] = .string(ISODate.format(due, in: zone)) }
        if let m = rules.draft.estimateMinutes { draft["estimate_minutes"] = .int(m) }
        if let e = rules.draft.energy { draft["energy"] = .string(e.rawValue) }
        if !rules.draft.contexts.isEmpty { draft["contexts"] = .array(rules.draft.contexts.map(JSONValue.string)) }
        if let k = rules.draft.kind { draft["kind"] = .string(k.rawValue) }
        let chips = rules.understood.map(\.text).joined(separator: ", ")
        let weekday = renderer.dayText(LocalDate(now, in: zone))
        return """
            \(text)

            [context for the assistant]
            now: \(ISODate.format(now, in: zone)) (\(weekday), time zone \(zone.identifier))
            rules' parse of the message: \(JSONValue.object(draft).encoded())\(chips.isEmpty ? "" : " understood: \(chips)")
            state: \(stateSummary())
            """
    }

    /// "12 open, 3 due today, 1 overdue; projects: Kitchen, Taxes" — through the tools, like any door.
    func stateSummary() -> String {
        func count(_ filter: String) -> Int? {
            (try? runner.call("list_tasks", ["filter": .string(filter), "limit": 1000]))?["tasks"]?.arrayValue?.count
        }
        let projects = ((try? runner.call("list_projects", [:]))?["projects"]?.arrayValue ?? []).compactMap { $0["name"]?.stringValue }
        let open = count("open").map { $0 >= 1000 ? "1000+" : "\($0)" } ?? "?"
        return "\(open) open, \(count("today") ?? 0) due today, \(count("overdue") ?? 0) overdue; projects: "
            + (projects.isEmpty ? "none" : projects.prefix(20).joined(separator: ", "))
    }

    /// A proposed write in plain words: "Create 'Call mom', due Thu 3 Dec 5:00 PM, high".
    func describe(_ name: String, _ args: [String: JSONValue]) -> String {
        let r = renderer
        func date(_ key: String) -> String? {
            guard let text = args[key]?.stringValue else { return nil }
            if let d = ISODate.parse(text, in: settings.timeZone) { return r.absolute(d) }
            if let d = parser.parseDate(text, now: clock(), timeZone: settings.timeZone) { return r.absolute(d) }
            return text
        }
        let target = args["title"]?.stringValue.map { "'\($0)'" } ?? args["id"]?.intValue.map { "#\($0)" } ?? "?"
        switch name {
        case "create_task":
            var parts = ["Create '\(args["title"]?.stringValue ?? "")'"]
            if let due = date("due") { parts.append("due \(due)") }
            if let p = args["priority"]?.stringValue, p != "normal" { parts.append(p) }
            if let m = args["estimate_minutes"]?.intValue { parts.append("≈\(TaskRenderer.duration(m))") }
            let contexts = (args["contexts"]?.arrayValue ?? []).compactMap(\.stringValue)
            if !contexts.isEmpty { parts.append(contexts.map { "#" + $0 }.joined(separator: " ")) }
            if let project = args["project"]?.stringValue { parts.append("in \(project)") }
            return parts.joined(separator: ", ")
        case "capture_task": return "Capture '\(args["text"]?.stringValue ?? "")'"
        case "complete_task": return "Complete \(target)"
        case "reschedule_task": return "Move \(target) to \(date("due") ?? "no date")"
        case "defer_task": return "Defer \(target) until \(date("until") ?? "?")"
        case "create_project": return "Create project '\(args["name"]?.stringValue ?? "")'"
        case "create_space": return "Create space '\(args["name"]?.stringValue ?? "")'"
        case "create_page": return "Create page '\(args["title"]?.stringValue ?? "")'"
        case "append_to_page": return "Add to page '\(args["page"]?.stringValue ?? "")': \(args["markdown"]?.stringValue ?? "")"
        case "link_page": return "Link page '\(args["page"]?.stringValue ?? "")'"
        default: return "\(name) \(JSONValue.object(args).encoded())"
        }
    }
}
