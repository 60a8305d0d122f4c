/// What sort of task this is, read from its first word by the capture grammar.
public enum TaskKind: String, Sendable, Hashable, CaseIterable {
    case call, errand, meeting, admin, waiting, idea
}
