/// `tasker parse`. STUB: filled in by its issue.
enum ParseCommand: Command {
    static let name = "parse"
    static let summary = "read a sentence with the capture grammar and print the draft and chips"
    static let help = "Usage: tasker parse (not built yet)"

    static func run(_ arguments: [String], _ context: CommandContext) throws -> Int32 {
        context.output.err("tasker: 'parse' is not built yet")
        return 1
    }
}
