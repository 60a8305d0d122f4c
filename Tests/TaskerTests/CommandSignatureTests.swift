import Testing
@testable import TaskCLI
@testable import tasker

/// The declaration parser: what each command line gives, and the one-line usage errors.
@Suite struct CommandSignatureTests {
    static let json = OptionSpec.flag("--json", "print JSON")
    static let limit = OptionSpec.value("--limit", "N", "at most N")
    static let signature = CommandSignature(
        name: "demo", summary: "a command for tests", words: ["TEXT…", "-"], options: [json, limit], details: "Does nothing.")
    static let noWords = CommandSignature(name: "quiet", summary: "takes no words", maxWords: 0, options: [json], details: "")

    private func parse(_ arguments: [String], _ signature: CommandSignature = signature) throws -> ParsedArguments {
        try signature.parse(arguments, shared: GlobalOptions.all)
    }

    /// The message of the usage error `arguments` give.
    private func usageError(_ arguments: [String], _ signature: CommandSignature = signature) -> String? {
        do {
            _ = try parse(arguments, signature)
            return nil
        } catch let error as UsageError {
            return error.message
        } catch {
            return "\(error)"
        }
    }

    @Test func flagsValuesAndWordsInAnyOrder() throws {
        let parsed = try parse(["call", "--json", "mom", "--limit", "3", "--db", "/tmp/t.sqlite", "tomorrow"])
        #expect(parsed.has(Self.json))
        #expect(parsed.value(Self.limit) == "3")
        #expect(parsed.value(GlobalOptions.database) == "/tmp/t.sqlite")
        #expect(parsed.words == ["call", "mom", "tomorrow"])
        #expect(!parsed.has(GlobalOptions.help))
    }

    @Test(arguments: [["--limit", "7"], ["--limit=7"]])
    func valueByWordOrByEquals(arguments: [String]) throws {
        #expect(try parse(arguments).value(Self.limit) == "7")
    }

    @Test func equalsKeepsTheRestOfTheWord() throws {
        #expect(try parse(["--db=/tmp/a=b.sqlite"]).value(GlobalOptions.database) == "/tmp/a=b.sqlite")
        #expect(try parse(["--limit="]).value(Self.limit) == "")
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parse(["--json", "--", "--limit", "-h", "-"])
        #expect(parsed.words == ["--limit", "-h", "-"])
        #expect(parsed.wordsBeforeTerminator == 0)
        #expect(!parsed.has(GlobalOptions.help))
        #expect(!parsed.marksStandardInput, "a - after -- is text")
        #expect(parsed.textWords == ["--limit", "-h", "-"])
    }

    @Test func aDashBeforeDoubleDashMarksStandardInput() throws {
        let parsed = try parse(["-", "--json"])
        #expect(parsed.marksStandardInput)
        #expect(parsed.textWords.isEmpty)
    }

    @Test(arguments: ["-5", "-~", "-", "-12.5"])
    func dashNumbersAreWords(word: String) throws {
        #expect(try parse([word]).words == [word])
    }

    @Test func shortSpelling() throws {
        #expect(try parse(["-h"]).has(GlobalOptions.help))
    }

    @Test func unknownOption() {
        #expect(usageError(["--bogus", "x"]) == "demo: unknown option '--bogus'; run `tasker demo --help`")
        #expect(usageError(["-x"]) == "demo: unknown option '-x'; run `tasker demo --help`")
    }

    @Test func missingValue() {
        #expect(usageError(["--limit"]) == "demo: --limit needs a value (N); run `tasker demo --help`")
        #expect(usageError(["x", "--db"]) == "demo: --db needs a value (PATH); run `tasker demo --help`")
    }

    @Test func repeatedOption() {
        #expect(usageError(["--json", "x", "--json"]) == "demo: --json is given twice; run `tasker demo --help`")
        #expect(usageError(["--limit=1", "--limit", "2"]) == "demo: --limit is given twice; run `tasker demo --help`")
        #expect(usageError(["--help", "-h"]) == nil, "help answers alone, even given twice")
    }

    @Test func aFlagTakesNoValue() {
        #expect(usageError(["--json=yes"]) == "demo: --json takes no value; run `tasker demo --help`")
    }

    @Test func unexpectedWords() {
        #expect(usageError(["serve"], Self.noWords) == "quiet: unexpected word 'serve' (quiet takes no arguments); run `tasker quiet --help`")
        let one = CommandSignature(name: "one", summary: "", words: ["set|remove"], maxWords: 1, details: "")
        #expect(usageError(["set", "now"], one) == "one: unexpected word 'now' (one takes at most 1 word: set|remove); run `tasker one --help`")
    }

    @Test func helpWinsOverWrongWords() throws {
        let parsed = try parse(["--bogus", "serve", "--help"], Self.noWords)
        #expect(parsed.has(GlobalOptions.help))
        #expect(try parse(["--version", "--limit"]).has(GlobalOptions.version))
    }

    @Test func commandIndexSkipsGlobalOptionsAndTheirValues() {
        let shared = GlobalOptions.all
        #expect(CommandSignature.commandIndex(in: ["--db", "x", "--tz=UTC", "parse", "--json"], shared: shared) == 3)
        #expect(CommandSignature.commandIndex(in: ["-h", "key"], shared: shared) == 1)
        #expect(CommandSignature.commandIndex(in: ["--offline"], shared: shared) == nil)
        #expect(CommandSignature.commandIndex(in: ["--", "parse"], shared: shared) == nil)
        #expect(CommandSignature.commandIndex(in: [], shared: shared) == nil)
    }

    @Test func helpIsGeneratedFromTheDeclaration() {
        let help = Self.signature.help(globals: GlobalOptions.all)
        #expect(help.hasPrefix("Usage: tasker demo [--json] [--limit N] TEXT…\n       tasker demo [--json] [--limit N] -\n"))
        #expect(help.contains("  --json     print JSON"))
        #expect(help.contains("  --limit N  at most N"))
        #expect(help.contains("Does nothing."))
        #expect(help.contains("(--db, --now, --tz)"))
    }

    @Test func everyCommandsHelpListsEachOfItsOptions() {
        for command in TaskerApp.commands {
            let help = command.signature.help(globals: GlobalOptions.all)
            #expect(help.hasPrefix("Usage: tasker \(command.signature.name)"))
            for option in command.signature.options { #expect(help.contains("  " + option.spellings), "\(command.signature.name) \(option.name)") }
        }
        let main = TaskerApp.mainHelp
        for command in TaskerApp.commands { #expect(main.contains("  \(command.signature.name)  ")) }
        for option in GlobalOptions.all { #expect(main.contains("  " + option.spellings)) }
    }
}
