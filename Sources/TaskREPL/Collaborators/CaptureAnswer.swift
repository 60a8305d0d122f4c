import Foundation

/// An answer to a capture's question (and the other yes/no/edit questions of the chat).
enum CaptureAnswer: CaseIterable {
    case save, drop, edit

    var words: Set<String> {
        switch self {
        case .save: return Self.yesWords.union([""])
        case .drop: return Self.noWords
        case .edit: return ["e", "edit"]
        }
    }

    /// Yes as people type it at a question (`y`, `yes please`, `yep`, `sure`, `ok`, `go ahead`).
    static let yesWords: Set<String> = [
        "y", "yes", "yeah", "yep", "yup", "ya", "sure", "ok", "okay", "yes please", "yes pls", "go ahead", "do it",
    ]

    /// No as people type it (`n`, `nope`, `nah`, `no thanks`, `cancel`).
    static let noWords: Set<String> = ["n", "no", "nope", "nah", "no thanks", "no thank you", "cancel", "don't", "dont"]

    /// An answer as compared with the words: trimmed, lower case, without a closing `.`, `!` or `,`.
    static func normalised(_ answer: String) -> String {
        var word = answer.trimmingCharacters(in: .whitespaces).lowercased()
        while let last = word.last, ".!,".contains(last) { word.removeLast() }
        return word
    }
}
