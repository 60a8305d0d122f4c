import Foundation
import TaskCore
import TaskStore
import TaskNL

/// The tool catalogue every door uses, over one store.
///
/// JSON doors (`tasker call`, MCP, the model) call a tool by name with a JSON object and get a JSON
/// object back (`call`); the chat builds typed calls and runs them (`run`). A malformed call (unknown
/// tool, missing required argument, wrong type, a date that cannot be read) throws `ToolkitError`; a
/// call that finds nothing (no matching task, an ambiguous title, a missing project) is refused with
/// `{"ok": false, "error": …}` so an agent can recover. Dates are read as ISO 8601 or natural
/// language, relative to the store's clock and time zone.
public final class TaskToolkit {
    /// The catalogue, in the order `tasker tools` lists it (docs/DESIGN.md). Adding a tool: its type, and one line here.
    public static let standardTools: [any Tool.Type] = [
        CaptureTask.self,
        CreateTask.self,
        ListTasks.self,
        CompleteTask.self,
        RescheduleTask.self,
        DeferTask.self,
        UpdateTask.self,
        DeleteTask.self,
        SetStage.self,
        PlanDay.self,
        CreateProject.self,
        ListProjects.self,
        CreatePlace.self,
        ListPlaces.self,
        DeletePlace.self,
        CreateSpace.self,
        CreatePage.self,
        AppendToPage.self,
        ReadPage.self,
        ListPages.self,
        LinkPage.self,
        SearchPages.self,
        CreateTemplate.self,
        ListTemplates.self,
        ApplyTemplate.self,
        Review.self,
        Streaks.self,
        ExportTasks.self,
        ImportTasks.self,
        AttachFile.self,
        ListAttachments.self,
        OpenAttachment.self,
        Detach.self,
        ApprovalStatusTool.self,
    ]

    public let store: TaskStore
    public let parser: TaskNLParser
    /// The tool types this toolkit serves (the standard catalogue unless a test adds one).
    public let toolTypes: [any Tool.Type]
    /// Their definitions, in the same order (each built at its first use: a single call builds only its own).
    public var tools: [ToolDefinition] { toolTypes.map { $0.definition } }

    /// Calendars, working hours and days for `plan_day`, from config (set up by the command line).
    public let planning: PlanningSettings

    /// Where attachment bytes go (`objects/` beside the database); nil refuses the attachment tools.
    public let objects: ObjectStore?
    /// Puts a copy of each new attachment elsewhere (config's `attachments.upload`); nil for none.
    public let uploader: (any ObjectUploading)?
    /// The agent whose calls this toolkit runs (the AgentGate's own copy, `acting(forAgent:)`); nil for
    /// the owner's doors (the chat, `tasker call`, an MCP server without an agent key).
    public let agentID: Int64?
    /// Where path arguments may point: any host path for the owner's doors, one folder for an agent
    /// (every MCP session, keyless included). `acting(forAgent:)` confines to that agent's folder.
    public let files: FileAccess

    public init(store: TaskStore, parser: TaskNLParser = TaskNLParser(), tools: [any Tool.Type] = TaskToolkit.standardTools,
                planning: PlanningSettings = PlanningSettings(), objects: ObjectStore? = nil, uploader: (any ObjectUploading)? = nil,
                agentID: Int64? = nil, files: FileAccess = .host) {
        self.agentID = agentID
        self.files = files
        self.planning = planning
        self.objects = objects
        self.uploader = uploader
        self.store = store
        self.parser = parser
        self.toolTypes = tools
    }

    /// The standard catalogue's definitions, for doors that list tools without a store.
    public static var definitions: [ToolDefinition] { standardTools.map { $0.definition } }

    /// The standard tool called `name`, if there is one.
    public static func definition(named name: String) -> ToolDefinition? {
        standardTools.first { $0.definition.name == name }?.definition
    }

    /// A typed call from JSON: the tool looked up, its arguments checked against the schema clients
    /// see, then read into the tool's type.
    /// - Throws: `ToolkitError` for an unknown tool or arguments that do not fit.
    public func prepare(_ name: String, _ arguments: JSONValue) throws -> any Tool {
        guard let type = toolTypes.first(where: { $0.definition.name == name }) else {
            throw ToolkitError.unknownTool(name)
        }
        if let problem = SchemaValidator.problem(with: arguments, forInputOf: type) {
            throw ToolkitError.invalidArguments(tool: name, message: problem)
        }
        return try type.init(ToolArguments(tool: name, values: arguments.objectValue ?? [:]))
    }

    /// Runs one typed call.
    /// - Throws: `ToolkitError` for an argument that cannot be read; `TaskStoreError` when the
    ///   database itself fails (unreadable, read-only, corrupt). Lookups that find nothing, and store
    ///   refusals such as a duplicate name, are `.refused` outcomes instead.
    /// An agent's call (`agentID` set) has every change it makes recorded as that agent's, for
    /// `tasker agent undo` (`AgentChanges`).
    public func run<T: Tool>(_ call: T) throws -> ToolOutcome<T.Output> {
        do {
            if let agentID { return try AgentChanges(store).recording(by: agentID) { try call.run(in: self) } }
            return try call.run(in: self)
        } catch let error as TaskStoreError where !error.isFatal {
            return .refused(ToolRefusal(files.scrubbed(error.description, database: store.path)))
        } catch let refusal as ConfinedFolder.Refusal {
            return .refused(ToolRefusal(refusal.description))
        } catch let failure as NewFile.Failure {
            return .refused(ToolRefusal(files.scrubbed(failure.description, database: store.path)))
        }
    }

    /// What a typed call will do, in words, with its target looked up.
    /// - Throws: as `run`.
    public func preview<T: Tool>(_ call: T) throws -> ToolPreview {
        do {
            return try call.preview(in: self)
        } catch let error as TaskStoreError where !error.isFatal {
            return .refused(ToolRefusal(files.scrubbed(error.description, database: store.path)))
        } catch let refusal as ConfinedFolder.Refusal {
            return .refused(ToolRefusal(refusal.description))
        }
    }

    /// Runs one tool by name with a JSON object: the JSON door.
    /// - Throws: `ToolkitError` for a malformed call; `TaskStoreError` when the database fails.
    public func call(_ name: String, _ arguments: JSONValue) throws -> JSONValue {
        try call(try prepare(name, arguments))
    }

    /// Runs a call already prepared (`prepare`) and returns its JSON result, as `call(_:_:)` does.
    /// - Throws: `ToolkitError` for an argument that cannot be read; `TaskStoreError` when the database fails.
    public func call(_ prepared: any Tool) throws -> JSONValue { try encode(prepared) }

    /// `call`'s result as compact JSON appended to `out`, with no `JSONValue` in between for the
    /// results that write themselves (tasks, task lists): the same bytes as `call(…).encoded()`.
    /// - Throws: as `call`.
    /// Returns whether the call ran (false when it was refused).
    @discardableResult
    public func call(_ name: String, _ arguments: JSONValue, appendingTo out: inout [UInt8]) throws -> Bool {
        try append(try prepare(name, arguments), to: &out)
    }

    private func append<T: Tool>(_ call: T, to out: inout [UInt8]) throws -> Bool {
        let outcome = try run(call)
        outcome.appendEncoded(format, to: &out)
        return outcome.output != nil
    }

    /// The same catalogue over the same store, running `agentID`'s calls (a tool may answer an agent
    /// differently from the owner: `approval_status` shows an agent only its own requests), with its
    /// path arguments confined to the agent's own folder, `<data dir>/agents/<name>/files/`.
    public func acting(forAgent agentID: Int64) -> TaskToolkit {
        let name = (try? Agents(store).agent(id: agentID))?.name ?? ""
        return TaskToolkit(store: store, parser: parser, tools: toolTypes, planning: planning, objects: objects, uploader: uploader, agentID: agentID,
                           files: .agent(named: name, id: agentID, database: store.path))
    }

    /// The same catalogue over the same store with path arguments under `files` (the MCP server
    /// confines a keyless client with `FileAccess.keyless`).
    public func with(files: FileAccess) -> TaskToolkit {
        TaskToolkit(store: store, parser: parser, tools: toolTypes, planning: planning, objects: objects, uploader: uploader, agentID: agentID, files: files)
    }

    private func encode<T: Tool>(_ call: T) throws -> JSONValue { try run(call).json(format) }

    /// How results are written: ISO dates in the store's zone.
    public var format: ResultFormat { ResultFormat(timeZone: timeZone) }

    var now: Date { store.clock() }
    var timeZone: TimeZone { store.timeZone }
}

extension TaskStoreError {
    /// Failures of the database itself, which no caller can recover from by changing the call.
    public var isFatal: Bool {
        switch self {
        case .notADatabase, .notTasker, .danglingLink, .readOnly, .schemaTooNew, .persistence, .notBootstrapped: return true
        default: return false
        }
    }
}
