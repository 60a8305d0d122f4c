import Foundation

/// Finds a system prompt file at run time (never through `Bundle.module`, which crashes when the
/// resources folder is not beside the binary).
///
/// Order: the user's override in `$XDG_CONFIG_HOME/tasker/prompts/`, the `TASKER_PROMPTS` folder,
/// `../share/tasker/prompts/` and `./prompts/` beside the executable, then the source tree.
public struct PromptLocator: Sendable {
    public let folders: [String]

    public init(folders: [String]) { self.folders = folders }

    /// The standard search order for a config folder and an environment.
    public init(configDirectory: String, environment: [String: String], executablePath: String? = nil) {
        var folders = [configDirectory + "/prompts"]
        if let dir = environment["TASKER_PROMPTS"], !dir.isEmpty { folders.append(dir) }
        if let exe = executablePath ?? Self.executablePath() {
            let bin = URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
            folders.append(bin.appendingPathComponent("../share/tasker/prompts").standardized.path)
            folders.append(bin.appendingPathComponent("prompts").path)
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        folders.append(source.appendingPathComponent("../../prompts").standardized.path)
        self.init(folders: folders)
    }

    /// The text of the first `name` found.
    /// - Throws: `LLMError.promptMissing` listing where it looked.
    public func load(_ name: String) throws(LLMError) -> String {
        for folder in folders {
            let path = folder + "/" + name
            if let data = FileManager.default.contents(atPath: path), !data.isEmpty {
                return String(decoding: data, as: UTF8.self)
            }
        }
        throw .promptMissing(name: name, searched: folders)
    }

    private static func executablePath() -> String? {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
        return path.flatMap { $0.isEmpty ? nil : $0 }
    }
}
