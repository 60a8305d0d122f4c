import Foundation
import TaskCore
import TaskStore

/// Applies a set of incoming records to a store in one transaction, by UUID, under an `ImportMode`.
///
/// The whole import succeeds or nothing is written; a dry run does all the work, reports it, and
/// rolls back.
public struct RecordImporter {
    public let store: TaskStore
    /// The file the records came from, for error messages.
    public let source: String
    /// Where each record's UUID was read (`tasks.jsonl line 3`), for error messages.
    public var locations: [String: String]

    public init(store: TaskStore, source: String, locations: [String: String] = [:]) {
        self.store = store
        self.source = source
        self.locations = locations
    }

    private struct DryRunRollback: Error {}

    /// Imports `incoming`. Attachment bytes a bundle brought (`staged`) are moved into `objects`
    /// with the records, under the object store's shared lock; an attachment whose bytes are
    /// neither staged nor stored here is refused.
    /// - Throws: `IOError.malformed` naming the record and field when the records do not fit (a
    ///   reference to a missing UUID, a name another record holds); then nothing is written. Store
    ///   failures are passed on as they are.
    /// `progress` hears how many tasks are written (see `TaskStore.writeRecords`).
    public func apply(_ incoming: RecordSet, mode: ImportMode, dryRun: Bool = false, objects: ObjectStore? = nil,
                      staged: [StagedObject] = [], progress: ((_ written: Int, _ of: Int) -> Void)? = nil) throws -> ImportReport {
        guard let objects else {
            return try applyLocked(incoming, mode: mode, dryRun: dryRun, objects: nil, staged: staged, progress: progress)
        }
        // Exclusive when the bytes may be stored encrypted: an object's key is decided then (as attach does).
        return try objects.withLock(exclusive: objects.encryptByDefault && !staged.isEmpty) {
            try applyLocked(incoming, mode: mode, dryRun: dryRun, objects: objects, staged: staged, progress: progress)
        }
    }

    private func applyLocked(_ incoming: RecordSet, mode: ImportMode, dryRun: Bool, objects: ObjectStore?, staged: [StagedObject],
                             progress: ((_ written: Int, _ of: Int) -> Void)?) throws -> ImportReport {
        var report = ImportReport()
        report.dryRun = dryRun
        do {
            try store.inOneTransaction {
                let existing = try RecordSets(store).records()
                var plan = RecordSet()
                plan.projects = try resolve(incoming.projects, existing.projects, mode, &report, json: \.json, uuid: \.uuid,
                                            modified: \.modified, parse: ProjectRecord.init(json:))
                plan.spaces = try resolve(incoming.spaces, existing.spaces, mode, &report, json: \.json, uuid: \.uuid,
                                          modified: \.modified, parse: SpaceRecord.init(json:))
                plan.places = try resolve(incoming.places, existing.places, mode, &report, json: \.json, uuid: \.uuid,
                                          modified: \.modified, parse: PlaceRecord.init(json:))
                plan.tasks = try resolve(incoming.tasks, existing.tasks, mode, &report, json: \.json, uuid: \.uuid,
                                         modified: \.modified, parse: TaskRecord.init(json:))
                plan.pages = try resolve(incoming.pages, existing.pages, mode, &report, json: RecordImporter.pageJSON, uuid: \.uuid,
                                         modified: \.modified, parse: RecordImporter.page(json:))
                let links = Set(existing.links)
                plan.links = incoming.links.filter { !links.contains($0) }
                report.added += plan.links.count
                report.unchanged += incoming.links.count - plan.links.count
                plan.attachments = try resolveAttachments(incoming.attachments, existing.attachments, mode, &report, objects: objects, staged: staged)
                // With `attachments.encrypt` on, a new attachment whose bytes the bundle brought is
                // stored encrypted, as attaching it here would (the bundle carries them opened).
                let known = Set(existing.attachments.map(\.uuid))
                let stagedByHash = Dictionary(staged.map { ($0.sha256, $0) }, uniquingKeysWith: { a, _ in a })
                let toEncrypt = objects?.encryptByDefault == true
                    ? plan.attachments.filter { !known.contains($0.uuid) && stagedByHash[$0.sha256] != nil } : []
                if !toEncrypt.isEmpty, let problem = try Attachments(store).attachmentEncryptionProblem() {
                    throw IOError.cannotEncrypt(source: source, count: toEncrypt.count, reason: problem)
                }
                try RecordSets(store).writeRecords(plan, progress: progress)
                if dryRun { throw DryRunRollback() }
                if let objects {
                    for record in toEncrypt {
                        try Attachments(store).encryptImportedAttachment(uuid: record.uuid, staged: stagedByHash[record.sha256]!, objects: objects)
                    }
                    // The plain copy of what is now stored encrypted is deleted at once, unless a
                    // plain row still names those bytes (one already here whose object was missing).
                    let encrypted = Set(toEncrypt.map(\.sha256))
                    for object in staged {
                        if encrypted.contains(object.sha256), try Attachments(store).referenceCount(of: object.sha256, encoding: "plain") == 0 {
                            object.discard()
                        } else {
                            _ = try objects.commit(object)
                        }
                    }
                }
            }
        } catch is DryRunRollback {
            return report
        } catch TaskStoreError.importMalformed(let what) {
            let location = locations.first { what.contains($0.key) }?.value
            throw IOError.malformed(source: source, location: location, field: nil, reason: what)
        }
        return report
    }

    /// The records of one kind to write: new ones, and existing ones as the mode combines them
    /// (unchanged ones are left out).
    private func resolve<R: Equatable>(
        _ incoming: [R], _ existing: [R], _ mode: ImportMode, _ report: inout ImportReport,
        json: (R) -> JSONValue, uuid: (R) -> String, modified: (R) -> Date,
        parse: ([String: JSONValue]) throws(FieldError) -> R
    ) throws -> [R] {
        // Nothing here yet (a first import): every record is new, as it is.
        if existing.isEmpty {
            report.added += incoming.count
            return incoming
        }
        var byUUID: [String: R] = [:]
        for record in existing { byUUID[uuid(record)] = record }
        var out: [R] = []
        for record in incoming {
            guard let current = byUUID[uuid(record)] else {
                out.append(record)
                report.added += 1
                continue
            }
            if record == current {
                report.unchanged += 1
                continue
            }
            var result = record
            switch mode {
            case .skip:
                report.skipped += 1
                continue
            case .replace:
                break
            case .merge:
                let incomingWins = modified(record) >= modified(current)
                let (winner, loser) = incomingWins ? (record, current) : (current, record)
                let merged = RecordMerge.merge(winner: json(winner).objectValue ?? [:], loser: json(loser).objectValue ?? [:])
                do {
                    result = try parse(merged)
                } catch {
                    throw IOError.malformed(source: source, location: locations[uuid(record)], field: error.field, reason: error.reason)
                }
            }
            if result == current {
                report.unchanged += 1
            } else {
                out.append(result)
                report.updated += 1
            }
        }
        return out
    }

    /// The attachments to write: new ones (their bytes staged or already stored), and changed ones
    /// as the mode says (the name and remote URL are all that can change).
    private func resolveAttachments(
        _ incoming: [AttachmentRecord], _ existing: [AttachmentRecord], _ mode: ImportMode, _ report: inout ImportReport,
        objects: ObjectStore?, staged: [StagedObject]
    ) throws -> [AttachmentRecord] {
        let here = Dictionary(existing.map { ($0.uuid, $0) }, uniquingKeysWith: { a, _ in a })
        let brought = Set(staged.map(\.sha256))
        var out: [AttachmentRecord] = []
        for record in incoming {
            guard let current = here[record.uuid] else {
                guard brought.contains(record.sha256) || objects?.contains(record.sha256) == true else {
                    throw IOError.malformed(source: source, location: locations[record.uuid], field: "sha256",
                                            reason: "the bytes of this attachment are neither in the import nor stored here")
                }
                out.append(record)
                report.added += 1
                continue
            }
            var result = record
            if mode == .merge && result.remoteURL == nil { result.remoteURL = current.remoteURL }
            if result.name == current.name && result.remoteURL == current.remoteURL {
                report.unchanged += 1
            } else if mode == .skip {
                report.skipped += 1
            } else {
                out.append(result)
                report.updated += 1
            }
        }
        return out
    }

    /// A page as JSON with its body (merging needs every field; `PageRecord.json` leaves the body out).
    static func pageJSON(_ page: PageRecord) -> JSONValue {
        var members = page.json.objectValue ?? [:]
        if !page.body.isEmpty { members["body"] = .string(page.body) }
        return .object(members)
    }

    static func page(json members: [String: JSONValue]) throws(FieldError) -> PageRecord {
        var rest = members
        let body = rest.removeValue(forKey: "body")?.stringValue ?? ""
        var page = try PageRecord(json: rest)
        page.body = body
        return page
    }
}
