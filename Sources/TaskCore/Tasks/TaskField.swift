/// A task's field, declared once: its key and JSON type at each door that carries it.
///
/// The doors: the tool JSON of a task (`ResultFormat`, tree and bytes) and of a draft, the record
/// JSON of export and `.unkt` (`TaskRecord+JSON`), sync's merged fields (`TaskFields`), `tasker parse
/// --json`'s object (`ParseResult+JSON`, camelCase; its `place` is one object of place and trigger), a
/// template's task (`TemplateTask+JSON`), and the format adapters (Taskwarrior, todo.txt, xlsx, iCalendar), which name their own member, token,
/// column or property. Each member has a JSON type (what a tool's output schema can be made from).
/// A door's writers and readers map each field they carry (`members(at:)`), switching over every field
/// with the declared key, so no codec spells a key; the door tests (`TaskField*DoorTests`) check every
/// door writes exactly what is declared here.
///
/// Adding a field: its case and members here; its property on `TaskItem` and `TaskDraft`; on
/// `TaskRecord`; its column (a migration) declared once in the store's row (`TaskColumn`: the SQL and
/// the reading are made from it); then the compiler names each codec and merge that has not decided
/// about it (`TaskField+Tool`, `TaskRecord+JSON`, sync's `TaskFields`,
/// `RefinementMerger+Owners`, each a `switch` over every field); its VTODO property in `VTodoMapping` and a line in each format adapter
/// that carries it. The parse and template doors carry a fixed few fields and skip the rest; their door
/// tests hold them to what is declared here.
public enum TaskField: String, CaseIterable, Sendable {
    // In sync's order (the merge compares them one by one in this order).
    case title, notes, due, dueZone, deferUntil, priority, contexts, status, recurrence, parent, estimateMinutes,
         energy, kind, project, list, stage, completions
    case id, uuid, notesSealed, anchorDay, created, updated, completed, completedZone, series, remind,
         place, placeTrigger, checklist
    /// Members of a task in a listing, not stored on it: its depth in a `tree`, the last sync's error.
    case depth, syncError

    /// Where a task's fields cross into or out of Tasker.
    public enum Door: String, CaseIterable, Sendable {
        case tool, draft, record, sync, taskwarrior, todoTxt, xlsx, ics
        /// `tasker parse --json`'s object (camelCase keys, docs/DESIGN.md), a sentence's draft.
        case parse
        /// A template's task (`TemplateTask+JSON`): the fields it shares with a task; its days are
        /// relative (`offset_days`, `time`) and its subtasks nested, members of its own.
        case template
    }

    /// A field's member at one door: its key and its JSON type; `omittable` when the member may be
    /// absent (left out when empty) rather than written as null.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var type: JSONType
        public var omittable: Bool

        public init(_ key: String, _ type: JSONType, omittable: Bool = false) {
            self.key = key
            self.type = type
            self.omittable = omittable
        }
    }

    /// The shape of a JSON value, enough to describe a member to a client.
    public indirect enum JSONType: Sendable, Equatable {
        case string, int, double, bool, object
        case array(JSONType)
        case nullable(JSONType)
        /// Any of these shapes (a reminder: minutes before as a number, or an instant's text).
        case oneOf([JSONType])

        /// Whether `value` has this shape.
        public func matches(_ value: JSONValue) -> Bool {
            switch (self, value) {
            case (.nullable, .null): true
            case (.nullable(let type), _): type.matches(value)
            case (.string, .string), (.int, .int), (.bool, .bool), (.object, .object): true
            case (.double, .double), (.double, .int): true
            case (.array(let element), .array(let values)): values.allSatisfy(element.matches)
            case (.oneOf(let types), _): types.contains { $0.matches(value) }
            default: false
            }
        }
    }

    /// The field's members, door by door (a door not listed does not carry the field).
    public var declaration: [Door: Member] { Self.declarations[self] ?? [:] }

    private static let declarations = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.declared) })

    private var declared: [Door: Member] {
        typealias M = Member
        let text = JSONType.nullable(.string)
        switch self {
        case .title:
            return [.tool: M("title", .string), .draft: M("title", .string), .parse: M("title", .string),
                    .template: M("title", .string), .record: M("title", .string), .sync: M("title", .string),
                    .taskwarrior: M("description", .string), .todoTxt: M("text", .string), .xlsx: M("Title", .string),
                    .ics: M("SUMMARY", .string)]
        case .notes:
            return [.tool: M("notes", text), .draft: M("notes", text), .record: M("notes", .string, omittable: true),
                    .sync: M("notes", .string, omittable: true), .taskwarrior: M("annotations", .array(.object)),
                    .ics: M("DESCRIPTION", .string)]
        case .due:
            return [.tool: M("due", text), .draft: M("due", text), .parse: M("due", text), .record: M("due", .string, omittable: true),
                    .sync: M("due", .string, omittable: true), .taskwarrior: M("due", .string), .todoTxt: M("due:", .string),
                    .xlsx: M("Due", .string), .ics: M("DUE", .string)]
        case .deferUntil:
            return [.tool: M("defer_until", text), .draft: M("defer_until", text), .parse: M("deferUntil", text),
                    .record: M("defer_until", .string, omittable: true),
                    .sync: M("defer", .string, omittable: true), .taskwarrior: M("wait", .string), .todoTxt: M("t:", .string),
                    .ics: M("X-TASKER-DEFER-UNTIL", .string)]
        case .priority:
            return [.tool: M("priority", .string), .draft: M("priority", .string), .parse: M("priority", .string),
                    .template: M("priority", .string), .record: M("priority", .string),
                    .sync: M("priority", .string, omittable: true), .taskwarrior: M("priority", .string), .todoTxt: M("(A)", .string),
                    .xlsx: M("Priority", .string), .ics: M("PRIORITY", .int)]
        case .contexts:
            return [.tool: M("contexts", .array(.string)), .draft: M("contexts", .array(.string)), .parse: M("contexts", .array(.string)),
                    .template: M("contexts", .array(.string)),
                    .record: M("contexts", .array(.string), omittable: true), .sync: M("contexts", .array(.string), omittable: true),
                    .taskwarrior: M("tags", .array(.string)), .todoTxt: M("@", .string), .xlsx: M("Contexts", .string),
                    .ics: M("CATEGORIES", .string)]
        case .status:
            return [.tool: M("status", .string), .record: M("status", .string), .sync: M("status", .string, omittable: true),
                    .taskwarrior: M("status", .string), .todoTxt: M("x", .string), .xlsx: M("Status", .string), .ics: M("STATUS", .string)]
        case .recurrence:
            return [.tool: M("recurrence", .nullable(.object)), .draft: M("recurrence", .nullable(.object)),
                    .parse: M("recurrence", .nullable(.object)),
                    .record: M("recurrence", .object, omittable: true), .sync: M("recurrence", .object, omittable: true),
                    .taskwarrior: M("recur", .string), .ics: M("RRULE", .string)]
        case .parent:
            return [.tool: M("parent", .nullable(.int)), .record: M("parent", .string, omittable: true),
                    .sync: M("parent", .string, omittable: true), .ics: M("RELATED-TO", .string)]
        case .estimateMinutes:
            return [.tool: M("estimate_minutes", .nullable(.int)), .draft: M("estimate_minutes", .nullable(.int)),
                    .parse: M("estimateMinutes", .nullable(.int)), .template: M("estimate_minutes", .nullable(.int)),
                    .record: M("estimate_minutes", .int, omittable: true), .sync: M("estimate", .int, omittable: true),
                    .xlsx: M("Estimate (min)", .int), .ics: M("X-TASKER-ESTIMATE", .int)]
        case .energy:
            return [.tool: M("energy", text), .draft: M("energy", text), .parse: M("energy", text),
                    .record: M("energy", .string, omittable: true),
                    .sync: M("energy", .string, omittable: true), .ics: M("X-TASKER-ENERGY", .string)]
        case .kind:
            return [.tool: M("kind", text), .draft: M("kind", text), .parse: M("kind", text), .record: M("kind", .string, omittable: true),
                    .sync: M("kind", .string, omittable: true), .ics: M("X-TASKER-KIND", .string)]
        case .project:
            return [.tool: M("project", text), .draft: M("project", text), .record: M("project", .string, omittable: true),
                    .sync: M("project", .string, omittable: true), .taskwarrior: M("project", .string), .todoTxt: M("+", .string),
                    .xlsx: M("Project", .string), .ics: M("X-TASKER-PROJECT", .string)]
        case .list:
            return [.tool: M("list", text), .draft: M("list", text), .record: M("list", .string, omittable: true),
                    .sync: M("list", .string, omittable: true), .xlsx: M("List", .string), .ics: M("X-TASKER-LIST", .string)]
        case .stage:
            return [.tool: M("stage", text), .record: M("stage", .string, omittable: true), .sync: M("stage", .string, omittable: true),
                    .ics: M("X-TASKER-STAGE", .string)]
        case .completions:
            return [.sync: M("completions", .array(.object), omittable: true), .ics: M("X-TASKER-COMPLETIONS", .string)]
        case .id:
            return [.tool: M("id", .int)]
        case .uuid:
            return [.record: M("uuid", .string), .taskwarrior: M("uuid", .string), .todoTxt: M("uuid:", .string), .ics: M("UID", .string)]
        case .notesSealed:
            return [.tool: M("notes_sealed", .bool, omittable: true)]
        case .anchorDay:
            return [.record: M("anchor_day", .int, omittable: true)]
        case .created:
            return [.tool: M("created", .string), .record: M("created", .string), .taskwarrior: M("entry", .string),
                    .todoTxt: M("created", .string), .xlsx: M("Created", .string), .ics: M("CREATED", .string)]
        case .updated:
            return [.tool: M("updated", .string), .record: M("modified", .string), .taskwarrior: M("modified", .string),
                    .ics: M("LAST-MODIFIED", .string)]
        case .completed:
            return [.tool: M("completed", text), .record: M("completed", .string, omittable: true), .taskwarrior: M("end", .string),
                    .todoTxt: M("completed", .string), .xlsx: M("Completed", .string), .ics: M("COMPLETED", .string)]
        case .completedZone:
            return [.record: M("completed_zone", .string, omittable: true)]
        case .checklist:
            // A done occurrence's record of the subtasks done for it (they reopen with the next one).
            return [.record: M("checklist", .array(.string), omittable: true)]
        case .dueZone:
            // A repeating timed due's zone (IANA); sync writes it as the DUE's TZID with a VTIMEZONE.
            return [.record: M("due_zone", .string, omittable: true), .sync: M("zone", .string, omittable: true), .ics: M("DUE;TZID", .string)]
        case .series:
            return [.record: M("series", .string, omittable: true)]
        case .remind:
            return [.tool: M("remind", .oneOf([.int, .string]), omittable: true), .parse: M("remind", .oneOf([.int, .string]), omittable: true), .record: M("remind", .string, omittable: true)]
        case .place:
            return [.tool: M("place", .string, omittable: true), .draft: M("place", .string, omittable: true),
                    .parse: M("place", .object, omittable: true),
                    .record: M("place", .string, omittable: true)]
        case .placeTrigger:
            return [.tool: M("place_trigger", .string, omittable: true), .draft: M("place_trigger", .string, omittable: true),
                    .record: M("place_trigger", .string, omittable: true)]
        case .depth:
            return [.tool: M("depth", .int, omittable: true)]
        case .syncError:
            return [.tool: M("sync_error", .string, omittable: true)]
        }
    }

    /// The field's member at `door`, nil when that door does not carry it.
    public func member(at door: Door) -> Member? { declaration[door] }

    /// The fields `door` carries with their members, in declaration order (computed once per door: the
    /// record and sync codecs walk them for every task).
    public static func members(at door: Door) -> [(field: TaskField, member: Member)] { membersByDoor[door] ?? [] }

    private static let membersByDoor = Dictionary(uniqueKeysWithValues: Door.allCases.map { door in
        (door, allCases.compactMap { field in field.member(at: door).map { (field: field, member: $0) } })
    })

    /// The fields `door` carries with their members, in the order of their keys (how JSON objects are
    /// written: compact, keys sorted).
    public static func sortedMembers(at door: Door) -> [(field: TaskField, member: Member)] {
        members(at: door).sorted { $0.member.key < $1.member.key }
    }

    /// The tool and draft doors' fields with their keys in key order, computed once: what the writers
    /// walk (JSON objects are written compact, keys sorted).
    public static let toolKeys = sortedMembers(at: .tool).map { ($0.field, $0.member.key) }
    public static let draftKeys = sortedMembers(at: .draft).map { ($0.field, $0.member.key) }
    public static let parseKeys = sortedMembers(at: .parse).map { ($0.field, $0.member.key) }
}
