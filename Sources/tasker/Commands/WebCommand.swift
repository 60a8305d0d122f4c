import Foundation
import TaskCLI
import TaskCore
import TaskHTTPServer
import TaskLLM
import TaskNL
import TaskWeb

/// `tasker web [--port N] [--open]`: the local web page (capture with live chips, today, the day
/// plan, the approvals inbox) on 127.0.0.1, until SIGINT or SIGTERM.
enum WebCommand: Command {
    static let port = OptionSpec.value("--port", "N", "listen on 127.0.0.1:N (default 0: a free port, printed)")
    static let open = OptionSpec.flag("--open", "open the page in your browser (xdg-open); the link works once")

    static let signature = CommandSignature(
        name: "web", summary: "a local web page: capture with live chips, today, the day plan, approvals", maxWords: 0,
        options: [port, open],
        details: """
            Serves one page on 127.0.0.1 only and prints its URL on stderr with a one-time token:
            opening it sets an HttpOnly, SameSite=Strict session cookie, and the token is used up
            (start tasker web again for a new one). Every change the page asks for is a POST
            carrying a CSRF token; requests from another Origin (403), with a Host that does not
            name this server (421), or without the session (401) are refused and change nothing.
            The page, its script and its style are compiled in (Content-Security-Policy
            default-src 'self'): it works offline.

            Everything the page does is a toolkit call, as in the chat and over MCP (create_task
            from the parser's draft), and only these tools:
              \(WebAPI.tools.joined(separator: ", "))
            Approvals are decided at the same desk as `tasker approve`. With a model
            configured (see `tasker parse --refine`) a Refine button asks it, as the chat does. Limits as
            `tasker mcp --http`: bodies up to 1 MiB, 64 connections, 10 s idle timeout.
            Keys: / focuses capture, j and k move through the tasks, x completes the selected one.
            """,
        examples: ["tasker web --open", "tasker web --port 8765"])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        var number: UInt16 = 0
        if let text = arguments.value(Self.port) {
            guard let value = UInt16(text) else { throw UsageError("--port takes a number from 0 to 65535, not '\(text)'") }
            number = value
        }
        signal(SIGPIPE, SIG_IGN)
        let output = context.output
        let door = WebDoor(toolkit: try context.makeToolkit(), refine: modelRefine(context))
        let stop = StopSignals()
        let daemon: HTTPDaemon
        do {
            daemon = try HTTPDaemon(address: "127.0.0.1", port: number) { door.handle($0) }
        } catch let error as HTTPDaemonError {
            throw CommandFailure("\(error)")
        }
        door.port = daemon.port
        guard let url = door.loginURL else { throw CommandFailure("the web page has no login link; start tasker web again") }
        output.err("tasker web: open \(url) (the link works once; Ctrl-C stops)")
        let opener = arguments.has(Self.open) ? openInBrowser(url, folder: context.paths.taskerState + "/web", port: daemon.port, output) : nil
        stop.wait()
        daemon.stop()
        if let opener { _ = try? OwnerOnlyFile.remove(opener) }
        output.err("tasker web: stopped")
        return 0
    }

    /// The Refine button's path when config.json names a model: the rules' reading, then the same
    /// refine request as `parse --refine` and the chat's captures. A broken config is said once here.
    static func modelRefine(_ context: CommandContext) -> WebDoor.Refine? {
        let parser = TaskNLParser()
        switch ModelSetup(configDirectory: context.paths.taskerConfig, environment: context.environment).backend(parser: parser) {
        case .success(let backend):
            let clock = context.clock, zone = context.timeZone
            return { text in
                let now = clock()
                let result = backend.refineIfUseful(text, rules: parser.parse(text, now: now, timeZone: zone), now: now, timeZone: zone)
                return (result.drafts, result.notice)
            }
        case .failure(let off):
            if off.isFault { context.output.err("tasker web: no Refine button: \(off)") }
            return nil
        }
    }

    /// Hands the page to xdg-open through a small file (mode 0600, in a 0700 folder) that forwards to
    /// the one-time link: the link itself never appears in a command line, where any local user could
    /// read it (`/proc/PID/cmdline`) and redeem it first. Returns the file (removed when the server
    /// stops); a desktop without xdg-open gets a line saying to open the link by hand.
    static func openInBrowser(_ url: String, folder: String, port: UInt16, _ output: Output) -> String? {
        let path = folder + "/open-\(port).html"
        let page = "<!doctype html><meta charset=utf-8><meta http-equiv=refresh content=\"0;url=\(url)\"><title>tasker web</title>"
        do {
            try OwnerOnlyFile.makeDirectory(folder)
            try OwnerOnlyFile.write(Array(page.utf8), to: path)
        } catch {
            output.err("tasker web: \(error); open the link above in your browser")
            return nil
        }
        let process = ChildProcess.make("/usr/bin/xdg-open", [path])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            output.err("tasker web: could not start xdg-open; open the link above in your browser")
        }
        return path
    }
}
