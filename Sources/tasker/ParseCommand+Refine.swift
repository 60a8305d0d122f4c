/// `tasker parse --refine`: the whole capture path, rules then the configured model. STUB: filled in
/// by the model-path issue.
extension ParseCommand {
    /// Refines each sentence with the model and prints `{"drafts": […], "model": …, "notice": …}`.
    static func refine(_ sentences: [String], json: Bool, _ context: CommandContext) throws -> Int32 {
        context.output.err("tasker: --refine is not built yet")
        return 1
    }
}
