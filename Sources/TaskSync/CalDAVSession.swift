import Foundation
import TaskCalendar
import TaskCore
import TaskStore

/// One sync run: listing, bodies, the decision per task, local writes, then uploads.
final class CalDAVSession {
    let client: CalDAVClient
    let store: TaskStore
    /// The collection's token, items and failures, over `store`'s connection.
    let syncState: SyncState
    let key: String
    let mapping: VTodoMapping
    let maxAttempts: Int
    /// How sealed notes are read: `.withheld` (the default) leaves them out of sync entirely.
    let sealedNotes: RecordSets.SealedNotes
    var report = SyncReport()
    /// Tasks whose notes are sealed and withheld: "notes" is left out of their fields on every side.
    private var withheld: Set<String> = []
    private var collection = ""
    private var items: [String: SyncItem] = [:]
    private var projects: [String: String] = [:]
    private var newProjects: [ProjectRecord] = []
    /// Tasks this sync could not write, and why (kept for `sync --status` and `list_tasks`).
    private var failures: [String: String] = [:]
    private let now = Date()
    /// The local tasks as objects (a recurring series is one), as of the start of `reconcile`.
    private var view = SeriesView([], zone: TimeZone(secondsFromGMT: 0) ?? .current)
    /// The completions each series has here, with those this sync wrote.
    private var knownCompletions: [String: [SeriesCompletion]] = [:]
    private var reading: SeriesReading { SeriesReading(timeZone: mapping.timeZone, now: now) }

    /// A VTODO as the server has it now.
    struct Remote {
        var href: String
        var etag: String?
        var ics: String
        /// The fields as Tasker takes them (a foreign completion of a series already read as one, `SeriesReading`).
        var fields: TaskFields
        /// The fields the text literally says: what an upload is compared with.
        var raw: TaskFields
        var modified: Date
    }

    /// A write to make on the server once local writes are done.
    struct Upload {
        /// The object's UID: the task's UUID, or the series' UUID for a recurring series.
        var uuid: String
        var href: String
        var fields: TaskFields
        var keys: Set<String>
        var ics: String?
        var etag: String?
        var modified: Date
    }

    init(client: CalDAVClient, store: TaskStore, key: String, mapping: VTodoMapping, maxAttempts: Int, sealedNotes: RecordSets.SealedNotes) {
        self.sealedNotes = sealedNotes
        self.client = client
        self.store = store
        syncState = SyncState(store)
        self.key = key
        self.mapping = mapping
        self.maxAttempts = maxAttempts
    }

    /// Runs the sync. - Returns: the new sync token. - Throws: `SyncError`, or a store error.
    func run() throws -> String? {
        let state = try syncState.collectionState(key)
        if let known = state?.collection {
            collection = known
        } else {
            collection = try client.discover(key)
            try syncState.setCollection(key, collection: collection)
        }
        var token = state?.token
        let listing: CalDAVClient.Listing
        do {
            listing = try client.syncCollection(collection, token: token)
        } catch is CalDAVClient.InvalidSyncToken {
            token = nil
            try syncState.clearToken(key)
            listing = try client.syncCollection(collection, token: nil)
        }
        report.fullSync = token == nil
        items = try syncState.items(key)
        try migrateSeries()
        let byHref = Dictionary(items.values.map { ($0.href, $0) }, uniquingKeysWith: { a, _ in a })

        var needed: [String] = []
        var deleted: Set<String> = []
        var listed: Set<String> = []
        for member in listing.members {
            if member.deleted {
                if let item = byHref[member.href] { deleted.insert(item.uuid) }
                continue
            }
            listed.insert(member.href)
            if let item = byHref[member.href], let etag = member.etag, item.etag == etag { continue }
            needed.append(member.href)
        }
        if report.fullSync {
            for item in items.values where !listed.contains(item.href) { deleted.insert(item.uuid) }
        }
        var remote: [String: Remote] = [:]
        if !needed.isEmpty {
            let bodies = try client.multiget(collection, hrefs: needed)
            for href in needed {
                guard let body = bodies[href] else {
                    report.warnings.append("skipped \(href): the server listed it but would not return it")
                    continue
                }
                if let r = decode(href: href, etag: body.etag, ics: body.ics) { remote[r.uid] = r.remote }
            }
        }
        try reconcile(remote: remote, deleted: deleted)
        try syncState.replaceFailures(key, failures)
        return listing.token
    }

    /// Moves each series synced before a series was one VTODO (one object per occurrence, done ones
    /// included) onto one object: the series' object (UID = series UUID, at the first occurrence's
    /// href when it has one) is written first with the open occurrence and the completions, then every
    /// other occurrence's object is deleted with If-Match (a changed one with its new ETag: the series'
    /// object carries the task from now on); the sync items change in one transaction. A series whose
    /// object cannot be written is left as it is, with a warning, and tried again next sync.
    private func migrateSeries() throws {
        guard try !syncState.seriesOccurrenceItems(key).isEmpty else { return }
        let view = SeriesView(try RecordSets(store).records(sealedNotes: sealedNotes).tasks, zone: mapping.timeZone)
        let legacy = Dictionary(grouping: items.values.filter { view.isFolded($0.uuid) }) { view.seriesOf[$0.uuid] ?? $0.uuid }
        guard !legacy.isEmpty else { return }
        let projects = Dictionary(try RecordSets(store).projectRecords().map { ($0.uuid, $0.name) }, uniquingKeysWith: { a, _ in a })
        for (series, old) in legacy.sorted(by: { $0.key < $1.key }) {
            guard let fields = view.fields(series, projects: projects).map({ comparable($0, series) }) else { continue }
            let current = items[series]
            let href = current?.href ?? CalDAVClient.path(collection) + series + ".ics"
            let text = patched(current?.ics ?? ICSText.skeleton(uid: series), keys: Set(TaskFields.keys), fields: fields, creating: current == nil)
            guard VTodoCheck.problems(text).isEmpty else { continue }  // the upload reports it
            let written: SyncItem
            switch try client.put(client.resolve(href, against: collection), ics: text, etag: current?.etag) {
            case .written(let etag):
                written = SyncItem(uuid: series, href: href, etag: etag, ics: text, base: fields.json)
            default:
                report.warnings.append("kept '\(fields["title"]?.stringValue ?? series)' as one object per occurrence: the server refused its series object; tried again next sync")
                continue
            }
            var gone: [String] = []
            for item in old.sorted(by: { $0.uuid < $1.uuid }) {
                let url = client.resolve(item.href, against: collection)
                var result = try client.delete(url, etag: item.etag)
                if case .preconditionFailed = result, let fresh = try client.get(url) { result = try client.delete(url, etag: fresh.etag) }
                switch result {
                case .written, .gone, .preconditionFailed: gone.append(item.uuid)
                case .refused(let status, let detail): fail(item.uuid, TaskFields(json: item.base), Self.refusal(status, detail, deleting: true))
                }
            }
            try store.inOneTransaction {
                try syncState.saveItem(key, written)
                for uuid in gone { try syncState.removeItem(key, uuid: uuid) }
            }
            items[series] = written
            for uuid in gone { items[uuid] = nil }
            report.warnings.append("moved '\(fields["title"]?.stringValue ?? series)' onto one VTODO for its whole series (\(gone.count) occurrence objects deleted)")
        }
    }

    /// The master VTODO of a body, or nil with a warning when it cannot be used.
    private func decode(href: String, etag: String?, ics: String) -> (uid: String, remote: Remote)? {
        let todos: [ICalendarTodo]
        do {
            todos = try ICalendarReader.todos(ics, source: href)
        } catch let error as CalendarError {
            if case .tooLarge = error { report.warnings.append("skipped \(error)") } else { report.warnings.append("skipped \(href): not iCalendar") }
            return nil
        } catch {
            report.warnings.append("skipped \(href): not iCalendar")
            return nil
        }
        guard let master = todos.first(where: { !$0.isOverride }) ?? todos.first else {
            return nil  // an event or a journal in a mixed calendar: not ours to read
        }
        guard let uid = master.uid, !uid.isEmpty else {
            report.warnings.append("skipped \(href): the VTODO has no UID")
            return nil
        }
        if let error = master.errors.first {
            report.warnings.append("skipped \(href): \(error)")
            return nil
        }
        let fields = comparable(mapping.fields(master), uid)
        let remote = Remote(href: href, etag: etag, ics: ics, fields: fields, raw: fields, modified: mapping.modified(master) ?? .distantPast)
        return (uid, remote)
    }

    /// `fields` as sync compares them: without "notes" for a task whose notes are sealed and withheld.
    private func comparable(_ fields: TaskFields, _ uuid: String) -> TaskFields {
        guard withheld.contains(uuid) else { return fields }
        var f = fields
        f["notes"] = nil
        return f
    }

    /// What one reconcile pass decided, applied after every object was looked at: the local writes
    /// (one transaction), the sync items to save or forget, the objects deleted on the server to
    /// delete here, and the uploads.
    private struct Decisions {
        var writes: [String: TaskRecord] = [:]
        var saved: [SyncItem] = []
        var dropped: [String] = []
        var localDeletes: [String] = []
        var uploads: [Upload] = []
    }

    private func reconcile(remote listed: [String: Remote], deleted: Set<String>) throws {
        let records = try RecordSets(store).records(sealedNotes: sealedNotes)
        withheld = Set(records.tasks.filter(\.notesWithheld).map(\.uuid))
        view = SeriesView(records.tasks, zone: mapping.timeZone)
        knownCompletions = view.completions
        var remote = listed
        for (uid, r) in remote {
            remote[uid]?.raw = comparable(r.raw, uid)
            remote[uid]?.fields = reading.taken(comparable(r.fields, uid), base: items[uid].map { TaskFields(json: $0.base) }, modified: r.modified)
        }
        projects = Dictionary(records.projects.map { ($0.uuid, $0.name) }, uniquingKeysWith: { a, _ in a })
        var decisions = Decisions()
        for uuid in Set(items.keys).union(remote.keys).union(view.rows.keys).sorted() where !view.isFolded(uuid) {
            let href = items[uuid]?.href ?? remote[uuid]?.href ?? CalDAVClient.path(collection) + uuid + ".ics"
            if let item = items[uuid] {
                try decideKnown(uuid, item: item, href: href, remote: remote[uuid], deleted: deleted, into: &decisions)
            } else {
                decideNew(uuid, href: href, remote: remote[uuid], into: &decisions)
            }
        }
        try apply(decisions, records: records)
    }

    /// The records for `uuid` with `fields`, queued for the local write; returns the fields as stored.
    private func writeLocal(_ uuid: String, _ fields: TaskFields, over record: TaskRecord?, into decisions: inout Decisions) -> TaskFields {
        let (stored, rows) = recordsHere(uuid, fields, over: record)
        for row in rows { decisions.writes[row.uuid] = row }
        return stored
    }

    /// An object this collection has no item for: on the server only (a download), here only (an
    /// upload), or the same UUID on both sides with nothing remembered (our own earlier PUT, or a retry).
    private func decideNew(_ uuid: String, href: String, remote r: Remote?, into d: inout Decisions) {
        let l = view.rows[uuid]
        let lf = view.fields(uuid, projects: projects).map { comparable($0, uuid) }
        if let r {
            let stored: TaskFields
            let modified: Date
            if let l, let lf {
                let merged = merge(base: nil, local: lf, localModified: l.modified, remote: r.fields, remoteModified: r.modified)
                stored = merged == lf ? lf : writeLocal(uuid, merged, over: l, into: &d)
                modified = l.modified
            } else {
                stored = writeLocal(uuid, r.fields, over: nil, into: &d)
                report.downloaded += 1
                modified = r.modified
            }
            d.saved.append(SyncItem(uuid: uuid, href: href, etag: r.etag, ics: r.ics, base: (stored == r.raw ? stored : r.raw).json))
            if stored != r.raw {
                d.uploads.append(Upload(uuid: uuid, href: href, fields: stored, keys: diff(stored, r.raw), ics: r.ics, etag: r.etag, modified: modified))
            }
        } else if let l, let lf {
            d.uploads.append(Upload(uuid: uuid, href: href, fields: lf, keys: Set(TaskFields.keys), ics: nil, etag: nil, modified: l.modified))
        }
    }

    /// An object synced before (`item` is what both sides agreed on then): deleted here, deleted on
    /// the server, or changed on either side or both.
    private func decideKnown(_ uuid: String, item: SyncItem, href: String, remote r: Remote?, deleted: Set<String>, into d: inout Decisions) throws {
        let l = view.rows[uuid]
        let lf = view.fields(uuid, projects: projects).map { comparable($0, uuid) }
        let base = comparable(TaskFields(json: item.base), uuid)
        if l == nil {
            if let r, r.fields != base {
                let stored = writeLocal(uuid, r.fields, over: nil, into: &d)
                d.saved.append(SyncItem(uuid: uuid, href: href, etag: r.etag, ics: r.ics, base: stored.json))
                report.warnings.append("kept '\(r.fields["title"]?.stringValue ?? uuid)': deleted here but changed on the server")
            } else if deleted.contains(uuid) {
                d.dropped.append(uuid)
            } else {
                try deleteRemote(item, title: base["title"]?.stringValue ?? uuid, writes: &d.writes, saved: &d.saved)
            }
        } else if let l, let lf, deleted.contains(uuid) {
            if lf != base {
                report.warnings.append("kept '\(lf["title"]?.stringValue ?? uuid)': deleted on the server but changed here")
                d.uploads.append(Upload(uuid: uuid, href: href, fields: lf, keys: Set(TaskFields.keys), ics: item.ics, etag: nil, modified: l.modified))
            } else {
                d.localDeletes.append(uuid)  // the object's UID; its standing row is `view.rows[uuid]`
            }
        } else if let l, let lf {
            let localChanged = lf != base
            if let r {
                let merged = localChanged ? merge(base: base, local: lf, localModified: l.modified, remote: r.fields, remoteModified: r.modified) : r.fields
                let stored = merged == lf ? lf : writeLocal(uuid, merged, over: l, into: &d)
                if stored != lf { report.downloaded += 1 }
                d.saved.append(SyncItem(uuid: uuid, href: href, etag: r.etag, ics: r.ics, base: (stored == r.raw ? stored : r.raw).json))
                if stored != r.raw {
                    // Our change, or a foreign completion of a series read as one: the advanced series goes back.
                    d.uploads.append(Upload(uuid: uuid, href: href, fields: stored, keys: diff(stored, r.raw), ics: r.ics, etag: r.etag, modified: l.modified))
                }
            } else if localChanged {
                d.uploads.append(Upload(uuid: uuid, href: href, fields: lf, keys: diff(lf, base), ics: item.ics, etag: item.etag, modified: l.modified))
            }
        }
    }

    /// Local writes first, in one transaction: records (parents that are nowhere are dropped), items,
    /// deletes; then the uploads.
    private func apply(_ d: Decisions, records: RecordSet) throws {
        let known = Set(records.tasks.map(\.uuid)).union(d.writes.keys)
        let deletedRows = d.localDeletes.compactMap { view.rows[$0]?.uuid }
        var set = RecordSet(tasks: d.writes.values.map { t in
            var t = t
            if let parent = t.parent, !known.contains(parent) || deletedRows.contains(parent) { t.parent = nil }
            return t
        }.sorted { $0.uuid < $1.uuid })
        set.projects = newProjects
        try store.inOneTransaction {
            if !set.tasks.isEmpty || !set.projects.isEmpty { try RecordSets(store).writeRecords(set) }
            for item in d.saved { try syncState.saveItem(key, item) }
            for uuid in d.dropped { try syncState.removeItem(key, uuid: uuid) }
            try syncState.deleteSyncedTasks(key, uuids: deletedRows)
            for uuid in d.localDeletes { try syncState.removeItem(key, uuid: uuid) }
        }
        report.deletedHere += d.localDeletes.count
        for upload in d.uploads { try put(upload) }
    }

    /// Writes one task to the server; a 412 fetches the server's version, merges, and tries again.
    private func put(_ first: Upload) throws {
        var u = first
        for _ in 0..<maxAttempts {
            let creating = u.ics == nil
            let text = patched(u.ics ?? ICSText.skeleton(uid: u.uuid), keys: u.keys, fields: u.fields, creating: creating)
            let problems = VTodoCheck.problems(text)
            guard problems.isEmpty else {
                let list = problems.joined(separator: ", ")
                let inherited = u.ics.map(VTodoCheck.problems) ?? []
                return fail(u.uuid, u.fields, problems.allSatisfy(inherited.contains)
                    ? "the server's copy already breaks RFC 5545 (\(list)); fix or delete it in the app that wrote it"
                    : "Tasker made an invalid VTODO (\(list)); this is a bug in Tasker, please report it")
            }
            switch try client.put(client.resolve(u.href, against: collection), ics: text, etag: u.etag) {
            case .written(let etag):
                try syncState.saveItem(key, SyncItem(uuid: u.uuid, href: u.href, etag: etag, ics: text, base: u.fields.json))
                report.uploaded += 1
                return
            case .refused(let status, let detail):
                return fail(u.uuid, u.fields, Self.refusal(status, detail))
            case .preconditionFailed, .gone:
                guard let fetched = try client.get(client.resolve(u.href, against: collection)) else {
                    // Gone: create it again, from our last text of it when there is one.
                    u.etag = nil
                    u.keys = Set(TaskFields.keys)
                    continue
                }
                guard var r = decode(href: u.href, etag: fetched.etag, ics: fetched.ics)?.remote else { return }
                let base = items[u.uuid].map { comparable(TaskFields(json: $0.base), u.uuid) }
                r.fields = reading.taken(r.fields, base: base, modified: r.modified)
                var merged = merge(base: base, local: u.fields, localModified: u.modified, remote: r.fields, remoteModified: r.modified)
                if merged != u.fields,
                   let record = SeriesView(try RecordSets(store).records(sealedNotes: sealedNotes).tasks, zone: mapping.timeZone).rows[u.uuid] {
                    let (stored, rows) = recordsHere(u.uuid, merged, over: record)
                    try RecordSets(store).writeRecords(RecordSet(tasks: rows, projects: newProjects))
                    newProjects = []
                    merged = stored
                }
                u.fields = merged
                u.keys = diff(merged, r.raw)
                u.ics = r.ics
                u.etag = r.etag
                if u.keys.isEmpty {
                    try syncState.saveItem(key, SyncItem(uuid: u.uuid, href: u.href, etag: r.etag, ics: r.ics, base: merged.json))
                    return
                }
            }
        }
        fail(u.uuid, u.fields, "gave up after \(maxAttempts) conflicting writes; it is sent again next sync")
    }

    /// One task not written: one warning, remembered until a sync writes it.
    private func fail(_ uuid: String, _ fields: TaskFields?, _ reason: String) {
        failures[uuid] = reason
        report.warnings.append("not synced '\(fields?["title"]?.stringValue ?? uuid)': \(reason)")
    }

    /// "the server refused it (HTTP 400: …); it is sent again next sync", or the same of a delete.
    private static func refusal(_ status: Int, _ detail: String, deleting: Bool = false) -> String {
        "the server refused \(deleting ? "to delete it" : "it") (HTTP \(status)\(detail.isEmpty ? "" : ": " + detail)); "
            + (deleting ? "the delete is tried again next sync" : "it is sent again next sync")
    }

    /// Deletes a task the server still has, unless it changed there since (then the edit wins and the task comes back here).
    private func deleteRemote(_ item: SyncItem, title: String, writes: inout [String: TaskRecord], saved: inout [SyncItem]) throws {
        let url = client.resolve(item.href, against: collection)
        switch try client.delete(url, etag: item.etag) {
        case .written, .gone:
            try syncState.removeItem(key, uuid: item.uuid)
            report.deletedThere += 1
        case .refused(let status, let detail):
            fail(item.uuid, TaskFields(json: item.base), Self.refusal(status, detail, deleting: true))
        case .preconditionFailed:
            guard let fetched = try client.get(url), let r = decode(href: item.href, etag: fetched.etag, ics: fetched.ics)?.remote else {
                try syncState.removeItem(key, uuid: item.uuid)
                return
            }
            var next = r.fields.apply(to: TaskRecord(uuid: item.uuid, title: "", created: now, modified: now), projects: &projects, newProjects: &newProjects, now: now)
            next.modified = now
            writes[item.uuid] = next
            saved.append(SyncItem(uuid: item.uuid, href: item.href, etag: r.etag, ics: r.ics, base: TaskFields(record: next, projects: projects).json))
            report.warnings.append("kept '\(title)': deleted here but changed on the server")
        }
    }

    /// The server text with every property that reads a field in `keys` rewritten from `fields`, and the times stamped.
    private func patched(_ ics: String, keys: Set<String>, fields: TaskFields, creating: Bool) -> String {
        var (remove, add) = VTodoMapping.rewrite(keys, from: fields)
        let stamp = VTodoMapping.basicUTC(TaskFields.time(now))
        remove.formUnion(["DTSTAMP", "LAST-MODIFIED"])
        add += ["DTSTAMP:" + stamp, "LAST-MODIFIED:" + stamp]
        if creating {
            remove.insert("CREATED")
            add.append("CREATED:" + stamp)
        }
        return ICSText.patch(ics, remove: remove, add: add)
    }

    /// The rows that make `fields` true here for the object `uid` (`SeriesView.rows(for:)`), with the
    /// completions this sync wrote remembered. Returns the fields as they then stand, and the rows.
    private func recordsHere(_ uid: String, _ fields: TaskFields, over record: TaskRecord?) -> (TaskFields, [TaskRecord]) {
        var known = knownCompletions[uid] ?? []
        let (stored, rows) = view.rows(for: uid, fields, over: record, known: &known, projects: &projects, newProjects: &newProjects, now: now)
        knownCompletions[uid] = known
        return (comparable(stored, uid), rows)
    }

    private func diff(_ a: TaskFields, _ b: TaskFields) -> Set<String> {
        Set(TaskFields.keys.filter { a[$0] != b[$0] })
    }

    /// Three-way merge per field: a field only one side changed takes that side's value; both changed
    /// it differently: the later modification wins and the losing value goes into the notes as a
    /// `conflict:` line. Without a base every differing field is such a conflict.
    func merge(base: TaskFields?, local: TaskFields, localModified: Date, remote: TaskFields, remoteModified: Date) -> TaskFields {
        var out = TaskFields()
        var lost: [String] = []
        for key in TaskFields.keys {
            let l = local[key], r = remote[key]
            if key == "completions" {
                // A completion is never taken back: both sides' sets as one.
                out[key] = SeriesCompletion.field(SeriesCompletion.union(SeriesCompletion.all(in: local), SeriesCompletion.all(in: remote)))
            } else if l == r {
                out[key] = l
            } else if let base, l == base[key] {
                out[key] = r
            } else if let base, r == base[key] {
                out[key] = l
            } else {
                let localWins = localModified >= remoteModified
                out[key] = localWins ? l : r
                let loser = (localWins ? r : l).map(Self.show) ?? "(empty)"
                lost.append("\(key) was \(loser) on \(localWins ? "the server" : "this device")")
            }
        }
        if !lost.isEmpty {
            let title = out["title"]?.stringValue ?? ""
            report.conflicts.append("'\(title)': " + lost.joined(separator: "; "))
            let line = "conflict: " + lost.joined(separator: "; ")
            let notes = out["notes"]?.stringValue ?? ""
            if !notes.contains(line) { out["notes"] = .string(notes.isEmpty ? line : notes + "\n" + line) }
        }
        return out
    }

    private static func show(_ value: JSONValue) -> String {
        let text = value.stringValue.map { "'\($0)'" } ?? value.encoded()
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
