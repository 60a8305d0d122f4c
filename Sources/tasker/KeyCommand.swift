/// `tasker key`. STUB: filled in by its issue.
enum KeyCommand: Command {
    static let name = "key"
    static let summary = "set, remove or check the model key (set reads it from stdin)"
    static let help = "Usage: tasker key (not built yet)"

    static func run(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
        context.output.err("tasker: 'key' is not built yet")
        return 1
    }
}
