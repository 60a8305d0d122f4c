import TaskCLI

extension TaskerApp {
    /// `tasker --json today`: an option that is not global, written before a command's name. Without
    /// this the words would reach the chat, which would blame itself (`chat: unknown option`).
    /// - Throws: `UsageError` naming the option and the command, with the line to run instead.
    static func refuseOptionBeforeCommand(_ arguments: [String]) throws {
        var misplaced: String?
        var index = 0
        while index < arguments.count, CommandSignature.looksLikeOption(arguments[index]) {
            let spelling = String(arguments[index].split(separator: "=", maxSplits: 1).first ?? "")
            if let global = GlobalOptions.all.first(where: { $0.isSpelled(spelling) }) {
                index += global.takesValue && !arguments[index].contains("=") ? 2 : 1
            } else {
                misplaced = misplaced ?? arguments[index]
                index += 1
            }
        }
        guard let misplaced, index < arguments.count,
              let command = commands.first(where: { $0.signature.name == arguments[index] }) else { return }
        var corrected = arguments
        corrected.remove(at: index)
        corrected.insert(command.signature.name, at: 0)
        throw UsageError("\(misplaced) is an option of \(command.signature.name), not of tasker: write it after the command (tasker \(corrected.joined(separator: " ")))")
    }
}
