/// One field of one record that cannot be read: which field, and why. The caller adds the file and line.
public struct FieldError: Error, Sendable, Equatable {
    public var field: String?
    public var reason: String

    public init(field: String?, reason: String) {
        self.field = field
        self.reason = reason
    }
}
