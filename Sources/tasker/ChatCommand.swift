/// `tasker chat`. STUB: filled in by its issue.
enum ChatCommand: Command {
    static let name = "chat"
    static let summary = "the chat REPL (the default when no command is given)"
    static let help = "Usage: tasker chat (not built yet)"

    static func run(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
        context.output.err("tasker: 'chat' is not built yet")
        return 1
    }
}
