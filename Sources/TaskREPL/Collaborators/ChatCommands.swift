import Foundation
import TaskCore
import TaskLLM
import TaskToolkit

/// The chat's slash commands: the table (it drives /help, Tab completion and validation) and the
/// commands that are more than a line, each run against the parts of the chat it changes.
struct ChatCommands {
    let console: ChatConsole
    let tools: ChatTools
    /// The settings and the model path `/confirm`, `/offline`, `/model`, `/endpoint`, `/plan` and
    /// `/key set` change; `/quit` ends the loop through it.
    let mode: ChatMode
    /// Where `/plan` goes (`PlanRouting`).
    let handoff: ChatHandoff
    /// `/history` and `/key set`'s hidden input.
    let reader: LineReader
    let approvals: ChatApprovals
    /// `/sync`: syncs now and returns the lines to show; nil when sync is not configured.
    let syncNow: (() -> [String])?

    /// The REPL's commands, in /help order.
    static let all: [SlashCommand] = [
        SlashCommand("help", "", "this list, with examples of what you can type", aliases: ["?", "h"]) { s, _ in s.help() },
        SlashCommand("tools", "[name]", "the tool catalogue, or one tool's arguments") { s, arg in s.tools(arg) },
        SlashCommand("list", "[filter|#context|project]", "tasks: open, today, tomorrow, week, overdue, available, waiting, all",
                     choices: TaskQuery.Filter.allCases.map(\.rawValue), aliases: ["ls"]) { s, arg in s.list(arg) },
        SlashCommand("plan", "[minutes] [energy] | rules | model", "plan the day within a budget (default 4 h); rules/model choose the planner",
                     choices: ["quick", "focused", "deep", "rules", "model"]) { s, arg in try s.plan(arg) },
        SlashCommand("done", "ID|TITLE", "complete a task") { s, arg in
            guard !arg.isEmpty else { throw REPLError.usage("/done needs a task: /done 12 or /done call mom") }
            s.tools.runTool(CompleteTask(target: TaskReference(arg)))
        },
        SlashCommand("undo", "", "take back the last change of this session") { s, _ in s.undo() },
        SlashCommand("attach", "FILE [to TASK|to page PAGE]", "attach a copy of a file (alone: to the task you just saved or changed)") { s, arg in
            try s.attachments.attach(arg)
        },
        SlashCommand("attachments", "[TASK|page PAGE]", "the files attached to a task or a page, or all of them") { s, arg in
            s.attachments.list(arg)
        },
        SlashCommand("open", "ID [PATH]", "where an attachment is stored, or a copy written to PATH") { s, arg in try s.attachments.open(arg) },
        SlashCommand("detach", "ID", "remove an attachment from its task or page") { s, arg in try s.attachments.detach(arg) },
        SlashCommand("key", "[set]", "whether a model key is set; /key set stores one (typed hidden)",
                     choices: ["set", "status"]) { s, arg in try s.key(arg) },
        SlashCommand("model", "[name]", "the model, its endpoint and structured-output form, or switch model for this session") { s, arg in
            if !arg.isEmpty { s.mode.settings.model = arg; s.mode.model?.modelName = arg }
            s.showModel()
        },
        SlashCommand("endpoint", "[preset|url]", "the server: openai, ollama, llamacpp, lmstudio, vllm, openrouter or a URL",
                     choices: ["openai", "ollama", "llamacpp", "lmstudio", "vllm", "openrouter"]) { s, arg in
            if !arg.isEmpty {
                s.mode.settings.endpoint = arg
                s.mode.model?.endpoint = arg
            }
            s.console.line("endpoint: " + TerminalText.sanitized(s.mode.settings.endpoint ?? "(none)"))
        },
        SlashCommand("offline", "", "toggle rules only (no model) for this session") { s, _ in
            guard s.mode.model != nil else {
                s.console.line("Rules only: no model is configured. Set a key with /key set, or base_url in config.json.")
                return
            }
            s.mode.settings.offline.toggle()
            s.console.line(s.mode.settings.offline ? "Offline: rules only." : "Online: model \(TerminalText.sanitized(s.mode.settings.model ?? "")) is back.")
        },
        SlashCommand("confirm", "writes|all|never", "which proposed calls ask before running",
                     choices: ConfirmPolicy.allCases.map(\.rawValue)) { s, arg in
            if !arg.isEmpty {
                guard let policy = ConfirmPolicy(rawValue: arg.lowercased()) else {
                    throw REPLError.usage("/confirm takes writes, all or never")
                }
                s.mode.settings.confirm = policy
            }
            s.console.line("confirm: \(s.mode.settings.confirm.rawValue)")
        },
        SlashCommand("approvals", "[approve|reject ID]", "calls agents asked for: list them, approve or reject one",
                     choices: ["approve", "reject"]) { s, arg in try s.approvals.command(arg) },
        SlashCommand("agent", "undo NAME since T [dry-run]", "take back what an agent changed since T, keeping what others changed since",
                     choices: ["undo"]) { s, arg in try ChatAgentUndo.command(arg, toolkit: s.tools.toolkit, console: s.console) },
        SlashCommand("history", "", "the lines you typed (saved across sessions)") { s, _ in
            let lines = s.reader.history().suffix(20)
            if lines.isEmpty { s.console.notice("No history yet.") }
            for line in lines { s.console.line("  " + TerminalText.sanitized(line)) }
        },
        SlashCommand("sync", "", "sync with the CalDAV server in config.json now") { s, _ in
            guard let sync = s.syncNow else {
                s.console.notice("Sync is not configured: add \"sync\": {\"url\": …} to config.json (see `tasker sync --help`).")
                return
            }
            for line in sync() { s.console.notice(line) }
        },
        SlashCommand("clear", "", "clear the screen and forget the model conversation") { s, _ in
            s.mode.model?.reset()
            if s.console.isInteractive { s.console.write("\u{1B}[H\u{1B}[2J") }
        },
        SlashCommand("quit", "", "leave (Ctrl-D does too)", aliases: ["exit", "q"]) { s, _ in s.mode.finished = true },
    ]

    /// `/attach`, `/attachments`, `/open`, `/detach`.
    var attachments: ChatAttachments { ChatAttachments(console: console, tools: tools) }

    /// `/model`: the model, the endpoint, and which structured-output form the endpoint accepted for
    /// dictations (known after the first one).
    func showModel() {
        console.line("model: " + TerminalText.sanitized(mode.settings.model ?? "(none)") + (mode.modelMode ? "" : console.style("  (rules only now)", .dim)))
        guard let conversation = mode.model else { return }
        console.line("endpoint: " + TerminalText.sanitized(conversation.endpoint.map(OpenAIChatModel.baseURL(for:)) ?? mode.settings.endpoint ?? "(default)"))
        if let refiner = conversation.refiner {
            let form = refiner.acceptedForm(model: conversation.modelName, endpoint: conversation.endpoint)
            console.line("structured output: " + (form?.summary ?? "not known yet (found on the first dictation)"))
        }
    }

    func help() {
        let width = Self.all.map(\.usage.count).max() ?? 0
        console.line(console.style("Type a task to capture it, or ask:", .bold))
        for example in ["call mom tomorrow 5pm #family !high", "plan my day, 3 hours, focused", "what's due today",
                        "done call mom", "move dentist to friday 3pm", "defer taxes to monday", "new project Kitchen",
                        "note to Kitchen: buy tiles", "rename call mom to call mum", "make taxes high priority",
                        "add #errands to buy milk", "move learn italian to someday", "delete call mom",
                        "weekly review", "my streaks", "trip packing template for friday"] {
            console.line("  " + console.style(example, .cyan))
        }
        console.line(console.style("Commands:", .bold))
        for c in Self.all {
            let aliases = c.aliases.isEmpty ? "" : " (also " + c.aliases.map { "/" + $0 }.joined(separator: ", ") + ")"
            console.line("  " + c.usage + String(repeating: " ", count: width - c.usage.count + 2) + console.style(c.summary + aliases, .dim))
        }
        console.line(console.style("Tab completes; ↑ recalls history; Ctrl-C cancels; Ctrl-D quits.", .dim))
    }

    func tools(_ name: String) {
        if !name.isEmpty {
            guard let tool = tools.toolkit.tools.first(where: { $0.name == name }) else {
                console.fail("no tool '\(name)'; /tools lists them")
                return
            }
            console.line(console.style(tool.name, .bold) + "  " + tool.description)
            console.line(tool.inputSchema.prettyEncoded())
            return
        }
        if tools.toolkit.tools.isEmpty { console.notice("No tools available.") }
        let width = tools.toolkit.tools.map(\.name.count).max() ?? 0
        for tool in tools.toolkit.tools {
            let mark = tool.readOnly ? console.style(" (reads only)", .dim) : ""
            console.line("  " + tool.name + String(repeating: " ", count: width - tool.name.count + 2) + tool.title + mark)
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
        tools.runTool(ListTasks(query))
    }

    func plan(_ argument: String) throws {
        if let choice = PlannerChoice(rawValue: argument.lowercased()) { return choosePlanner(choice) }
        var words = argument
        if let first = argument.split(separator: " ").first, Int(first) != nil { words = argument.replacingOccurrences(of: String(first), with: "\(first) min") }
        guard case .tool(let call)? = IntentRouter.planIntent(words, defaultMinutes: 240) else {
            throw REPLError.usage("/plan takes minutes and an energy (/plan 90 quick), or rules or model")
        }
        if let plan = call as? PlanDay { handoff.plan(plan) } else { tools.runTool(call) }
    }

    func undo() {
        guard let change = tools.undoLog.pop() else {
            console.notice("Nothing to undo in this session.")
            return
        }
        do {
            try change.revert(in: tools.toolkit.store)
            console.line(console.style("↶ ", .green) + TerminalText.sanitized(change.summary))
        } catch {
            console.fail("could not undo: \(error)")
        }
    }

    func key(_ argument: String) throws {
        switch argument.lowercased() {
        case "", "status":
            console.line("key: " + TerminalText.sanitized(mode.settings.keyStatus()))
        case "set":
            guard console.isInteractive else {
                throw REPLError.usage("/key set needs a terminal; pipe the key to `tasker key set` instead")
            }
            guard let key = reader.readSecret(prompt: "Key (hidden): "), !key.isEmpty else {
                console.notice("No key entered; nothing changed.")
                return
            }
            try mode.settings.setKey(key.trimmingCharacters(in: .whitespacesAndNewlines))
            console.line(console.style("✓ Key saved.", .green) + " " + TerminalText.sanitized(mode.settings.keyStatus()))
            if mode.model == nil, let made = mode.modelFactory?() {
                mode.model = made
                console.line("Model on: " + TerminalText.sanitized(mode.settings.model ?? made.modelName ?? "") + (mode.settings.offline ? " (still offline: /offline)" : ""))
            }
        default:
            throw REPLError.usage("/key takes no argument or `set` (never type the key on the command line)")
        }
    }

    /// `/plan rules`, `/plan model`: which planner `plan my day` uses.
    func choosePlanner(_ choice: PlannerChoice) {
        mode.settings.planner = choice
        switch choice {
        case .rules:
            console.line("Plans by the rules.")
        case .model where mode.model?.planner == nil || !mode.modelMode:
            console.line("Plans by the model once one is on (/key set, or base_url in config.json); by the rules until then.")
        case .model:
            console.line("Plans by the model, checked against the rules; the rules' plan when it does not pass.")
        }
    }
}
