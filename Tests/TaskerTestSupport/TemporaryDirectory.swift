import Foundation

/// A fresh folder under the system's temporary directory, removed (with everything in it, even
/// files a test made read-only) when the value is released. One per test, so tests run in parallel.
public final class TemporaryDirectory: @unchecked Sendable {
    public let url: URL

    /// - Parameter label: a word in the folder's name, to tell test leftovers apart.
    public init(_ label: String = "test") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tasker-\(label)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        makeRemovable(url.path)
        try? FileManager.default.removeItem(at: url)
    }

    public var path: String { url.path }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// A new folder `name` inside this one (made if missing), for tests that need several.
    @discardableResult
    public func folder(_ name: String) -> String {
        let path = path(name)
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func makeRemovable(_ path: String) {
        chmod(path, 0o755)
        for item in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            var isDirectory: ObjCBool = false
            let child = path + "/" + item
            if FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory), isDirectory.boolValue {
                makeRemovable(child)
            } else {
                chmod(child, 0o644)
            }
        }
    }
}
