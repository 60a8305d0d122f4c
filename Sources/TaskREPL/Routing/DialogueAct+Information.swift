import Foundation

/// Requests for information or computation that start like a task (issue 42, BFCL's irrelevance
/// prompts): `Find restaurants nearby`, `Get the weather in Paris`, `Retrieve the average house
/// price`, `Calculate the probability of…`, `Convert 'burger king' to coordinates`, `Find me a good
/// restaurant`, `Help me`, `I'd like a cab`, `I'm looking for a movie`, `I need help making a payment`.
///
/// The boundary (docs/CHAT.md, "Questions are not tasks"): the verb alone never decides, its object
/// does. `find the passport`, `get milk`, `check the oil`, `fetch the kids`, `find a dentist near
/// work`, `convert the garage to a gym`, `calculate taxes for Q4` and `look up the train times` name
/// something to do or fetch, so they stay tasks; a forecast, a definition, a distance, a venue to go
/// to near a place, or something asked of the assistant (`find me…`, `help me`) is an answer wanted now.
extension DialogueAct {
    /// Whether `text` asks the assistant for information or a computation rather than naming a task.
    static func asksForInformation(_ text: String) -> Bool {
        let original = text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "'" || $0 == "’") }).map(String.init)
        let words = original.map { $0.lowercased().replacingOccurrences(of: "’", with: "'") }
        guard let first = words.first else { return false }
        let second = words.count > 1 ? words[1] : ""
        let opening = words.prefix(4).joined(separator: " ")
        if requests.contains(where: { opening.hasPrefix($0) }) { return false }
        let rest = Set(words.dropFirst())
        if handsOverAKey(text) || asksInALaterSentence(text) { return true }
        // "I am a chatbot and…", "i hate you", "I don't know what I should say": about the speaker, nothing to do.
        if statements.contains(where: { opening.hasPrefix($0 + " ") || opening == $0 }) { return true }
        // "help", "help me find a salon", "help find a housekeeper"; "help mom move" is a task.
        if first == "help" { return ["", "me", "find", "finding"].contains(second) }
        if assistantVerbs.contains(first) && second == "me" { return true }
        // "Call me an Uber"; "call me back" is not said to a task list either, but "call mom" is a task.
        if first == "call", second == "me", words.count > 2, ["a", "an"].contains(words[2]) { return true }
        // "Identify the type of blood cells…", "determine the number of…".
        if ["identify", "determine"].contains(first), words.count > 3, second == "the", ["type", "number", "kind"].contains(words[2]), words[3] == "of" { return true }
        if wishes.contains(where: { opening.hasPrefix($0) }) { return true }
        // "I want to get the temperature in New York": a wish is read by what it asks for.
        if let wish = ["i want to ", "i wish to ", "i'd like to ", "i would like to "].first(where: { opening.hasPrefix($0) }) {
            return asksForInformation(String(words.joined(separator: " ").dropFirst(wish.count)))
        }
        // "I'd like a cab", "I would like the average price of…"; "I'd like to repaint the kitchen" is a task, like "I want to…".
        if ["i'd like", "i would like", "i'd love", "i would love"].contains(where: { opening.hasPrefix($0 + " ") }), !words.contains("to") { return true }
        // "Get the weather in Paris", "weather in zip code 30022", "Whst is the temperature".
        if !rest.isDisjoint(with: weatherWords), lookupVerbs.contains(first), !rest.contains("stripping") { return true }
        if weatherWords.contains(first) && ["in", "for", "today", "tomorrow", "at", "this"].contains(second) { return true }
        if first == "retrieve" { return true }
        if first == "fetch" && !rest.isDisjoint(with: dataWords) { return true }
        // "Find the distance from San Francisco to Los Angeles", "find the integral of x^3".
        if lookupVerbs.contains(first), words.count > 2, ["the", "a", "an"].contains(second), computedWords.contains(words[2]) { return true }
        // "Find a Thai restaurant in Chicago", "Find restaurants nearby": a venue near a place.
        if ["find", "search", "locate"].contains(first), !rest.isDisjoint(with: venues), nearAPlace(original, words) { return true }
        // "Calculate the probability of…", "calculate how much…"; "calculate taxes for Q4" is a task.
        if mathVerbs.contains(first), ["how", "what", "whether"].contains(second) || !rest.isDisjoint(with: computedWords) { return true }
        // "convert 'sungai long burger king' to coordinates", "convert the xlsx file to json".
        if first == "convert" || second == "convert", let to = words.lastIndex(of: "to"), to + 1 < words.count, units.contains(words[to + 1]) { return true }
        // "Add 4 and 5 then multiply them".
        if ["add", "multiply", "subtract", "divide"].contains(first), words.count > 3, Double(second) != nil, Double(words[3]) != nil { return true }
        return false
    }

    /// "My API key is 'beta_key'", "use the key sp_key002": a request that hands the assistant a
    /// credential is for a tool, and a key is never saved as a task title. `renew my API key` is a task.
    static func handsOverAKey(_ text: String) -> Bool {
        text.range(of: #"\b(api key|my key|the key|access key|authorization key|access token|my token)\b\W+(\w+\W+){0,3}?['"]?[a-z]*(_|\d)\w*"#,
                   options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// "I have some business in NYC. So can you find something to do there?": a sentence after the
    /// first that asks the assistant (`can you…`, `find me…`), unless it asks to remind or add.
    static func asksInALaterSentence(_ text: String) -> Bool {
        let sentences = text.lowercased().components(separatedBy: CharacterSet(charactersIn: ".!?")).dropFirst()
        return sentences.contains { sentence in
            let words = sentence.split(whereSeparator: { !($0.isLetter || $0 == "'") }).map(String.init).drop { $0 == "so" || $0 == "and" || $0 == "please" }
            let opening = words.prefix(4).joined(separator: " ")
            guard words.count > 2, !requests.contains(where: { opening.hasPrefix($0) }) else { return false }
            let (first, second) = (words[words.startIndex], words[words.startIndex + 1])
            return ["can", "could", "would", "will"].contains(first) && second == "you" || assistantVerbs.union(["give", "tell"]).contains(first) && second == "me"
        }
    }

    /// "nearby", "near me", "around here", or `in`/`near` followed by a capitalised name ("in Chicago").
    static func nearAPlace(_ original: [String], _ words: [String]) -> Bool {
        if words.contains("nearby") || words.contains("near") && words.contains("me") || words.contains("around") && words.contains("here") { return true }
        for (index, word) in words.enumerated() where ["in", "near"].contains(word) && index + 1 < original.count {
            if original[index + 1].first?.isUppercase == true { return true }
        }
        return false
    }

    /// Verbs that ask the assistant to do something for the speaker: `find me`, `book me`, `play me`.
    static let assistantVerbs: Set<String> = ["find", "get", "fetch", "show", "play", "plan", "order", "book", "search", "bring", "guide", "retrieve"]
    /// Verbs that look something up.
    static let lookupVerbs: Set<String> = ["find", "get", "fetch", "show", "search", "tell", "give", "identify", "determine"]
    /// Openings that ask a service for something now rather than name a task of one's own.
    static let wishes: [String] = [
        "i'm looking for", "i am looking for", "i'm interested in", "i am interested in", "i need to know", "i want to know",
        "i'd like to know", "i would like to know", "i need help", "i require assistance",
    ]
    /// Openings that say something about the speaker rather than name a task.
    static let statements: [String] = [
        "i am a", "i am an", "i'm a", "i'm an", "i love", "i hate", "i don't know", "i dont know", "i like", "i think i am",
    ]
    static let weatherWords: Set<String> = ["weather", "forecast", "temperature", "temperatures", "rainfall", "climate", "humidity"]
    /// What a fetch of data names (`fetch comments for domain…`); `fetch the kids` is a task.
    static let dataWords: Set<String> = ["comments", "data", "details", "information", "info", "records", "urls", "news"]
    /// What is computed or looked up rather than done.
    static let computedWords: Set<String> = [
        "distance", "duration", "volume", "area", "integral", "definite", "derivative", "probability", "average", "sum", "population",
        "definition", "meaning", "capital", "fastest", "shortest", "square", "percentage",
    ]
    /// Places to go that a search near somewhere finds; a dentist or a plumber near work is a task.
    static let venues: Set<String> = [
        "restaurant", "restaurants", "cafe", "cafes", "bar", "bars", "hotel", "hotels", "bakery", "store", "stores", "shop", "shops",
        "salon", "spot", "attractions", "places", "events", "movie", "movies", "theater", "cinema", "station", "retreat", "museum",
    ]
    /// Units a conversion ends in; `convert the garage to a gym` and `convert the slides to PDF` are tasks.
    static let units: Set<String> = [
        "coordinates", "km", "kilometers", "kilometres", "miles", "meters", "metres", "feet", "celsius",
        "fahrenheit", "kelvin", "dollars", "euros", "pounds", "usd", "eur", "gbp", "kg", "grams", "ounces", "liters", "litres", "gallons",
    ]
}
