import TaskCore

/// One `task export` object, the members Tasker maps held apart from the rest: what the reader maps,
/// whether the object came out of a parsed tree or straight out of the bytes.
///
/// A member named twice keeps its last value, as a parsed JSON object does. A member whose JSON text
/// is over `maxMemberBytes` (a 50 MB description, the annotations, a UDA) is not read at all, only
/// measured: the reader refuses that task alone (`oversized`), so memory is bounded by the cap and
/// not by the longest field in the file.
struct TaskwarriorFields {
    /// The most bytes one member's JSON text may have: 1 MiB (stated in docs/DATA.md).
    static let maxMemberBytes = 1 << 20

    /// The members read into Tasker's own fields (the rest go to `"x"`).
    enum Key: String, CaseIterable {
        case uuid, description, status, entry, modified, end, due, wait, priority, tags, project, annotations, recur
    }

    private var mapped = InlineArray<13, JSONValue?>(repeating: nil)
    /// Every other member but Taskwarrior's own `id` and `urgency`, which are dropped.
    private(set) var others: [String: JSONValue] = [:]
    /// The first member over `maxMemberBytes`, with its size; nil when every member fits.
    private(set) var oversized: (key: String, bytes: Int)?

    init() {}

    /// The fields of a parsed object.
    init(members: [String: JSONValue]) {
        for (key, value) in members {
            let size: Int
            switch value {
            case .string, .array, .object: size = value.encoded().utf8.count
            default: size = 0
            }
            if size > Self.maxMemberBytes {
                if oversized == nil { oversized = (key, size) }
            } else {
                set(key, value)
            }
        }
    }

    /// Reads the object at the scanner's next byte (at nesting `depth`), member by member.
    /// - Throws: `JSONParseError` where the text stops being JSON, or is not an object.
    init(scanning scanner: inout JSONScanner, depth: Int) throws(JSONParseError) {
        guard scanner.next == UInt8(ascii: "{") else { throw scanner.error("expected an object") }
        guard depth < 512 else { throw scanner.error("nested too deeply") }
        guard scanner.beginObject() else { return }
        repeat {
            let key = try scanner.readKey()
            if let size = scanner.extentOfNextValue(), size > Self.maxMemberBytes {
                if oversized == nil { oversized = (key, size) }
                scanner.skip(size)
            } else {
                set(key, try scanner.readValue(depth: depth + 1))
            }
        } while try scanner.nextMember()
    }

    subscript(key: Key) -> JSONValue? { mapped[Self.slot(key)] }

    private mutating func set(_ key: String, _ value: JSONValue) {
        if let known = Key(rawValue: key) {
            mapped[Self.slot(known)] = value
        } else if key != "id" && key != "urgency" {
            others[key] = value
        }
    }

    private static func slot(_ key: Key) -> Int {
        switch key {
        case .uuid: 0
        case .description: 1
        case .status: 2
        case .entry: 3
        case .modified: 4
        case .end: 5
        case .due: 6
        case .wait: 7
        case .priority: 8
        case .tags: 9
        case .project: 10
        case .annotations: 11
        case .recur: 12
        }
    }
}
