import Foundation
import TaskCLI
import TaskCore
import TaskToolkit

/// `tasker note [--json] PAGE TEXT…`: append a line to a page, creating the page when there is none.
enum NoteCommand: Command {
    static let json = OptionSpec.flag("--json", "print append_to_page's (or create_page's) JSON result")

    static let signature = CommandSignature(
        name: "note", summary: "append text to a page, creating the page when there is none",
        words: ["PAGE TEXT…"], options: [json],
        details: """
            Appends TEXT (the words after PAGE, joined by spaces) to the page titled PAGE (exactly,
            then a unique part of it); with no such page, creates it with TEXT as its body. Quote a
            page title of several words. Exit status as `tasker call`.
            """,
        examples: [#"tasker note Kitchen "buy tiles""#, #"tasker note "Trip ideas" lisbon in may"#])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let words = arguments.textWords
        guard words.count >= 2, !words[0].trimmingCharacters(in: .whitespaces).isEmpty else {
            throw UsageError("note: give the page and the text, e.g. `tasker note Kitchen buy tiles`")
        }
        let page = words[0], text = words.dropFirst().joined(separator: " ")
        let printer = try ToolPrinter(context, json: arguments.has(json))
        let appended = try printer.toolkit.run(AppendToPage(page: .title(page), markdown: text))
        if case .refused(let refusal) = appended, refusal.candidates.isEmpty {
            try printer.run(CreatePage(title: page, body: text))
        } else {
            printer.show(appended)
        }
        return 0
    }
}
