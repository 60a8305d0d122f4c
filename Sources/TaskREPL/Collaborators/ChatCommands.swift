import Foundation
import TaskCore
import TaskLLM
import TaskToolkit

/// The chat's slash commands: the table (it drives /help, Tab completion and validation) and the
/// commands that are more than a line, each run against the session it was typed in.
struct ChatCommands {
    let session: ChatSession

    /// The REPL's commands, in /help order.
    static let all: [SlashCommand] = [
        SlashCommand("help", "", "this list, with examples of what you can type", aliases: ["?", "h"]) { s, _ in ChatCommands(session: s).help() },
        SlashCommand("tools", "[name]", "the tool catalogue, or one tool's arguments") { s, arg in ChatCommands(session: s).tools(arg) },
        SlashCommand("list", "[filter|#context|project]", "tasks: open, today, tomorrow, week, overdue, available, waiting, all",
                     choices: TaskQuery.Filter.allCases.map(\.rawValue), aliases: ["ls"]) { s, arg in ChatCommands(session: s).list(arg) },
        SlashCommand("plan", "[minutes] [energy] | rules | model", "plan the day within a budget (default 4 h); rules/model choose the planner",
                     choices: ["quick", "focused", "deep", "rules", "model"]) { s, arg in try ChatCommands(session: s).plan(arg) },
        SlashCommand("done", "ID|TITLE", "complete a task") { s, arg in
            guard !arg.isEmpty else { throw REPLError.usage("/done needs a task: /done 12 or /done call mom") }
            s.runTool(CompleteTask(target: TaskReference(arg)))
        },
        SlashCommand("undo", "", "take back the last change of this session") { s, _ in ChatCommands(session: s).undo() },
        SlashCommand("attach", "FILE [to TASK|to page PAGE]", "attach a copy of a file (alone: to the task you just saved or changed)") { s, arg in
            try ChatAttachments(session: s).attach(arg)
        },
        SlashCommand("attachments", "[TASK|page PAGE]", "the files attached to a task or a page, or all of them") { s, arg in
            ChatAttachments(session: s).list(arg)
        },
        SlashCommand("open", "ID [PATH]", "where an attachment is stored, or a copy written to PATH") { s, arg in try ChatAttachments(session: s).open(arg) },
        SlashCommand("detach", "ID", "remove an attachment from its task or page") { s, arg in try ChatAttachments(session: s).detach(arg) },
        SlashCommand("key", "[set]", "whether a model key is set; /key set stores one (typed hidden)",
                     choices: ["set", "status"]) { s, arg in try ChatCommands(session: s).key(arg) },
        SlashCommand("model", "[name]", "the model, its endpoint and structured-output form, or switch model for this session") { s, arg in
            if !arg.isEmpty { s.settings.model = arg; s.model?.modelName = arg }
            ChatCommands(session: s).showModel()
        },
        SlashCommand("endpoint", "[preset|url]", "the server: openai, ollama, llamacpp, lmstudio, vllm, openrouter or a URL",
                     choices: ["openai", "ollama", "llamacpp", "lmstudio", "vllm", "openrouter"]) { s, arg in
            if !arg.isEmpty {
                s.settings.endpoint = arg
                s.model?.endpoint = arg
            }
            s.output.line("endpoint: " + TerminalText.sanitized(s.settings.endpoint ?? "(none)"))
        },
        SlashCommand("offline", "", "toggle rules only (no model) for this session") { s, _ in
            guard s.model != nil else {
                s.output.line("Rules only: no model is configured. Set a key with /key set, or base_url in config.json.")
                return
            }
            s.settings.offline.toggle()
            s.output.line(s.settings.offline ? "Offline: rules only." : "Online: model \(TerminalText.sanitized(s.settings.model ?? "")) is back.")
        },
        SlashCommand("confirm", "writes|all|never", "which proposed calls ask before running",
                     choices: ConfirmPolicy.allCases.map(\.rawValue)) { s, arg in
            if !arg.isEmpty {
                guard let policy = ConfirmPolicy(rawValue: arg.lowercased()) else {
                    throw REPLError.usage("/confirm takes writes, all or never")
                }
                s.settings.confirm = policy
            }
            s.output.line("confirm: \(s.settings.confirm.rawValue)")
        },
        SlashCommand("approvals", "[approve|reject ID]", "calls agents asked for: list them, approve or reject one",
                     choices: ["approve", "reject"]) { s, arg in try s.approvals.command(arg, in: s) },
        SlashCommand("agent", "undo NAME since T [dry-run]", "take back what an agent changed since T, keeping what others changed since",
                     choices: ["undo"]) { s, arg in try ChatAgentUndo.command(arg, in: s) },
        SlashCommand("history", "", "the lines you typed (saved across sessions)") { s, _ in
            let lines = s.reader.history().suffix(20)
            if lines.isEmpty { s.notice("No history yet.") }
            for line in lines { s.output.line("  " + TerminalText.sanitized(line)) }
        },
        SlashCommand("sync", "", "sync with the CalDAV server in config.json now") { s, _ in
            guard let sync = s.syncNow else {
                s.notice("Sync is not configured: add \"sync\": {\"url\": …} to config.json (see `tasker sync --help`).")
                return
            }
            for line in sync() { s.notice(line) }
        },
        SlashCommand("clear", "", "clear the screen and forget the model conversation") { s, _ in
            s.model?.reset()
            if s.reader.isInteractive { s.output.write("\u{1B}[H\u{1B}[2J") }
        },
        SlashCommand("quit", "", "leave (Ctrl-D does too)", aliases: ["exit", "q"]) { s, _ in s.finished = true },
    ]

    /// `/model`: the model, the endpoint, and which structured-output form the endpoint accepted for
    /// dictations (known after the first one).
    func showModel() {
        session.output.line("model: " + TerminalText.sanitized(session.settings.model ?? "(none)") + (session.modelMode ? "" : session.style("  (rules only now)", .dim)))
        guard let conversation = session.model else { return }
        session.output.line("endpoint: " + TerminalText.sanitized(conversation.endpoint.map(OpenAIChatModel.baseURL(for:)) ?? session.settings.endpoint ?? "(default)"))
        if let refiner = conversation.refiner {
            let form = refiner.acceptedForm(model: conversation.modelName, endpoint: conversation.endpoint)
            session.output.line("structured output: " + (form?.summary ?? "not known yet (found on the first dictation)"))
        }
    }

    func help() {
        let width = Self.all.map(\.usage.count).max() ?? 0
        session.output.line(session.style("Type a task to capture it, or ask:", .bold))
        for example in ["call mom tomorrow 5pm #family !high", "plan my day, 3 hours, focused", "what's due today",
                        "done call mom", "move dentist to friday 3pm", "defer taxes to monday", "new project Kitchen",
                        "note to Kitchen: buy tiles", "rename call mom to call mum", "make taxes high priority",
                        "add #errands to buy milk", "move learn italian to someday", "delete call mom",
                        "weekly review", "my streaks", "trip packing template for friday"] {
            session.output.line("  " + session.style(example, .cyan))
        }
        session.output.line(session.style("Commands:", .bold))
        for c in Self.all {
            let aliases = c.aliases.isEmpty ? "" : " (also " + c.aliases.map { "/" + $0 }.joined(separator: ", ") + ")"
            session.output.line("  " + c.usage + String(repeating: " ", count: width - c.usage.count + 2) + session.style(c.summary + aliases, .dim))
        }
        session.output.line(session.style("Tab completes; ↑ recalls history; Ctrl-C cancels; Ctrl-D quits.", .dim))
    }

    func tools(_ name: String) {
        if !name.isEmpty {
            guard let tool = session.toolkit.tools.first(where: { $0.name == name }) else {
                session.fail("no tool '\(name)'; /tools lists them")
                return
            }
            session.output.line(session.style(tool.name, .bold) + "  " + tool.description)
            session.output.line(tool.inputSchema.prettyEncoded())
            return
        }
        if session.toolkit.tools.isEmpty { session.notice("No tools available.") }
        let width = session.toolkit.tools.map(\.name.count).max() ?? 0
        for tool in session.toolkit.tools {
            let mark = tool.readOnly ? session.style(" (reads only)", .dim) : ""
            session.output.line("  " + tool.name + String(repeating: " ", count: width - tool.name.count + 2) + tool.title + mark)
        }
    }

    func list(_ argument: String) {
        var query = TaskQuery(filter: .open)
        let word = argument.lowercased()
        if word.isEmpty {
        } else if let filter = TaskQuery.Filter(rawValue: word) {
            query.filter = filter
        } else if word.hasPrefix("#") || word.hasPrefix("@") {
            query.context = String(word.dropFirst())
        } else {
            query.project = argument
        }
        session.runTool(ListTasks(query))
    }

    func plan(_ argument: String) throws {
        if let choice = PlannerChoice(rawValue: argument.lowercased()) { return choosePlanner(choice) }
        var words = argument
        if let first = argument.split(separator: " ").first, Int(first) != nil { words = argument.replacingOccurrences(of: String(first), with: "\(first) min") }
        guard case .tool(let call)? = IntentRouter.planIntent(words, defaultMinutes: 240) else {
            throw REPLError.usage("/plan takes minutes and an energy (/plan 90 quick), or rules or model")
        }
        if let plan = call as? PlanDay { PlanRouting(session: session).run(plan) } else { session.runTool(call) }
    }

    func undo() {
        guard let change = session.undoLog.pop() else {
            session.notice("Nothing to undo in this session.")
            return
        }
        do {
            try change.revert(in: session.toolkit.store)
            session.output.line(session.style("↶ ", .green) + TerminalText.sanitized(change.summary))
        } catch {
            session.fail("could not undo: \(error)")
        }
    }

    func key(_ argument: String) throws {
        switch argument.lowercased() {
        case "", "status":
            session.output.line("key: " + TerminalText.sanitized(session.settings.keyStatus()))
        case "set":
            guard session.reader.isInteractive else {
                throw REPLError.usage("/key set needs a terminal; pipe the key to `tasker key set` instead")
            }
            guard let key = session.reader.readSecret(prompt: "Key (hidden): "), !key.isEmpty else {
                session.notice("No key entered; nothing changed.")
                return
            }
            try session.settings.setKey(key.trimmingCharacters(in: .whitespacesAndNewlines))
            session.output.line(session.style("✓ Key saved.", .green) + " " + TerminalText.sanitized(session.settings.keyStatus()))
            if session.model == nil, let made = session.modelFactory?() {
                session.model = made
                session.output.line("Model on: " + TerminalText.sanitized(session.settings.model ?? made.modelName ?? "") + (session.settings.offline ? " (still offline: /offline)" : ""))
            }
        default:
            throw REPLError.usage("/key takes no argument or `set` (never type the key on the command line)")
        }
    }

    /// `/plan rules`, `/plan model`: which planner `plan my day` uses.
    func choosePlanner(_ choice: PlannerChoice) {
        session.settings.planner = choice
        switch choice {
        case .rules:
            session.output.line("Plans by the rules.")
        case .model where session.model?.planner == nil || !session.modelMode:
            session.output.line("Plans by the model once one is on (/key set, or base_url in config.json); by the rules until then.")
        case .model:
            session.output.line("Plans by the model, checked against the rules; the rules' plan when it does not pass.")
        }
    }
}
