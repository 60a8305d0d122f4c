import Foundation
import TaskCore

/// A tool's arguments after they passed its JSON Schema, with typed accessors for `Tool.init`.
///
/// Types were already checked against the schema, so the accessors only convert; a value the schema
/// cannot express (neither id nor title, a recurrence that does not fit) is refused with `invalid`.
/// Names and titles are read trimmed (`string`); free text such as notes, Markdown bodies and page
/// additions is kept exactly as sent (`text`).
public struct ToolArguments: Sendable {
    public let tool: String
    public let values: [String: JSONValue]

    public init(tool: String, values: [String: JSONValue]) {
        self.tool = tool
        self.values = values
    }

    /// A present, non-null value.
    public subscript(key: String) -> JSONValue? {
        guard let v = values[key], v != .null else { return nil }
        return v
    }

    public func has(_ key: String) -> Bool { values[key] != nil }

    /// A name or title: trimmed of surrounding white space; nil when absent, null or blank.
    public func string(_ key: String) -> String? {
        self[key]?.stringValue.map { $0.trimmed() }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Free text exactly as sent (notes, Markdown); nil when absent or null.
    public func text(_ key: String) -> String? { self[key]?.stringValue }

    public func int(_ key: String) -> Int? { self[key]?.intValue }

    public func bool(_ key: String) -> Bool { self[key]?.boolValue ?? false }

    public func strings(_ key: String) -> [String]? { self[key]?.arrayValue?.compactMap(\.stringValue) }

    /// A date argument as sent: nil when absent or null. A blank string is refused (only null
    /// clears a date), so a typo never wipes one.
    public func dateText(_ key: String) throws -> String? {
        guard let raw = self[key]?.stringValue else { return nil }
        let text = raw.trimmed()
        guard !text.isEmpty else {
            throw invalid("\(key) is empty; give a date (ISO 8601 or words like 'friday 3pm'), or null to clear it")
        }
        return text
    }

    /// The task named by `id` (a number) or `title` (text).
    public func taskReference(idKey: String = "id", titleKey: String = "title") throws -> TaskReference {
        if let id = int(idKey) { return .id(Int64(id)) }
        if let title = string(titleKey) { return .title(title) }
        throw invalid("name the task with \(idKey) (a number) or \(titleKey) (text)")
    }

    /// `place` and `place_trigger` as a binding (arrive unless told); nil when no place is named.
    /// - Throws: `invalid` for a trigger without a place.
    public func placeBinding() throws -> PlaceBinding? {
        let trigger = string("place_trigger").flatMap(PlaceBinding.Trigger.init(rawValue:))
        guard let place = string("place") else {
            if trigger != nil { throw invalid("place_trigger needs place (the place's name; see list_places)") }
            return nil
        }
        return PlaceBinding(place: place, trigger: trigger ?? .arrive)
    }

    public func invalid(_ message: String) -> ToolkitError { .invalidArguments(tool: tool, message: message) }
}
