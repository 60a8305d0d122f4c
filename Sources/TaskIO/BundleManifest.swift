import Foundation
import TaskCore

/// `manifest.json`, the first entry of a `.unkt` bundle: what wrote it, when, how many records of
/// each kind it holds, and each file's size and SHA-256.
struct BundleManifest: Equatable {
    struct File: Equatable {
        var path: String
        var size: Int
        var sha256: String
    }

    static let format = "unkt"
    static let version = 1
    static let entryName = "manifest.json"

    var schemaVersion: Int
    var generator: String
    var created: Date
    var counts: [String: Int]
    var files: [File]

    var json: JSONValue {
        [
            "format": .string(BundleManifest.format), "version": .int(BundleManifest.version),
            "schema_version": .int(schemaVersion), "generator": .string(generator),
            "created": .string(RecordDate.format(created)),
            "counts": .object(counts.mapValues(JSONValue.int)),
            "files": .array(files.map { ["path": .string($0.path), "size": .int($0.size), "sha256": .string($0.sha256)] }),
        ]
    }

    /// Reads a manifest. - Throws: `FieldError` for the first bad field.
    init(json value: JSONValue) throws(FieldError) {
        guard let members = value.objectValue else { throw FieldError(field: nil, reason: "must be a JSON object") }
        var r = FieldReader(members)
        guard try r.string("format") == BundleManifest.format else { throw FieldError(field: "format", reason: "must be \"unkt\"") }
        guard let version = try r.int("version"), version == BundleManifest.version else {
            throw FieldError(field: "version", reason: "this tasker reads version \(BundleManifest.version); upgrade tasker")
        }
        schemaVersion = try r.int("schema_version") ?? 0
        generator = try r.string("generator") ?? ""
        created = try r.requiredDate("created")
        counts = (r.value("counts")?.objectValue ?? [:]).compactMapValues(\.intValue)
        guard let list = r.value("files")?.arrayValue else { throw FieldError(field: "files", reason: "is missing") }
        files = []
        for item in list {
            guard let path = item["path"]?.stringValue, let size = item["size"]?.intValue, let hash = item["sha256"]?.stringValue else {
                throw FieldError(field: "files", reason: "each file needs path, size and sha256")
            }
            files.append(File(path: path, size: size, sha256: hash.lowercased()))
        }
    }

    init(schemaVersion: Int, generator: String, created: Date, counts: [String: Int], files: [File]) {
        self.schemaVersion = schemaVersion
        self.generator = generator
        self.created = created
        self.counts = counts
        self.files = files
    }
}
