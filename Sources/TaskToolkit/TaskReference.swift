import Foundation

/// A task named by its id or by (part of) its title, as the tools accept it.
public enum TaskReference: Sendable, Hashable {
    case id(Int64)
    case title(String)

    /// `12` or `#12` is an id; anything else is a title.
    public init(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let digits = trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed
        if let id = Int64(digits), id > 0 { self = .id(id) } else { self = .title(trimmed) }
    }

    /// "#12" or "'call mom'": the reference as the user gave it.
    public var description: String {
        switch self {
        case .id(let id): return "#\(id)"
        case .title(let title): return "'\(title)'"
        }
    }
}
