import Foundation
import TaskCore
import TaskStore

/// `apply_template`: creates a template's tasks from an anchor day, in one transaction.
public struct ApplyTemplate: Tool {
    public static let definition = ToolDefinition(
        name: "apply_template", title: "Apply a template",
        description: "Create a template's tasks (see list_templates), each due on the anchor day plus its offset; creates the template's project when missing.",
        inputSchema: Schema.arguments([
            "name": TemplateSchema.name,
            "date": Schema.string("The anchor day (default today)."),
            "project": Schema.string("Instead of the template's project."),
        ], required: ["name"]),
        scope: .writeTasks, idempotent: false, destructive: false)

    public var name: String
    /// The anchor day as given (YYYY-MM-DD or a phrase), read when it runs; nil is today.
    public var date: String?
    public var project: String?

    public init(name: String, date: String? = nil, project: String? = nil) {
        self.name = name
        self.date = date
        self.project = project
    }

    public init(_ arguments: ToolArguments) throws {
        self.init(name: arguments.string("name") ?? "", date: try arguments.dateText("date"), project: arguments.string("project"))
    }

    public struct Output: ToolOutput {
        public var application: TemplateApplication

        public static let schema = OutputSchema.object(
            ["template": OutputSchema.string, "anchor": OutputSchema.string, "project": OutputSchema.nullableString,
             "project_created": OutputSchema.boolean, "count": OutputSchema.integer, "tasks": OutputSchema.array(OutputSchema.task)])

        public func json(_ format: ResultFormat) -> [String: JSONValue] {
            [
                "template": .string(application.template.name),
                "anchor": .string(application.anchor.description),
                "project": .string(application.project),
                "project_created": .bool(application.projectCreated),
                "count": .int(application.tasks.count),
                "tasks": .array(application.tasks.map(format.task)),
            ]
        }
    }

    func anchor(in toolkit: TaskToolkit) throws -> LocalDate {
        try toolkit.day(date, argument: "date", tool: Self.definition.name) ?? LocalDate(toolkit.now, in: toolkit.timeZone)
    }

    public func preview(in toolkit: TaskToolkit) throws -> ToolPreview {
        guard let template = try Templates(toolkit.store).template(named: name) else { return .refused(Self.noTemplate(name)) }
        let into = (project ?? template.project).map { " in project '\($0)'" } ?? ""
        return .ready("Create the \(template.taskCount) tasks of '\(template.name)' from \(try anchor(in: toolkit).shortText)\(into)")
    }

    public func run(in toolkit: TaskToolkit) throws -> ToolOutcome<Output> {
        guard let template = try Templates(toolkit.store).template(named: name) else { return .refused(Self.noTemplate(name)) }
        return .done(Output(application: try Templates(toolkit.store).applyTemplate(template, anchor: try anchor(in: toolkit), project: project)))
    }

    public func undo(after output: Output) -> UndoAction? {
        let ids = output.application.tasks.map(\.id).reversed()
        return UndoAction("Deleted the \(ids.count) tasks of '\(output.application.template.name)'") { store in
            try store.inOneTransaction { for id in ids { try Tasks(store).deleteTask(id) } }
        }
    }

    static func noTemplate(_ name: String) -> ToolRefusal {
        ToolRefusal("no template named '\(name)'; list_templates shows the built-in ones and yours")
    }
}
