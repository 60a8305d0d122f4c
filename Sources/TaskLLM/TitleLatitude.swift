/// How far a model's title may stray from the rules' title (`RefinementMerger.acceptsTitle`).
///
/// Either way the title may use only the words said, never brings back what the rules took out (a
/// date, a chip) and keeps every content word of the rules' title (`TitleWords.content`).
public enum TitleLatitude: Sendable, Equatable {
    /// A refinement (`tasker parse --refine`, the chat's dictation): the model is asked only to split
    /// the user's own words and say where each task lies, so its title may leave out the spoken opener
    /// and fillers (`TitleWords.kept`), not words inside the title, and one that only recases the
    /// rules' words gives way to the user's letters. Issue 42: real SmolLM2 made the model path worse
    /// than the rules alone with `Call Bob`, `Pick Up Dry Cleaning` and `Buy Bread, Milk, Eggs`.
    case refinement
    /// A task the model proposed in the chat (a `create_task` call): the model words a request, so its
    /// title may also drop articles, prepositions and other closed-class words anywhere (`Call mom`
    /// for `remind me that mom needs a call`) and recase.
    case proposal
}
