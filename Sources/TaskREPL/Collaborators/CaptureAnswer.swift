/// An answer to a capture's question (and the other yes/no/edit questions of the chat).
enum CaptureAnswer: CaseIterable {
    case save, drop, edit

    var words: [String] {
        switch self {
        case .save: return ["", "y", "yes"]
        case .drop: return ["n", "no"]
        case .edit: return ["e", "edit"]
        }
    }
}
