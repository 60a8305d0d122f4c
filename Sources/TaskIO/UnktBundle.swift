import Foundation
import TaskCore
import TaskStore

/// The `.unkt` bundle: a ZIP with `manifest.json` first, then `tasks.jsonl`, `projects.jsonl`,
/// `spaces.jsonl`, `pages.jsonl`, `links.jsonl`, `attachments.jsonl`, `places.jsonl` (one record per line),
/// `pages/<uuid>.md` (each page's Markdown body) and `attachments/<sha256>` (each attached file's
/// bytes, once per content). It reads fine once unzipped.
public enum UnktBundle {
    static let recordFiles = ["tasks.jsonl", "projects.jsonl", "spaces.jsonl", "pages.jsonl", "links.jsonl", "attachments.jsonl", "places.jsonl"]
    static let objectFolder = "attachments/"

    /// Writes `records` to a new bundle at `path`, with the bytes of every attachment read from
    /// `objects` (each re-hashed first, so a damaged object is never carried under its old name).
    /// Encrypted attachments travel opened (as notes do): `openEncrypted` gives the store to read the
    /// object with that content hash through (`TaskStore.encryptedObjects`); their records say "plain".
    /// - Throws: `IOError.cannotWrite`, also when an attachment's bytes are missing or damaged;
    ///   what `openEncrypted` throws (the data key is not available).
    public static func write(
        _ records: RecordSet, to path: String, generator: String, created: Date, objects: ObjectStore? = nil,
        openEncrypted: ((String) throws -> ObjectStore)? = nil
    ) throws {
        try write(records, to: NewFile(path: path), generator: generator, created: created, objects: objects, openEncrypted: openEncrypted)
    }

    /// Writes `records` as a new bundle `file` (`NewFile`: never over an existing file; errors name
    /// `file.shown`). - Throws: as `write(_:to:generator:created:objects:openEncrypted:)`, and `NewFile.Failure`.
    public static func write(
        _ records: RecordSet, to file: NewFile, generator: String, created: Date, objects: ObjectStore? = nil,
        openEncrypted: ((String) throws -> ObjectStore)? = nil
    ) throws {
        let path = file.shown
        var records = records
        let encrypted = Set(records.attachments.filter { $0.encoding != "plain" }.map(\.sha256))
        for index in records.attachments.indices { records.attachments[index].encoding = "plain" }
        let opened = TemporaryFolder()
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
            ("attachments.jsonl", lines(records.attachments.map(\.json))),
            ("places.jsonl", lines(records.places.map(\.json))),
        ]
        for page in records.pages { files.append(("pages/\(page.uuid).md", Array(page.body.utf8))) }
        var listed = files.map { BundleManifest.File(path: $0.name, size: $0.bytes.count, sha256: SHA256.hex($0.bytes)) }
        var contents = files.map { ($0.name, ZipArchive.Content.bytes($0.bytes)) }
        for hash in Set(records.attachments.map(\.sha256)).sorted() {
            guard let objects else { throw IOError.cannotWrite(path: path, reason: "the attachments' bytes are not available here (no object store)") }
            guard objects.codec.fileSuffix.isEmpty else {
                throw IOError.cannotWrite(path: path, reason: "attachments stored with \(objects.codec.name) cannot be bundled yet")
            }
            if encrypted.contains(hash) {
                guard let openEncrypted else {
                    throw IOError.cannotWrite(path: path, reason: "attachment \(hash.prefix(12))… is encrypted and cannot be opened here")
                }
                let copy = try opened.path(hash)
                try openEncrypted(hash).copy(hash, to: copy)
                listed.append(BundleManifest.File(path: objectFolder + hash, size: Int(try opened.size(copy)), sha256: hash))
                contents.append((objectFolder + hash, .file(copy)))
                continue
            }
            guard case .intact(let size) = objects.check(hash) else {
                throw IOError.cannotWrite(path: path, reason: "the bytes of attachment \(hash.prefix(12))… are missing or damaged in \(objects.directory); run `tasker verify`")
            }
            listed.append(BundleManifest.File(path: objectFolder + hash, size: Int(size), sha256: hash))
            contents.append((objectFolder + hash, .file(objects.path(of: hash))))
        }
        let manifest = BundleManifest(
            schemaVersion: TaskStore.schemaVersion, generator: generator, created: created,
            counts: ["tasks": records.tasks.count, "projects": records.projects.count, "spaces": records.spaces.count,
                     "pages": records.pages.count, "links": records.links.count, "attachments": records.attachments.count,
                     "places": records.places.count],
            files: listed)
        let manifestBytes = Array((manifest.json.prettyEncoded() + "\n").utf8)
        try ZipArchive.write(to: file, contents: [(BundleManifest.entryName, .bytes(manifestBytes))] + contents)
    }

    /// Reads and checks a bundle without touching any database.
    ///
    /// Before any record is parsed: every entry name must be relative and free of `..`, no entry may
    /// be a symlink or declare more than the limits, names must be unique, `manifest.json` must come
    /// first, and every file must match the manifest's size and SHA-256 (and be listed in it).
    /// Then each line is parsed; a UUID may appear once per kind. Attachment bytes
    /// (`attachments/<sha256>`, named by their hash) are streamed, hashed, into `objects`' temporary
    /// folder (only hashed without `objects`) and handed back staged: nothing is in place until the
    /// importer commits them with the records.
    /// - Throws: `IOError.notAnArchive`, `.unsafeBundle`, `.malformed` (file, line, field).
    public static func read(path: String, source: String? = nil, limits: BundleLimits = .standard, objects: ObjectStore? = nil) throws -> ImportedRecords {
        let source = source ?? (path as NSString).lastPathComponent
        let zip = try ZipArchive(reading: path, source: source)
        let entries = try zip.entries()
        guard entries.count <= limits.entries else {
            throw IOError.unsafeBundle(source: source, entry: "(all)", reason: "it has \(entries.count) entries, more than \(limits.entries)")
        }
        var seen = Set<String>()
        var total: UInt64 = 0
        var attachmentTotal: UInt64 = 0
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
            if entry.name.hasPrefix(objectFolder) {
                attachmentTotal += entry.size
                guard attachmentTotal <= limits.attachmentBytes else {
                    throw IOError.unsafeBundle(source: source, entry: entry.name,
                                               reason: "the attachments declare more than \(limits.attachmentBytes) bytes in all")
                }
                continue
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
        var staged: [StagedObject] = []
        var objectSizes: [String: Int] = [:]
        for entry in entries.dropFirst() where !entry.isDirectory {
            guard let file = listed[entry.name] else {
                throw IOError.unsafeBundle(source: source, entry: entry.name, reason: "it is not listed in manifest.json")
            }
            if entry.name.hasPrefix(objectFolder) {
                let object = try readObject(entry, file, zip: zip, source: source, limits: limits, objects: objects)
                if let object { staged.append(object) }
                objectSizes[file.sha256] = file.size
                contents[entry.name] = []
                continue
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
        var result = try parse(contents, objectSizes: objectSizes, source: source)
        result.staged = staged
        return result
    }

    /// Checks one `attachments/<sha256>` entry while streaming it: named by its own hash, as long
    /// and hashing as the manifest says. - Returns: the bytes staged in `objects` (nil without one).
    private static func readObject(
        _ entry: ZipArchive.Entry, _ file: BundleManifest.File, zip: ZipArchive, source: String, limits: BundleLimits, objects: ObjectStore?
    ) throws -> StagedObject? {
        let hash = String(entry.name.dropFirst(objectFolder.count))
        guard SHA256.isHex(hash), file.sha256 == hash else {
            throw IOError.unsafeBundle(source: source, entry: entry.name, reason: "an attachment entry must be named by its SHA-256, as manifest.json lists it")
        }
        let mismatch = IOError.unsafeBundle(source: source, entry: entry.name, reason: "its SHA-256 does not match manifest.json (damaged or altered)")
        let limit = min(limits.entryBytes, UInt64(max(file.size, 0)))
        return try zip.withReader(entry, limit: limit) { read in
            guard let objects else {
                var hasher = SHA256()
                let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
                defer { buffer.deallocate() }
                while true {
                    let n = try read(buffer)
                    if n == 0 { break }
                    hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
                }
                guard Int(hasher.count) == file.size, hasher.finish() == hash else { throw mismatch }
                return nil
            }
            let staged: StagedObject
            do {
                staged = try objects.stage(source: "\(source), entry \(entry.name)", read: read)
            } catch TaskStoreError.attachmentIngestFailed(_, let reason) {
                throw IOError.unsafeBundle(source: source, entry: entry.name, reason: reason)
            }
            guard Int(staged.size) == file.size, staged.sha256 == hash else { throw mismatch }
            return staged
        }
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

    private static func parse(_ contents: [String: [UInt8]], objectSizes: [String: Int], source: String) throws -> ImportedRecords {
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
        result.records.places = try each("places.jsonl", PlaceRecord.init(json:), uuid: \.uuid)
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
        result.records.attachments = try each("attachments.jsonl", AttachmentRecord.init(json:), uuid: \.uuid)
        var unnamed = Set(objectSizes.keys)
        for attachment in result.records.attachments {
            let location = result.locations[attachment.uuid]
            guard let size = objectSizes[attachment.sha256] else {
                throw IOError.malformed(source: source, location: location, field: "sha256",
                                        reason: "the bundle has no \(objectFolder)\(attachment.sha256) with this attachment's bytes")
            }
            guard Int64(size) == attachment.size else {
                throw IOError.malformed(source: source, location: location, field: "size", reason: "is \(attachment.size) but its bytes are \(size)")
            }
            unnamed.remove(attachment.sha256)
        }
        if let stray = unnamed.sorted().first {
            throw IOError.malformed(source: source, location: objectFolder + stray, field: nil, reason: "no line of attachments.jsonl names these bytes")
        }
        return result
    }
}

/// A private (0700) folder for encrypted attachments opened while a bundle is written; removed
/// with everything in it when the export is done.
private final class TemporaryFolder {
    private var folder: String?

    func path(_ name: String) throws -> String {
        if folder == nil {
            var template = Array((NSTemporaryDirectory() + "/tasker-export-XXXXXX").utf8CString)
            guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
                throw IOError.cannotWrite(path: NSTemporaryDirectory(), reason: "cannot create a private folder to open encrypted attachments in")
            }
            folder = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        return folder! + "/" + name
    }

    func size(_ path: String) throws -> Int64 {
        ((try FileManager.default.attributesOfItem(atPath: path))[.size] as? NSNumber)?.int64Value ?? 0
    }

    deinit {
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }
}
