import Foundation
import TaskCLI
import TaskCore
import TaskAgent
import TaskHTTPServer
import TaskMCP
import TaskSync
import TaskToolkit

/// `tasker mcp`: the tool catalogue as an MCP server on standard input and output.
enum MCPCommand: Command {
    static let agent = OptionSpec.value("--agent", "NAME", "act as this agent, with its policy and receipts")
    static let agentKeyFile = OptionSpec.value(
        "--agent-key-file", "FILE", "act as the agent whose tkr_… key is in FILE (mode 0600; or TASKER_AGENT_KEY, which is less private)")

    static let http = OptionSpec.value("--http", "ADDR:PORT", "serve MCP over Streamable HTTP at http://ADDR:PORT/mcp instead of stdio (agent keys required)")
    static let listenAny = OptionSpec.flag("--listen-any", "allow --http on an address other than 127.0.0.1, and any Host header")
    static let verbose = OptionSpec.flag("--verbose", "with --http, one line per request on stderr")
    static let tools = OptionSpec.value("--tools", "LIST", "offer only these tools: names, scopes (read, write:tasks, …), capture or all, comma-separated")

    static let signature = CommandSignature(
        name: "mcp", summary: "serve the tool catalogue over MCP (JSON-RPC on stdin/stdout)", maxWords: 0,
        options: [agent, agentKeyFile, http, listenAny, verbose, tools],
        details: """
            Serves the tool catalogue to an MCP client (Claude Desktop, Claude Code, Cursor, …) over stdio:
            one JSON-RPC 2.0 message per line on stdin and stdout. MCP revisions: \(ProtocolVersion.modern.joined(separator: ", "))
            (stateless: each request carries its version; server/discover), and \(ProtocolVersion.supported.joined(separator: ", "))
            (an initialize handshake). Diagnostics go to stderr; stdout carries only protocol
            messages. The server stops with status 0 when stdin ends. Several servers and a REPL may
            share one database.

            Files: an MCP client never names a host path. Path arguments (export_tasks, import_tasks,
            attach_file, open_attachment) are file names inside one folder: <data dir>/agents/mcp/files/
            for a keyless client, <data dir>/agents/NAME/files/ for an agent. Put files there for it;
            what it exports or copies appears there (0600, never over an existing file).

            Tools: --tools capture,read (or config.json's mcp_tools) offers only those tools, for a client
            that wants a smaller catalogue: tool names, scopes (read, write:tasks, write:pages,
            destructive), capture (capture_task, create_task) or all. An agent is offered, of these,
            only the tools its policy and grants can ever run (a read-only agent sees the readers).

            Over stdio the server is yours and keyless. With --agent NAME, an agent key in a file
            (--agent-key-file FILE: mode 0600, refused when group or others can read it) or in
            TASKER_AGENT_KEY, every call goes through that agent's policy: denied scopes fail, `ask`
            calls wait for `tasker approve`, and each call leaves a receipt (`tasker receipts`).
            TASKER_AGENT_KEY is read once and removed from the environment; programs the server
            starts (sync's password_command) get a minimal environment and never the key.

            With --http 127.0.0.1:PORT the server speaks MCP's Streamable HTTP transport (revision
            2025-11-25, accepting 2025-06-18) at http://127.0.0.1:PORT/mcp: JSON responses, a session id
            from initialize on, GET answered 405, DELETE ending a session. Every request needs
            `Authorization: Bearer <agent key>` (401 without; 403 insufficient_scope for a denied scope).
            Host and Origin are checked, bodies over 1 MiB are refused, at most 64 connections are served
            at once and a silent connection is closed after 10 s. It binds 127.0.0.1 only unless
            --listen-any is given. PORT 0 picks a free port; the address is printed on stderr.

            Register it with Claude Code:
              claude mcp add tasker -- /path/to/tasker mcp --db ~/tasks.sqlite
            See the README's MCP section for Claude Desktop, Cursor and other clients.
            """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        if arguments.value(Self.agent) != nil && arguments.value(Self.agentKeyFile) != nil {
            throw UsageError("give --agent or --agent-key-file, not both")
        }
        // A client that closes our stdout must make the write fail, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        // Every MCP session is an agent for files, a keyless one included: its paths stay in <data dir>/agents/mcp/files/
        // (an agent's calls, through AgentGate, in that agent's own folder).
        let owned = try context.makeToolkit()
        let toolkit = owned.with(files: .keyless(database: owned.store.path)).selecting(try selection(arguments, context))
        let output = context.output
        if let address = arguments.value(Self.http) {
            if arguments.value(Self.agentKeyFile) != nil {
                throw UsageError("--agent-key-file is for stdio; over --http every request brings its agent key as `Authorization: Bearer tkr_…`")
            }
            return try serveHTTP(address, toolkit: toolkit, listenAny: arguments.has(Self.listenAny), verbose: arguments.has(Self.verbose),
                                 context: context)
        }
        let background = startBackgroundSync(context)
        defer { background?.stop() }
        var catalog: ToolCatalog = toolkit
        if let name = arguments.value(Self.agent) {
            catalog = AgentGate(toolkit: toolkit, agent: try AgentCredential.named(name, in: toolkit.store))
        } else if let key = try agentKey(arguments, context) {
            catalog = AgentGate(toolkit: toolkit, agent: try AgentCredential.authenticate(key, in: toolkit.store))
        }
        let server = MCPServer(
            catalog: catalog,
            info: ServerInfo(version: TaskerApp.version),
            log: { output.err("tasker mcp: \($0)") })
        do {
            try server.serve(StdioTransport())
        } catch let failure as FileDescriptorWriter.Failure where failure.readerClosed {
            output.err("tasker mcp: the client closed its end of the connection; stopping")
        } catch {
            output.err("tasker mcp: stopping: \(error)")
            return 1
        }
        return 0
    }

    /// The tools --tools names, else config.json's mcp_tools, else all of them.
    /// - Throws: `UsageError` for a --tools word that names nothing; `CommandFailure` for such a config value.
    static func selection(_ arguments: ParsedArguments, _ context: CommandContext) throws -> ToolSelection? {
        if let words = arguments.value(Self.tools) {
            do { return try ToolSelection(words) } catch { throw UsageError("--tools: \(error)") }
        }
        let config = ConfigFile.config(in: context.paths.taskerConfig)
        if let refusal = config.refusal(.mcpTools, instead: "fix it or remove it") { throw CommandFailure(refusal) }
        guard let words = config.string(.mcpTools) else { return nil }
        do { return try ToolSelection(words) } catch { throw CommandFailure("config.json: mcp_tools: \(error)") }
    }

    /// The agent key from --agent-key-file (its first line), else from TASKER_AGENT_KEY; nil for none.
    /// - Throws: `CommandFailure` for a file that is missing, empty, or readable by group or others.
    static func agentKey(_ arguments: ParsedArguments, _ context: CommandContext) throws -> String? {
        guard let file = arguments.value(Self.agentKeyFile) else { return context.agentKey.flatMap { $0.isEmpty ? nil : $0 } }
        let data: Data?
        do {
            data = try OwnerOnlyFile.read(file)
        } catch .readableByOthers {
            throw CommandFailure("the agent key file \(file) is readable by group or others; run `chmod 600 \(file)`")
        } catch .otherOwner {
            throw CommandFailure("the agent key file \(file) belongs to another user; it is not used")
        } catch .failed(let reason) {
            throw CommandFailure(reason)
        }
        let key = data.map { String(decoding: $0, as: UTF8.self) }?.split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let key, !key.isEmpty else {
            throw CommandFailure("no agent key in \(file); save the tkr_… key `tasker agent add` printed there (mode 0600)")
        }
        return key
    }

    /// The background sync when config.json has a `sync` section (and its interval is not 0): its
    /// news and failures go to stderr as `tasker mcp: sync …` lines; it never stops the server.
    static func startBackgroundSync(_ context: CommandContext) -> BackgroundSync? {
        let output = context.output
        let setup: SyncSetup?
        do {
            setup = try SyncSetup.load(configDirectory: context.paths.taskerConfig, environment: context.environment)
        } catch {
            output.err("tasker mcp: sync off: \(error)")
            return nil
        }
        guard let setup else { return nil }
        let job = SyncJob(setup: setup, timeZone: context.timeZone, databasePath: context.globals.databasePath)
        let background = job.background(openStore: { try context.openStore() }, onNotice: { notice in
            for line in notice.lines { output.err("tasker mcp: \(line)") }
        })
        background?.start()
        return background
    }

    /// Serves `/mcp` on `address` until SIGINT or SIGTERM.
    static func serveHTTP(_ address: String, toolkit: TaskToolkit, listenAny: Bool, verbose: Bool, context: CommandContext) throws -> Int32 {
        let output = context.output
        let parts = address.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let port = UInt16(parts[1]) else { throw UsageError("--http takes ADDRESS:PORT, such as 127.0.0.1:8931") }
        var host = String(parts[0])
        if host == "localhost" { host = "127.0.0.1" }
        guard host == "127.0.0.1" || listenAny else {
            throw UsageError("--http binds 127.0.0.1 only; pass --listen-any to serve on \(host) (anyone who can reach it can try keys)")
        }
        let stop = StopSignals()
        let background = startBackgroundSync(context)
        defer { background?.stop() }
        let endpoint = MCPHTTPEndpoint(
            toolkit: toolkit, info: ServerInfo(version: TaskerApp.version), anyHost: listenAny, log: { output.err("tasker mcp: \($0)") })
        let daemon: HTTPDaemon
        do {
            daemon = try HTTPDaemon(address: host, port: port) { request in
                let started = Date()
                let response = endpoint.handle(request)
                if verbose {
                    let ms = Int(Date().timeIntervalSince(started) * 1000)
                    output.err("tasker mcp: \(request.method) \(request.path) \(response.status) \(response.body.count)B \(ms)ms")
                }
                return response
            }
        } catch let error as HTTPDaemonError {
            throw CommandFailure("\(error)")
        }
        endpoint.port = daemon.port
        output.err("tasker mcp: listening on http://\(host):\(daemon.port)\(MCPHTTPEndpoint.path)")
        stop.wait()
        daemon.stop()
        output.err("tasker mcp: stopped")
        return 0
    }
}
