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
        let rules = parser.parse(text, now: clock(), timeZone: settings.timeZone, places: placeNames)
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
                let plan = createPlan(reply.toolCalls, userText: text, rules: rules)
                for (index, call) in reply.toolCalls.enumerated() {
                    let (result, wrote) = try perform(call, drafts: plan[index], userText: text, userRules: rules)
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
        let reply = try waitingForModel {
            try conversation.model.complete(
            messages, tools: toolkit.tools, model: conversation.modelName, endpoint: conversation.endpoint,
            onDelta: { delta in
                if !streamed { spinner?.stop() }
                streamed = true
                out.writeUntrusted(delta)
            },
            isCancelled: { InterruptFlag.isRaised })
        }
        spinner?.stop()
        if streamed {
            if !reply.content.hasSuffix("\n") { output.line() }
        } else if !reply.content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            output.line(TerminalText.sanitized(reply.content.trimmingCharacters(in: .whitespacesAndNewlines), as: .block))
        }
        return reply
    }

    /// The drafts each `create_task` call of a reply saves, by the call's position: the one merge
    /// (`RefinementMerger.merge(proposals:)`), so one proposal for a line the rules split saves the
    /// rules' parts, and a split the rules do not share stands only when each title reads as a task.
    private func createPlan(_ calls: [ToolCall], userText: String, rules: ParseResult) -> [Int: [ParseResult]] {
        let creates = calls.enumerated().compactMap { index, call -> (Int, CreateTask)? in
            guard call.name == CreateTask.definition.name, let object = try? JSONValue.parse(call.argumentsText),
                let create = (try? toolkit.prepare(call.name, object)) as? CreateTask
            else { return nil }
            return (index, create)
        }
        let merger = RefinementMerger(parser: parser, now: clock(), timeZone: settings.timeZone, places: placeNames)
        let drafts = merger.merge(proposals: creates.map { ($0.1.draft, $0.1.due) }, userText: userText, rules: rules)
        return Dictionary(uniqueKeysWithValues: zip(creates.map(\.0), drafts))
    }

    /// Validates, merges, reviews and runs one proposed call; a `create_task` saves the `drafts` the
    /// plan gives it (none: not run; several: one call each). - Returns: the tool message content
    /// and whether something was written. - Throws: `ModelTurnFailure` for an unknown tool or
    /// arguments that are not a JSON object (the rules then take over).
    private func perform(_ proposal: ToolCall, drafts: [ParseResult]?, userText: String, userRules: ParseResult) throws -> (JSONValue, Bool) {
        guard toolkit.tools.contains(where: { $0.name == proposal.name }) else {
            throw ModelTurnFailure(reason: "it proposed an unknown tool '\(proposal.name)'")
        }
        let text = proposal.argumentsText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let object = try? JSONValue.parse(text.isEmpty ? "{}" : text), object.objectValue != nil else {
            throw ModelTurnFailure(reason: "its arguments for \(proposal.name) were not JSON")
        }
        var call: any Tool
        var arguments = object
        do {
            call = try toolkit.prepare(proposal.name, object)
        } catch {
            fail("\(error)")
            return (["ok": false, "error": .string("\(error)")], false)
        }
        if let create = call as? CreateTask {
            // The one merge (RefinementMerger, `createPlan`): the drafts to save, the model's own fields kept.
            let drafts = drafts ?? RefinementMerger(parser: parser, now: clock(), timeZone: settings.timeZone, places: placeNames)
                .merge(proposals: [(create.draft, create.due)], userText: userText, rules: userRules)[0]
            guard !drafts.isEmpty else {
                notice("  Not run: the rules read the line as one task.")
                return (["ok": false, "error": "not run: the line is one task, saved by the first create_task"], false)
            }
            var results: [JSONValue] = []
            var wrote = false
            for draft in drafts {
                var one = create
                one.draft = draft.draft
                if one.draft.deferUntil != nil { one.deferUntil = nil }
                one.due = nil
                let (result, written) = review(one, arguments: one.arguments(toolkit.format))
                results.append(result)
                wrote = wrote || written
            }
            return (results.count == 1 ? results[0] : .array(results), wrote)
        } else if var capture = call as? CaptureTask {
            capture.text = RefinementMerger.captureText(capture.text, userText: userText)
            (call, arguments) = (capture, capture.arguments)
        }
        return review(call, arguments: arguments)
    }

    /// Asks about one proposed call as the policy says, then runs it. - Returns: the tool message
    /// content and whether something was written.
    private func review(_ call: any Tool, arguments: JSONValue) -> (JSONValue, Bool) {
        switch reviewer.reviewModelCall(call, arguments: arguments, in: self) {
        case .run(let approved):
            return (runProposed(approved, arguments: arguments), !approved.definition.readOnly)
        case .declined:
            notice("  Not run.")
            return (["ok": false, "error": "the user declined this call"], false)
        case .noTerminal(let words):
            notice("✗ Not run (no terminal to confirm): \(words)")
            return (["ok": false, "error": "denied: writes need the user's confirmation and there is no terminal to ask"], false)
        case .refused(let refusal):
            return (refusal.json(toolkit.format), false)
        }
    }

    /// Runs a proposed call: reads are shown as one dim line, writes like the user's own commands.
    private func runProposed(_ call: any Tool, arguments: JSONValue) -> JSONValue {
        if call.definition.readOnly {
            notice("· \(call.definition.name) \(arguments.encoded())")
            return runTool(call, quiet: true)
        }
        return runTool(call)
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
        func count(_ filter: TaskQuery.Filter) -> Int? {
            (try? toolkit.run(ListTasks(TaskQuery(filter: filter, limit: 1000))))?.output?.tasks.count
        }
        let projects = (try? toolkit.run(ListProjects()))?.output?.projects.map(\.project.name) ?? []
        let open = count(.open).map { $0 >= 1000 ? "1000+" : "\($0)" } ?? "?"
        return "\(open) open, \(count(.today) ?? 0) due today, \(count(.overdue) ?? 0) overdue; projects: "
            + (projects.isEmpty ? "none" : projects.prefix(20).joined(separator: ", "))
    }
}
