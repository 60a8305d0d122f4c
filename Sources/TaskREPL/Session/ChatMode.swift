import Foundation

/// What the chat is set to right now: its settings and its model path, changed by `/confirm`,
/// `/offline`, `/model`, `/endpoint`, `/plan rules|model` and `/key set`, read by every turn; and
/// whether `/quit` was typed.
final class ChatMode {
    var settings: ChatSettings
    /// The model path; nil means rules only.
    var model: ModelConversation?
    /// Builds the model path after `/key set` when there was none at start.
    var modelFactory: (() -> ModelConversation?)?
    /// Set by /quit; the loop stops after the current line.
    var finished = false

    init(settings: ChatSettings, model: ModelConversation?) {
        self.settings = settings
        self.model = model
    }

    /// True when lines that are not rules go to the model.
    var modelMode: Bool { model != nil && !settings.offline }

    /// The model when lines go to it (`modelMode`); nil in rules-only mode.
    var activeModel: ModelConversation? { modelMode ? model : nil }

    /// How the chat waits for the model (a spinner and Ctrl-C at a terminal), showing on `output`.
    func modelWait(_ output: OutputSink) -> ModelWait { ModelWait(atTerminal: settings.showSpinner, output: output) }
}
