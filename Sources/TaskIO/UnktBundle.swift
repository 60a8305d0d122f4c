import Foundation
import TaskCore
import TaskStore

/// The `.unkt` bundle: a ZIP with `manifest.json` first, then `tasks.jsonl`, `projects.jsonl`,
/// `spaces.jsonl`, `pages.jsonl`, `links.jsonl` (one record per line) and `pages/<uuid>.md` (each
/// page's Markdown body). It reads fine once unzipped.
public enum UnktBundle {
    static let recordFiles = ["tasks.jsonl", "projects.jsonl", "spaces.jsonl", "pages.jsonl", "links.jsonl"]

    /// Writes `records` to a new bundle at `path`. - Throws: `IOError.cannotWrite`.
    public static func write(_ records: RecordSet, to path: String, generator: String, created: Date) throws {
        func lines(_ values: [JSONValue]) -> [UInt8] {
            var out: [UInt8] = []
            for v in values {
                v.appendEncoded(to: &out)
                out.append(UInt8(ascii: "\n"))
            }
            return out
        }
        var files: [(name: String, bytes: [UInt8])] = [
            ("tasks.jsonl", lines(records.tasks.map(\.json))),
            ("projects.jsonl", lines(records.projects.map(\.json))),
            ("spaces.jsonl", lines(records.spaces.map(\.json))),
            ("pages.jsonl", lines(records.pages.map(\.json))),
            ("links.jsonl", lines(records.links.map(\.json))),
        ]
        for page in records.pages { files.append(("pages/\(page.uuid).md", Array(page.body.utf8))) }
        let manifest = BundleManifest(
            schemaVersion: TaskStore.schemaVersion, generator: generator, created: created,
            counts: ["tasks": records.tasks.count, "projects": records.projects.count, "spaces": records.spaces.count,
                     "pages": records.pages.count, "links": records.links.count],
            files: files.map { BundleManifest.File(path: $0.name, size: $0.bytes.count, sha256: SHA256.hex($0.bytes)) })
        let manifestBytes = Array((manifest.json.prettyEncoded() + "\n").utf8)
        try ZipArchive.write(path: path, entries: [(BundleManifest.entryName, manifestBytes)] + files)
    }

    /// Reads and checks a bundle without touching any database.
    ///
    /// Before any record is parsed: every entry name must be relative and free of `..`, no entry may
    /// be a symlink or declare more than the limits, names must be unique, `manifest.json` must come
    /// first, and every file must match the manifest's size and SHA-256 (and be listed in it).
    /// Then each line is parsed; a UUID may appear once per kind.
    /// - Throws: `IOError.notAnArchive`, `.unsafeBundle`, `.malformed` (file, line, field).
    public static func read(path: String, source: String? = nil, limits: BundleLimits = .standard) throws -> ImportedRecords {
        let source = source ?? (path as NSString).lastPathComponent
        let zip = try ZipArchive(reading: path, source: source)
        let entries = try zip.entries()
        guard entries.count <= limits.entries else {
            throw IOError.unsafeBundle(source: source, entry: "(all)", reason: "it has \(entries.count) entries, more than \(limits.entries)")
        }
        var seen = Set<String>()
        var total: UInt64 = 0
        for entry in entries {
            if let reason = unsafeName(entry.name) { throw IOError.unsafeBundle(source: source, entry: entry.name, reason: reason) }
            if entry.isSymlink { throw IOError.unsafeBundle(source: source, entry: entry.name, reason: "it is a symbolic link") }
            guard seen.insert(entry.name).inserted else {
                throw IOError.unsafeBundle(source: source, entry: entry.name, reason: "the name appears twice")
            }
            guard entry.size <= limits.entryBytes else {
                throw IOError.unsafeBundle(source: source, entry: entry.name,
                                           reason: "it declares \(entry.size) bytes, more than the limit of \(limits.entryBytes)")
            }
            total += entry.size
            guard total <= limits.totalBytes else {
                throw IOError.unsafeBundle(source: source, entry: entry.name,
                                           reason: "the entries declare more than \(limits.totalBytes) bytes in all")
            }
        }
        guard let first = entries.first, first.name == BundleManifest.entryName else {
            throw IOError.unsafeBundle(source: source, entry: entries.first?.name ?? "(none)", reason: "manifest.json must be the first entry")
        }
        let manifestText = try text(try zip.data(first, limit: limits.entryBytes), source: source, entry: first.name)
        let manifest: BundleManifest
        do {
            manifest = try BundleManifest(json: try JSONValue.parse(manifestText))
        } catch let error as JSONParseError {
            throw IOError.malformed(source: source, location: BundleManifest.entryName, field: nil, reason: error.description)
        } catch let error as FieldError {
            throw IOError.malformed(source: source, location: BundleManifest.entryName, field: error.field, reason: error.reason)
        }
        // Every byte is checked before anything is parsed.
        var listed: [String: BundleManifest.File] = [:]
        for file in manifest.files { listed[file.path] = file }
        var contents: [String: [UInt8]] = [:]
        for entry in entries.dropFirst() where !entry.isDirectory {
            guard let file = listed[entry.name] else {
                throw IOError.unsafeBundle(source: source, entry: entry.name, reason: "it is not listed in manifest.json")
            }
            let bytes = try zip.data(entry, limit: min(limits.entryBytes, UInt64(max(file.size, 0))))
            guard bytes.count == file.size, SHA256.hex(bytes) == file.sha256 else {
                throw IOError.unsafeBundle(source: source, entry: entry.name, reason: "its SHA-256 does not match manifest.json (damaged or altered)")
            }
            contents[entry.name] = bytes
        }
        for file in manifest.files where contents[file.path] == nil {
            throw IOError.unsafeBundle(source: source, entry: file.path, reason: "manifest.json lists it but the bundle lacks it")
        }
        return try parse(contents, source: source)
    }

    /// Why an entry name is unsafe to honour, or nil when it is fine.
    static func unsafeName(_ name: String) -> String? {
        if name.isEmpty { return "the name is empty" }
        if name.hasPrefix("/") || name.hasPrefix("\\") || name.contains(":") { return "the path is absolute" }
        if name.contains("\\") || name.contains("\0") { return "the path has a backslash or NUL" }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." }) {
            return "the path contains .."
        }
        return nil
    }

    private static func text(_ bytes: [UInt8], source: String, entry: String) throws -> String {
        guard let s = String(validating: bytes, as: UTF8.self) else {
            throw IOError.malformed(source: source, location: entry, field: nil, reason: "it is not valid UTF-8")
        }
        return s
    }

    private static func parse(_ contents: [String: [UInt8]], source: String) throws -> ImportedRecords {
        var result = ImportedRecords()
        func each<R>(_ file: String, _ make: ([String: JSONValue]) throws(FieldError) -> R, uuid: (R) -> String?) throws -> [R] {
            guard let bytes = contents[file] else { return [] }
            var out: [R] = []
            var firstLine: [String: Int] = [:]
            for (offset, line) in try text(bytes, source: source, entry: file).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).isEmpty {
                let number = offset + 1
                let location = "\(file) line \(number)"
                let record: R
                do {
                    guard let object = try JSONValue.parse(String(line)).objectValue else {
                        throw FieldError(field: nil, reason: "each line must be one JSON object")
                    }
                    record = try make(object)
                } catch let error as FieldError {
                    throw IOError.malformed(source: source, location: location, field: error.field, reason: error.reason)
                } catch let error as JSONParseError {
                    throw IOError.malformed(source: source, location: location, field: nil, reason: error.description)
                }
                if let id = uuid(record) {
                    if let previous = firstLine[id] {
                        throw IOError.malformed(source: source, location: location, field: "uuid", reason: "\(id) appears again (first on line \(previous))")
                    }
                    firstLine[id] = number
                    result.locations[id] = location
                }
                out.append(record)
            }
            return out
        }
        result.records.projects = try each("projects.jsonl", ProjectRecord.init(json:), uuid: \.uuid)
        result.records.spaces = try each("spaces.jsonl", SpaceRecord.init(json:), uuid: \.uuid)
        result.records.tasks = try each("tasks.jsonl", TaskRecord.init(json:), uuid: \.uuid)
        result.records.pages = try each("pages.jsonl", PageRecord.init(json:), uuid: \.uuid)
        result.records.links = try each("links.jsonl", LinkRecord.init(json:), uuid: { _ in nil })
        var bodies = Set(contents.keys.filter { $0.hasPrefix("pages/") })
        for index in result.records.pages.indices {
            let uuid = result.records.pages[index].uuid
            let name = "pages/\(uuid).md"
            guard let bytes = contents[name] else {
                throw IOError.malformed(source: source, location: result.locations[uuid], field: "uuid", reason: "the page has no \(name)")
            }
            result.records.pages[index].body = try text(bytes, source: source, entry: name)
            bodies.remove(name)
        }
        if let stray = bodies.sorted().first {
            throw IOError.malformed(source: source, location: stray, field: nil, reason: "no line of pages.jsonl has this page's UUID")
        }
        return result
    }
}
