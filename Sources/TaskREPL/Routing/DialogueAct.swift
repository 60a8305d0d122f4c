import Foundation

/// What a line the router did not recognise is, before it is offered as a task: an acknowledgement
/// or greeting (never captured), a question (answered in one line, never captured), a question about
/// the user's tasks that no rule reads (a hint), or nil for a capture.
///
/// Pure, a table of words and a few rules (docs/CHAT.md, "Questions are not tasks"): a line is a
/// question when it starts with a question word (`what`, `who`, `how many`, `when is`…), an auxiliary
/// and a subject (`is it`, `can you`, `do we`…), an asking verb (`tell me`, `give me`) or arithmetic
/// (`calculate 5 * 3`; a bare imperative such as `explain the budget` is a task),
/// or when it ends with `?` and holds no Latin letters. A line that starts with a task verb stays a
/// task even with a `?` (`call the bank?`, `buy milk?`), and so do requests (`can you remind me to…`,
/// `could you add…`) and doubts about one's own task (`should I call mom tomorrow`, `do I need to…`).
public enum DialogueAct: String, Sendable, Equatable {
    /// `y`, `ok`, `no`: nothing to do.
    case acknowledgement
    /// `thanks`, `thank you`, `ty`: "You're welcome.", nothing else to do.
    case thanks
    /// `hi`, `hello there`.
    case greeting
    /// A question that is not about the user's tasks (`What is 1+1?`).
    case question
    /// A question about the user's tasks that no rule reads (`which reminders did I snooze?`).
    case taskQuestion

    /// The act of one line, or nil when it is (or may be) a task.
    public static func of(_ line: String) -> DialogueAct? {
        let text = line.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "’", with: "'")
        let lower = text.lowercased()
        let bare = lower.trimmingCharacters(in: CharacterSet(charactersIn: " .!?,;:…👍🙏😊"))
        if thankYous.contains(bare) { return .thanks }
        // A line with no letters ("3", "?", "👍") answers a question no longer asked: not a task.
        if acknowledgements.contains(bare) || !text.isEmpty && !text.contains(where: \.isLetter) { return .acknowledgement }
        let words = bare.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        guard let first = words.first else { return nil }
        if greetings.contains(bare) || greetings.contains(first) && words.count <= 3 { return .greeting }
        let endsWithMark = lower.hasSuffix("?") || lower.hasSuffix("？")
        // "Hi, could you…", "hey there how are you doing", "please tell me what EDAG stands for": what
        // follows the greeting or the polite word decides.
        if greetings.contains(first), let comma = text.firstIndex(where: { ",!.".contains($0) }) {
            return of(String(text[text.index(after: comma)...]))
        }
        if greetings.contains(first) || first == "please" || first == "kindly" {
            let rest = text.split(separator: " ").dropFirst().drop { $0.lowercased() == "there" }
            return rest.isEmpty ? nil : of(rest.joined(separator: " "))
        }
        if isQuestion(words, endsWithMark: endsWithMark, text: text) || asksInside(lower, first: first) || asksForInformation(text) {
            return mentionsTasks(words) ? .taskQuestion : .question
        }
        return nil
    }

    /// "Mix #FAEBD7 with #00FFFF, what is the new color?", "I'm planning a trip. Can you fetch the
    /// weather?": a sentence (or the clause after its last comma) that ends with `?` is a question,
    /// unless the line opens with a verb that takes a question (`ask Sarah, what time is it?`).
    static func asksInside(_ lower: String, first: String) -> Bool {
        guard !relayVerbs.contains(first), lower.contains("?") else { return false }
        var sentence = ""
        for character in lower {
            if character == "?" {
                let clause = sentence.split(separator: ",").last.map(String.init) ?? ""
                for part in [sentence, clause] {
                    let words = part.split(separator: " ").map(String.init)
                    if !words.isEmpty, words[0] != first || part != lower.dropLast(), isQuestion(words, endsWithMark: true, text: part) { return true }
                }
            }
            sentence = ".!;?".contains(character) ? "" : sentence + String(character)
        }
        return false
    }

    /// Verbs whose object may be a question: "ask Sarah, what time is the meeting?" is a task.
    static let relayVerbs: Set<String> = ["ask", "email", "text", "call", "message", "tell", "remind", "reply", "answer", "check", "find", "confirm"]

    static func isQuestion(_ words: [String], endsWithMark: Bool, text: String) -> Bool {
        let first = words[0]
        let second = words.count > 1 ? words[1] : ""
        let opening = words.prefix(4).joined(separator: " ")
        if requests.contains(where: { opening.hasPrefix($0) }) { return false }
        // "what to get mom for her birthday", "where to park": a thing to figure out, a task; so is
        // "why not call grandma sunday".
        if second == "to" && !endsWithMark || first == "why" && second == "not" { return false }
        if second == "to" { return ["how", "what", "where", "when", "which", "who"].contains(first) }
        // Talking to the assistant rather than naming a task: "you are an AI…", "act as a…".
        if first == "you" && ["are", "re", "can", "should", "must", "will"].contains(second) || first == "you're" { return true }
        if first.hasPrefix("¿") { return true }
        if questionWords.contains(first) { return true }
        // "when I get home call mom" is a task; "when is the game" a question.
        if first == "when" || first == "how" {
            // "how hot is it", "how frequent do members visit": an auxiliary right after the next word.
            let third = words.count > 2 ? words[2] : ""
            return auxiliaries.contains(second) || howWords.contains(second) || first == "how" && auxiliaries.contains(third)
        }
        if auxiliaries.contains(first) {
            // "do the laundry" is a task; "do you know…" a question.
            let subject = first == "do" ? pronouns.contains(second) : subjects.contains(second)
            return subject || !second.isEmpty && endsWithMark && !taskVerbs.contains(second)
        }
        if askingVerbs.contains(first) || askingVerbs.contains(first + " " + second) { return true }
        // "calculate 5 * 3", "convert 5 miles to km"; "calculate taxes for Q4" is a task.
        if mathVerbs.contains(first) && words.dropFirst().contains(where: { Double($0) != nil }) { return true }
        // A question in a script the grammar does not read ("如何安装mbox?").
        let letter = text.unicodeScalars.first { $0.properties.isAlphabetic }
        return endsWithMark && letter.map { $0.value >= 0x250 } ?? false
    }

    /// Whether a question is about the user's own tasks.
    static func mentionsTasks(_ words: [String]) -> Bool {
        let joined = " " + words.joined(separator: " ") + " "
        return taskNouns.contains { joined.contains(" " + $0 + " ") }
            || [" did i ", " have i ", " i made ", " i added ", " i created ", " i finished ", " i completed ", " my list ", " my day ", " my week ", " my schedule ", " my agenda "].contains { joined.contains($0) }
    }

    /// A thank-you: answered in kind.
    static let thankYous: Set<String> = [
        "thanks", "thank you", "thank you so much", "thanks a lot", "thx", "ty", "cheers", "ok thanks", "okay thanks", "thanks so much",
        "thank you very much", "many thanks", "great thanks", "great, thanks", "ok, thanks", "okay, thanks",
    ]
    static let acknowledgements: Set<String> = [
        "y", "yes", "yeah", "yep", "yup", "ya", "n", "no", "nope", "nah", "ok", "okay", "k", "kk", "okey", "cool", "great", "nice", "good", "perfect",
        "sure", "fine", "got it", "alright", "all right", "sounds good", "never mind", "nevermind", "nvm", "cancel", "no thanks",
        "no thank you", "done?", "yes please", "ok cool", "awesome", "right", "understood", "noted", "hmm", "hm", "uh", "um", "oops",
        "sorry", "lol", "wow", "bye", "goodbye", "see you", "good night", "that's all", "that's it", "nothing", "stop",
        "test", "testing", "test test",
    ]
    static let greetings: Set<String> = [
        "hi", "hello", "hey", "hiya", "howdy", "yo", "hallo", "hola", "good morning", "good afternoon", "good evening",
        "hi there", "hello there", "hey there", "morning", "greetings",
    ]
    /// Words that open a question whatever follows.
    static let questionWords: Set<String> = [
        "what", "what's", "whats", "whaat", "who", "who's", "whos", "whom", "whose", "why", "why's", "where", "where's", "wheres",
        "which", "how's", "hows", "when's", "whens", "wat", "wut",
    ]
    /// After `how` or `when`: the words that make it a question ("how many", "how do"), not a task
    /// ("how to fix the sink" is a note to self; "when I get home call mom" a task).
    static let howWords: Set<String> = ["many", "much", "long", "old", "far", "big", "tall", "come", "about", "often", "fast", "high", "deep", "are", "is", "do", "does", "can", "could", "would", "should", "did", "was", "were", "will", "i'm"]
    static let auxiliaries: Set<String> = [
        "is", "are", "was", "were", "am", "do", "does", "did", "can", "could", "would", "will", "shall", "has", "have", "had",
        "may", "might", "isn't", "aren't", "don't", "doesn't", "didn't", "can't", "won't", "wouldn't", "should",
    ]
    static let pronouns: Set<String> = ["you", "i", "we", "they", "he", "she", "it", "y'all"]
    static let subjects: Set<String> = [
        "you", "it", "there", "this", "that", "he", "she", "they", "we", "the", "a", "an", "these", "those", "any", "anyone",
        "anybody", "someone", "everything", "my", "your", "his", "her", "our", "their",
    ]
    /// Verbs that ask the assistant for an answer rather than name a task of the user's.
    static let askingVerbs: Set<String> = [
        "tell me", "tell us", "give me", "show me how", "teach me", "pretend", "imagine", "guess",
    ]
    /// Verbs that ask for arithmetic when a number follows.
    static let mathVerbs: Set<String> = ["calculate", "compute", "solve", "convert", "evaluate", "simplify", "multiply", "divide", "add up"]
    /// Openings that are requests for a task or doubts about one's own task: captures.
    static let requests: [String] = [
        "can you remind", "could you remind", "would you remind", "will you remind", "can you add", "could you add",
        "would you add", "can you put", "could you put", "can you create a task", "could you create a task",
        "can you set a reminder", "could you set a reminder", "can you make a task", "can you note", "could you note",
        "should i ", "shall i ", "do i need to", "do i have to", "don't forget", "do not forget", "i need to", "i have to",
        "remind me", "can you remember to", "could you remember to", "would you remember to", "will you remember to",
    ]
    /// A verb right after an auxiliary that makes the line a task rather than a question.
    static let taskVerbs: Set<String> = ["remind"]
    static let taskNouns: [String] = [
        "task", "tasks", "todo", "todos", "to-do", "to-dos", "reminder", "reminders", "my list", "to do list", "todo list",
        "to-do list", "inbox", "deadline", "deadlines", "due",
    ]
}
