import Foundation
import TaskCore

extension TaskRecord {
    /// A task record's row: every column a record carries, declared once (`TaskColumn`); what export
    /// reads and import and sync write (`RecordSets`). References are by UUID (project, parent, place),
    /// lists and stages by name; the parent is set after a whole set is in, so it is read, not written.
    static let row = TaskRowLayout<TaskRecord>(
        [TaskColumn(field: .uuid, writes: [.init(column: "uuid") { record, _ in .text(record.uuid) }], insertOnly: true, reads: [.init("uuid")],
                    reader: { index in
                        let i = index("uuid")
                        return { record, s in record.uuid = s.string(i) }
                    })]
            + TaskColumn<TaskRecord>.sharedColumns + [
                TaskColumn(
                    field: .notes, writes: [.init(column: "notes") { _, context in context.notes }], reads: [.init("notes")],
                    reader: { index in
                        let i = index("notes")
                        // Sealed notes (a BLOB) are left nil: `RecordSets.recordNotes` opens or withholds them.
                        return { record, s in record.notes = s.isBlob(i) ? nil : s.optionalString(i) }
                    }),
                .named(.list, "list", from: "l.name", { $0.list = $1 }, .text, writes: "list_id") { $0.listID },
                .named(.project, "project", from: "p.uuid", { $0.project = $1 }, .optionalText, writes: "project_id") { $0.projectID },
                TaskColumn(field: .parent, writes: [], reads: [.init("parent", from: "pt.uuid")], reader: { index in
                    let i = index("parent")
                    return { record, s in record.parent = s.optionalString(i) }
                }),
                .column(.anchorDay, "recur_anchor_day", { $0.anchorDay }, { $0.anchorDay = $1 }, .integer),
                .column(nil, "extras", { $0.extras }, { $0.extras = $1 }, ExtrasCodec()),
                .column(.series, "series", { $0.series }, { $0.series = $1 }, .optionalText),
                .column(.completedZone, "completed_zone", { $0.completedZone }, { $0.completedZone = $1 }, .optionalText),
                .column(.dueZone, "due_zone", { $0.dueZone }, { $0.dueZone = $1 }, .optionalText),
                .column(.checklist, "checklist", { $0.checklist }, { $0.checklist = $1 }, .optionalLines),
                .named(.place, "place", from: "pl.uuid", { $0.place = $1 }, .optionalText, writes: "place_id") { $0.placeID },
                TaskColumn(
                    field: .placeTrigger,
                    writes: [.init(column: "place_trigger") { record, context in
                        DatabaseValue(context.placeID == nil ? nil : (record.placeTrigger ?? .arrive).rawValue)
                    }],
                    reads: [.init("place_trigger")],
                    reader: { index in
                        let (place, trigger) = (index("place"), index("place_trigger"))
                        // A place without its trigger reminds on arrival; no place, no trigger.
                        return { record, s in
                            record.placeTrigger = s.isNull(place) ? nil : s.optionalString(trigger).flatMap(PlaceBinding.Trigger.init(rawValue:)) ?? .arrive
                        }
                    }),
            ],
        from: """
            FROM tasks t JOIN lists l ON l.id = t.list_id LEFT JOIN stages s ON s.id = t.stage_id
            LEFT JOIN projects p ON p.id = t.project_id LEFT JOIN tasks pt ON pt.id = t.parent_id
            LEFT JOIN places pl ON pl.id = t.place_id
            """,
        blank: { TaskRecord(uuid: "", title: "", created: Date(timeIntervalSince1970: 0), modified: Date(timeIntervalSince1970: 0)) })
}
