import TaskToolkit

/// Where a turn hands a line on when it is not its own to finish: a command naming no task becomes
/// a capture, a failed model turn falls back to the rules, an edited capture may be a command.
/// `ChatTurns` is the chat's own; a test gives one that records.
protocol ChatHandoff {
    /// Shows `text` as a task to save, and saves it on Enter (`ChatCapture`).
    func capture(_ text: String)
    /// A turn with the model about `text`; the rules' capture when there is no model.
    func modelTurn(_ text: String)
    /// `plan my day …` and `/plan`: the rules' plan, or the model's checked against it (`PlanRouting`).
    func plan(_ call: PlanDay)
    /// A line as if typed at the prompt.
    func handle(_ line: String)
}
