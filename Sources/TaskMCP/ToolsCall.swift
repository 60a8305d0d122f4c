import TaskCore
import TaskToolkit

/// The `tools/call` method: run one tool and wrap its JSON result as MCP's `CallToolResult`.
///
/// The result is both a text content item (the JSON, for clients that only read text) and
/// `structuredContent`. A tool's own failure — `ok:false`, arguments that do not fit the schema, a
/// database that cannot be used — is a result with `isError: true` so the model can correct itself;
/// only an unknown tool or unusable params are protocol errors.
enum ToolsCall {
    static let method = "tools/call"

    struct Params: Equatable {
        var name: String
        var arguments: JSONValue

        /// - Throws: `MCPError.invalidParams` when `name` is missing or not a string, or `arguments`
        ///   is given and is not an object.
        init(_ params: [String: JSONValue]) throws(MCPError) {
            guard let nameValue = params["name"] else {
                throw .invalidParams("tools/call needs params.name, the tool to run")
            }
            guard case .string(let name) = nameValue else {
                throw .invalidParams("tools/call params.name must be a string, not \(nameValue.typeName)")
            }
            switch params["arguments"] {
            case nil, .null?: arguments = .object([:])
            case .object(let members)?: arguments = .object(members)
            case let other?: throw .invalidParams("tools/call params.arguments must be an object, not \(other.typeName)")
            }
            self.name = name
        }
    }

    /// Runs the call and returns the encoded `CallToolResult` (compact, keys sorted); with
    /// `serverInfo` (2026-07-28) it also carries `resultType` and the server's identity in `_meta`.
    /// - Throws: `MCPError.unknownTool` when the catalogue has no such tool.
    static func encodedResult(_ params: Params, catalog: ToolCatalog, log: (String) -> Void, serverInfo: ServerInfo? = nil) throws(MCPError) -> String {
        encode(try run(params, catalog: catalog, log: log), serverInfo: serverInfo)
    }

    /// Runs the call: the tool's JSON, or an `ok:false` result saying why it did not run.
    /// - Throws: `MCPError.unknownTool` when the catalogue has no such tool.
    static func run(_ params: Params, catalog: ToolCatalog, log: (String) -> Void) throws(MCPError) -> JSONValue {
        do {
            return try catalog.call(params.name, params.arguments)
        } catch ToolkitError.unknownTool(let name) {
            throw .unknownTool(name)
        } catch ToolkitError.invalidArguments(let tool, let message) {
            return ["ok": false, "error": .string("\(tool): \(message)")]
        } catch {
            log("tools/call \(params.name) failed: \(error)")
            return ["ok": false, "error": .string("\(error)")]
        }
    }

    /// `{"content":[{"text":…,"type":"text"}],"isError":…,"structuredContent":…}`, written as bytes
    /// with the tool's JSON encoded once; byte for byte what encoding the equivalent `JSONValue` gives.
    static func encode(_ value: JSONValue, serverInfo: ServerInfo? = nil) -> String {
        var json: [UInt8] = []
        json.reserveCapacity(4096)
        value.appendEncoded(to: &json)
        var out: [UInt8] = []
        out.reserveCapacity(json.count * 2 + 160)
        out.append(UInt8(ascii: "{"))
        if let serverInfo {
            out.append(contentsOf: #""_meta":"#.utf8)
            JSONValue.object([RequestEnvelope.serverInfoKey: serverInfo.json]).appendEncoded(to: &out)
            out.append(UInt8(ascii: ","))
        }
        out.append(contentsOf: #""content":[{"text":"#.utf8)
        json.withUnsafeBufferPointer { JSONValue.appendStringLiteral(utf8: $0, to: &out) }
        out.append(contentsOf: #","type":"text"}],"isError":"#.utf8)
        out.append(contentsOf: (value["ok"] == .bool(false) ? "true" : "false").utf8)
        if serverInfo != nil { out.append(contentsOf: #","resultType":"complete""#.utf8) }
        if case .object = value {
            out.append(contentsOf: #","structuredContent":"#.utf8)
            out.append(contentsOf: json)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }
}
