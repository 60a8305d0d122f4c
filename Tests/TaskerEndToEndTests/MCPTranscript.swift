import Foundation

/// A golden MCP transcript: `> ` lines are sent, the `< ` lines after each are the expected replies
/// (none for a notification), `#` lines are comments.
///
/// To tell which replies belong to which request, the replay sends a ping with id `sync-N` after
/// request N and splits the output at those pings' replies.
struct MCPTranscript {
    struct Step {
        var request: String
        var expected: [String]
        var comments: [String]
    }

    var steps: [Step] = []
    var trailingComments: [String] = []

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    init(text: String) throws {
        var comments: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            if line.hasPrefix("> ") {
                steps.append(Step(request: String(line.dropFirst(2)), expected: [], comments: comments))
                comments = []
            } else if line.hasPrefix("< ") {
                guard !steps.isEmpty else { throw Malformed(description: "a reply before any request: \(line)") }
                steps[steps.count - 1].expected.append(String(line.dropFirst(2)))
            } else if line.hasPrefix("#") || line.isEmpty {
                comments.append(line)
            } else {
                throw Malformed(description: "a line that is neither '> ', '< ' nor a comment: \(line)")
            }
        }
        trailingComments = comments
    }

    static func syncPing(_ n: Int) -> String { #"{"jsonrpc":"2.0","id":"sync-\#(n)","method":"ping"}"# }
    static func syncReply(_ n: Int) -> String { #"{"id":"sync-\#(n)","jsonrpc":"2.0","result":{}}"# }

    /// Everything the replay writes to the server's stdin.
    var input: String {
        steps.enumerated().map { n, step in step.request + "\n" + Self.syncPing(n) + "\n" }.joined()
    }

    /// The server's stdout cut into the replies to each step.
    func replies(fromOutput output: String) throws -> [[String]] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.last == "" else { throw Malformed(description: "output does not end with a newline") }
        lines.removeLast()
        var groups: [[String]] = []
        var current: [String] = []
        for line in lines {
            if line == Self.syncReply(groups.count) {
                groups.append(current)
                current = []
            } else {
                current.append(line)
            }
        }
        guard groups.count == steps.count, current.isEmpty else {
            throw Malformed(description: "expected \(steps.count) sync pings back, got \(groups.count); output:\n\(output.prefix(2000))")
        }
        return groups
    }

    func rewritten(with replies: [[String]]) -> String {
        var out: [String] = []
        for (step, got) in zip(steps, replies) {
            out += step.comments
            out.append("> " + step.request)
            out += got.map { "< " + $0 }
        }
        out += trailingComments
        return out.joined(separator: "\n")
    }
}
