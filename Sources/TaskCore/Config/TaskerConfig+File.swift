import Foundation
#if canImport(Glibc)
import Glibc
#endif

extension TaskerConfig {
    /// The most config.json may hold: 1 MiB. It holds settings only (a few hundred bytes to a few
    /// KiB); a bigger file is refused from its size alone, never read, so a runaway file cannot stall
    /// every command.
    public static let maxFileBytes = 1 << 20

    /// What reading config.json found.
    public enum FileText: Sendable, Equatable {
        /// No file: every key takes its default.
        case missing
        case text(String)
        /// A file that cannot be used at all; the reason, one line (`is 314,572,800 bytes, over …`).
        case unusable(String)
    }

    /// config.json's text at `path`, read only when it is a regular file of at most `maxFileBytes`
    /// (judged by `stat` before anything is read, and the read itself stops one byte past the cap).
    public static func fileText(at path: String) -> FileText {
        var info = stat()
        guard stat(path, &info) == 0 else { return .missing }
        guard info.st_mode & S_IFMT == S_IFREG else { return .unusable("is not a regular file; make it one holding a JSON object") }
        if Int(info.st_size) > maxFileBytes { return .unusable(tooLarge(Int(info.st_size))) }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .unusable("cannot be read; check its permissions") }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: maxFileBytes + 1) else { return .text("") }
        if data.count > maxFileBytes { return .unusable(tooLarge(data.count)) }
        return .text(String(decoding: data, as: UTF8.self))
    }

    /// config.json at `path` checked against the declaration: a missing file is an empty object, one
    /// that cannot be used is an empty object with one problem of kind `.file`.
    public init(file path: String) {
        switch Self.fileText(at: path) {
        case .missing: self.init()
        case .text(let text): self.init(text: text)
        case .unusable(let reason): self.init(fileProblem: reason)
        }
    }

    private static func tooLarge(_ size: Int) -> String {
        "is \(size.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) bytes, over the 1 MiB a config.json may hold, "
            + "so it was not read and every setting takes its default; it holds settings only: trim it"
    }
}
