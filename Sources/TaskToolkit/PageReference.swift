/// A page named by its id or by (part of) its title.
public enum PageReference: Sendable, Hashable {
    case id(Int64)
    case title(String)
}
