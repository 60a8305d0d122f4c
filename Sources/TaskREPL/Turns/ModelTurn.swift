import Foundation
import TaskCore
import TaskLLM
import TaskNL
import TaskToolkit

/// One chat turn with the model: the message, the rules' parse, the date and zone, a state summary
/// and the tool schemas. Reads run at once; writes run after confirmation. Any failure falls back to
/// the rules (the text is captured with confirmation), so nothing typed is lost.
struct ModelTurn {
    let console: ChatConsole
    let tools: ChatTools
    /// Where the line goes when the model fails or only talks (the rules' capture).
    let handoff: ChatHandoff
    /// Whether each proposed call runs.
    let reviewer: ProposalReviewer
    let reading: ChatReading
    let conversation: ModelConversation
    let wait: ModelWait
    /// Which proposed calls ask before running (`/confirm`).
    let confirm: ConfirmPolicy
    /// The line typed, and the rules' reading of it.
    let text: String
    let rules: ParseResult
    /// The turn's messages so far (the user's, the model's replies, the tools' results).
    private(set) var messages: [ChatMessage] = []
    /// Whether a call of this turn changed something.
    private(set) var wroteSomething = false

    /// Why a model turn stopped short; the rules take over with a one-line notice.
    struct Failure: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }

    init(
        console: ChatConsole, tools: ChatTools, handoff: ChatHandoff, reviewer: ProposalReviewer, reading: ChatReading,
        conversation: ModelConversation, wait: ModelWait, confirm: ConfirmPolicy, text: String
    ) {
        self.console = console
        self.tools = tools
        self.handoff = handoff
        self.reviewer = reviewer
        self.reading = reading
        self.conversation = conversation
        self.wait = wait
        self.confirm = confirm
        self.text = text
        self.rules = reading.parse(text, places: tools.placeNames)
        self.messages = [ChatMessage(role: .user, content: userMessage())]
    }

    /// Asks, runs the proposed calls, and asks again until the model only talks (or the rounds run out).
    mutating func run() {
        do {
            for _ in 0..<conversation.maxRounds {
                let reply = try ask()
                messages.append(ChatMessage(role: .assistant, content: reply.content, toolCalls: reply.toolCalls))
                if reply.toolCalls.isEmpty {
                    conversation.remember(messages)
                    // The model only talked ("Sure, added it!") about a line that reads as a task:
                    // nothing was stored, so offer the rules' capture rather than lose it.
                    if !wroteSomething && !rules.understood.isEmpty && !Self.isQuestion(text) {
                        console.notice("(nothing was saved by the model)")
                        handoff.capture(text)
                    }
                    return
                }
                let plan = createPlan(reply.toolCalls)
                for (index, call) in reply.toolCalls.enumerated() {
                    let (result, wrote) = try perform(call, drafts: plan[index])
                    wroteSomething = wroteSomething || wrote
                    messages.append(ChatMessage(role: .tool, content: result.encoded(), toolCallID: call.id))
                }
            }
            conversation.remember(messages)
            console.notice("(stopped after \(conversation.maxRounds) tool rounds)")
        } catch is ModelWait.Cancelled {
            console.notice("Cancelled." + (wroteSomething ? "" : " Nothing was saved."))
        } catch {
            if wroteSomething {
                console.notice("The model stopped (\(error)); what already ran is kept. /offline for rules only.")
                return
            }
            console.notice("Model unavailable (\(error)) — using the rules instead; /offline to stay offline.")
            handoff.capture(text)
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

    /// Whether a line the rules did not recognise is a request about the task list or a question
    /// (free-form tool calling: "move everything from today to tomorrow", "what did I finish this
    /// week?") rather than a dictation of tasks (the structured refine request).
    static func isRequest(_ text: String) -> Bool {
        if isQuestion(text) { return true }
        let words = text.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "'") }).map(String.init)
        var start = 0
        while start < words.count, ["please", "hey", "ok", "okay", "so", "now"].contains(words[start]) { start += 1 }
        let first = start < words.count ? words[start] : ""
        let requestVerbs: Set<String> = ["summarize", "summarise", "organize", "organise", "prioritize", "prioritise", "explain",
                                         "help", "suggest", "recommend", "group", "sort", "review"]
        if requestVerbs.contains(first), words.count > start + 1, ["my", "all", "everything", "the", "these", "them", "me"].contains(words[start + 1]) {
            return true
        }
        // Words that point at the task list rather than at a new task.
        let list: Set<String> = ["everything", "tasks", "todos", "to-dos", "todo", "backlog", "inbox"]
        if words.contains(where: list.contains) { return true }
        for (a, b) in zip(words, words.dropFirst()) where a == "all" && ["my", "the", "of", "tasks", "today's", "overdue"].contains(b) {
            return true
        }
        return false
    }

    /// One request, streaming the answer to the output; a spinner until the first words arrive.
    /// - Throws: `ModelWait.Cancelled` on Ctrl-C, or the model's error.
    private func ask() throws -> ChatResponse {
        let all = [ChatMessage(role: .system, content: conversation.systemPrompt)] + conversation.history + messages
        var streamed = false
        let out = console
        let (model, tools, name, endpoint) = (conversation.model, tools.toolkit.tools, conversation.modelName, conversation.endpoint)
        let outcome = wait.run("thinking…") { firstWords in
            try model.complete(all, tools: tools, model: name, endpoint: endpoint, onDelta: { delta in
                if !streamed { firstWords() }
                streamed = true
                out.writeUntrusted(delta)
            }, isCancelled: ModelWait.isCancelled)
        }
        guard case .finished(let result) = outcome else { throw ModelWait.Cancelled() }
        let reply = try result.get()
        if streamed {
            if !reply.content.hasSuffix("\n") { out.line() }
        } else if !reply.content.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            out.line(TerminalText.sanitized(reply.content.trimmingCharacters(in: .whitespacesAndNewlines), as: .block))
        }
        return reply
    }

    /// The one merge of the chat's readings (`RefinementMerger`), at this moment.
    private var merger: RefinementMerger { reading.merger(places: tools.placeNames) }

    /// The drafts each `create_task` call of a reply saves, by the call's position: the one merge
    /// (`RefinementMerger.merge(proposals:)`), so one proposal for a line the rules split saves the
    /// rules' parts, and a split the rules do not share stands only when each title reads as a task.
    private func createPlan(_ calls: [ToolCall]) -> [Int: [ParseResult]] {
        let toolkit = tools.toolkit
        let creates = calls.enumerated().compactMap { index, call -> (Int, CreateTask)? in
            guard call.name == CreateTask.definition.name, let object = try? JSONValue.parse(call.argumentsText),
                let create = (try? toolkit.prepare(call.name, object)) as? CreateTask
            else { return nil }
            return (index, create)
        }
        let drafts = merger.merge(proposals: creates.map { ($0.1.draft, $0.1.due) }, userText: text, rules: rules)
        return Dictionary(uniqueKeysWithValues: zip(creates.map(\.0), drafts))
    }

    /// Validates, merges, reviews and runs one proposed call; a `create_task` saves the `drafts` the
    /// plan gives it (none: not run; several: one call each). - Returns: the tool message content
    /// and whether something was written. - Throws: `Failure` for an unknown tool or arguments that
    /// are not a JSON object (the rules then take over).
    private func perform(_ proposal: ToolCall, drafts: [ParseResult]?) throws -> (JSONValue, Bool) {
        let toolkit = tools.toolkit
        guard toolkit.tools.contains(where: { $0.name == proposal.name }) else {
            throw Failure(reason: "it proposed an unknown tool '\(proposal.name)'")
        }
        let argumentsText = proposal.argumentsText.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let object = try? JSONValue.parse(argumentsText.isEmpty ? "{}" : argumentsText), object.objectValue != nil else {
            throw Failure(reason: "its arguments for \(proposal.name) were not JSON")
        }
        var call: any Tool
        var arguments = object
        do {
            call = try toolkit.prepare(proposal.name, object)
        } catch {
            console.fail("\(error)")
            return (["ok": false, "error": .string("\(error)")], false)
        }
        if let create = call as? CreateTask {
            // The one merge (RefinementMerger, `createPlan`): the drafts to save, the model's own fields kept.
            let drafts = drafts ?? merger.merge(proposals: [(create.draft, create.due)], userText: text, rules: rules)[0]
            guard !drafts.isEmpty else {
                console.notice("  Not run: the rules read the line as one task.")
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
            capture.text = RefinementMerger.captureText(capture.text, userText: text)
            (call, arguments) = (capture, capture.arguments)
        }
        return review(call, arguments: arguments)
    }

    /// Asks about one proposed call as the policy says, then runs it. - Returns: the tool message
    /// content and whether something was written.
    private func review(_ call: any Tool, arguments: JSONValue) -> (JSONValue, Bool) {
        switch reviewer.reviewModelCall(call, arguments: arguments, confirm: confirm) {
        case .run(let approved):
            return (runProposed(approved, arguments: arguments), !approved.definition.readOnly)
        case .declined:
            console.notice("  Not run.")
            return (["ok": false, "error": "the user declined this call"], false)
        case .noTerminal(let words):
            console.notice("✗ Not run (no terminal to confirm): \(words)")
            return (["ok": false, "error": "denied: writes need the user's confirmation and there is no terminal to ask"], false)
        case .refused(let refusal):
            return (refusal.json(tools.toolkit.format), false)
        }
    }

    /// Runs a proposed call: reads are shown as one dim line, writes like the user's own commands.
    private func runProposed(_ call: any Tool, arguments: JSONValue) -> JSONValue {
        if call.definition.readOnly {
            console.notice("· \(call.definition.name) \(arguments.encoded())")
            return tools.runTool(call, quiet: true)
        }
        return tools.runTool(call)
    }

    /// The user message sent to the model: the text, the rules' parse, the clock and a state summary.
    func userMessage() -> String {
        let now = reading.now
        let zone = reading.timeZone
        var draft: [String: JSONValue] = ["title": .string(rules.draft.title), "priority": .string(rules.draft.priority.rawValue)]
        if let due = rules.draft.due { draft["due"] = .string(ISODate.format(due, in: zone)) }
        if let m = rules.draft.estimateMinutes { draft["estimate_minutes"] = .int(m) }
        if let e = rules.draft.energy { draft["energy"] = .string(e.rawValue) }
        if !rules.draft.contexts.isEmpty { draft["contexts"] = .array(rules.draft.contexts.map(JSONValue.string)) }
        if let k = rules.draft.kind { draft["kind"] = .string(k.rawValue) }
        let chips = rules.understood.map(\.text).joined(separator: ", ")
        let weekday = console.renderer.dayText(LocalDate(now, in: zone))
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
        let toolkit = tools.toolkit
        func count(_ filter: TaskQuery.Filter) -> Int? {
            (try? toolkit.run(ListTasks(TaskQuery(filter: filter, limit: 1000))))?.output?.tasks.count
        }
        let projects = (try? toolkit.run(ListProjects(paging: .all("j"))))?.output?.projects.map(\.project.name) ?? []
        let open = count(.open).map { $0 >= 1000 ? "1000+" : "\($0)" } ?? "?"
        return "\(open) open, \(count(.today) ?? 0) due today, \(count(.overdue) ?? 0) overdue; projects: "
            + (projects.isEmpty ? "none" : projects.prefix(20).joined(separator: ", "))
    }
}
