import Foundation
import TaskCore

/// A tool's arguments after schema validation, with typed accessors.
///
/// Types were already checked against the schema, so the accessors only convert; a value the schema
/// cannot express (a date that does not exist, neither id nor title) throws `ToolkitError.invalidArguments`.
struct Arguments {
    let tool: String
    let values: [String: JSONValue]

    /// A present, non-null value.
    subscript(key: String) -> JSONValue? {
        guard let v = values[key], v != .null else { return nil }
        return v
    }

    func has(_ key: String) -> Bool { values[key] != nil }

    func string(_ key: String) -> String? {
        self[key]?.stringValue.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
    }

    func int(_ key: String) -> Int? { self[key]?.intValue }

    func bool(_ key: String) -> Bool { self[key]?.boolValue ?? false }

    func strings(_ key: String) -> [String]? { self[key]?.arrayValue?.compactMap(\.stringValue) }

    func invalid(_ message: String) -> ToolkitError { .invalidArguments(tool: tool, message: message) }
}
