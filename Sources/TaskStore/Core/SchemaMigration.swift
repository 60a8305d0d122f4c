import TaskCore
/// One forward step of the database schema, named and append-only.
///
/// The schema version is `PRAGMA user_version`: the number of migrations applied. Never edit a
/// released migration; append a new one, and freeze its resulting schema under `Fixtures/schema/`.
struct SchemaMigration: Sendable {
    var name: String
    var sql: String

    /// Every migration, oldest first. `all.count` is the version this build writes.
    static let all: [SchemaMigration] = [v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19, v20, v21, v22, v23]

    static var currentVersion: Int { all.count }

    /// The first schema: lists, stages, projects, tasks (+ contexts), spaces, pages (+ labels, links, FTS5).
    static let v1 = SchemaMigration(
        name: "v1-initial",
        sql: """
            CREATE TABLE lists (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL COLLATE NOCASE UNIQUE,
                is_default INTEGER NOT NULL DEFAULT 0,
                created INTEGER NOT NULL
            );
            CREATE TABLE stages (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL COLLATE NOCASE UNIQUE,
                position INTEGER NOT NULL,
                is_builtin INTEGER NOT NULL DEFAULT 0
            );
            CREATE TABLE projects (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL COLLATE NOCASE UNIQUE,
                notes TEXT,
                created INTEGER NOT NULL
            );
            CREATE TABLE tasks (
                id INTEGER PRIMARY KEY,
                title TEXT NOT NULL,
                title_key TEXT NOT NULL,
                notes TEXT,
                due INTEGER,
                priority INTEGER NOT NULL DEFAULT 1 CHECK (priority BETWEEN 0 AND 3),
                estimate_minutes INTEGER,
                energy TEXT,
                contexts TEXT NOT NULL DEFAULT '',
                kind TEXT,
                status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'done')),
                stage_id INTEGER REFERENCES stages(id),
                list_id INTEGER NOT NULL REFERENCES lists(id),
                project_id INTEGER REFERENCES projects(id) ON DELETE SET NULL,
                parent_id INTEGER REFERENCES tasks(id) ON DELETE SET NULL,
                recur_frequency TEXT,
                recur_interval INTEGER,
                recur_weekdays TEXT,
                defer_until TEXT,
                created INTEGER NOT NULL,
                updated INTEGER NOT NULL,
                completed INTEGER
            );
            CREATE INDEX tasks_status_due ON tasks(status, due, priority DESC);
            CREATE INDEX tasks_status_defer ON tasks(status, defer_until);
            CREATE INDEX tasks_project ON tasks(project_id, status);
            CREATE INDEX tasks_list ON tasks(list_id, status);
            CREATE INDEX tasks_parent ON tasks(parent_id);
            CREATE INDEX tasks_title_key ON tasks(title_key);
            CREATE TABLE task_contexts (
                task_id INTEGER NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                context TEXT NOT NULL,
                PRIMARY KEY (task_id, context)
            ) WITHOUT ROWID;
            CREATE INDEX task_contexts_context ON task_contexts(context, task_id);
            CREATE TABLE spaces (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL COLLATE NOCASE UNIQUE,
                project_id INTEGER REFERENCES projects(id) ON DELETE SET NULL,
                created INTEGER NOT NULL
            );
            CREATE TABLE pages (
                id INTEGER PRIMARY KEY,
                space_id INTEGER NOT NULL REFERENCES spaces(id),
                title TEXT NOT NULL,
                title_key TEXT NOT NULL,
                body TEXT NOT NULL DEFAULT '',
                created INTEGER NOT NULL,
                updated INTEGER NOT NULL
            );
            CREATE INDEX pages_space ON pages(space_id);
            CREATE INDEX pages_title_key ON pages(title_key);
            CREATE TABLE page_labels (
                page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
                label TEXT NOT NULL COLLATE NOCASE,
                PRIMARY KEY (page_id, label)
            ) WITHOUT ROWID;
            CREATE INDEX page_labels_label ON page_labels(label, page_id);
            CREATE TABLE page_links (
                page_id INTEGER NOT NULL REFERENCES pages(id) ON DELETE CASCADE,
                task_id INTEGER REFERENCES tasks(id) ON DELETE CASCADE,
                project_id INTEGER REFERENCES projects(id) ON DELETE CASCADE,
                CHECK ((task_id IS NULL) <> (project_id IS NULL))
            );
            CREATE UNIQUE INDEX page_links_unique ON page_links(page_id, coalesce(task_id, 0), coalesce(project_id, 0));
            CREATE INDEX page_links_task ON page_links(task_id);
            CREATE INDEX page_links_project ON page_links(project_id);
            CREATE VIRTUAL TABLE pages_fts USING fts5(
                title, body, content='pages', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
            );
            CREATE TRIGGER pages_fts_insert AFTER INSERT ON pages BEGIN
                INSERT INTO pages_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
            END;
            CREATE TRIGGER pages_fts_delete AFTER DELETE ON pages BEGIN
                INSERT INTO pages_fts(pages_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
            END;
            CREATE TRIGGER pages_fts_update AFTER UPDATE OF title, body ON pages BEGIN
                INSERT INTO pages_fts(pages_fts, rowid, title, body) VALUES ('delete', old.id, old.title, old.body);
                INSERT INTO pages_fts(rowid, title, body) VALUES (new.id, new.title, new.body);
            END;
            """)

    /// The day of month a monthly or yearly series is anchored on (31 for "Jan 31, monthly"), so a
    /// clamped occurrence (Feb 28) does not become the new anchor. Null for other rules and for rows
    /// written before v2 (those use their due's day).
    static let v2 = SchemaMigration(
        name: "v2-recurrence-anchor-day",
        sql: """
            ALTER TABLE tasks ADD COLUMN recur_anchor_day INTEGER;
            """)

    /// Idempotency keys: a client's own id for one call (`client_id` in `tasker call --batch`), the
    /// arguments it came with, and the result it got, so a re-run after a crash answers again
    /// instead of writing twice.
    static let v3 = SchemaMigration(
        name: "v3-client-keys",
        sql: """
            CREATE TABLE client_keys (
                tool TEXT NOT NULL,
                client_id TEXT NOT NULL,
                arguments TEXT NOT NULL,
                result TEXT NOT NULL,
                created INTEGER NOT NULL,
                PRIMARY KEY (tool, client_id)
            ) WITHOUT ROWID;
            """)

    /// Stable identity for export, import and sync: a random (version 4) UUID on every task, project,
    /// space and page (existing rows get one here; new rows get one from `TaskStore.newUUID()`), an
    /// `updated` time on projects and spaces (tasks and pages had one), and a tombstone per deleted
    /// row so a delete can travel to another copy.
    static let v4 = SchemaMigration(
        name: "v4-identity",
        sql: """
            ALTER TABLE tasks ADD COLUMN uuid TEXT;
            ALTER TABLE projects ADD COLUMN uuid TEXT;
            ALTER TABLE projects ADD COLUMN updated INTEGER;
            ALTER TABLE spaces ADD COLUMN uuid TEXT;
            ALTER TABLE spaces ADD COLUMN updated INTEGER;
            ALTER TABLE pages ADD COLUMN uuid TEXT;
            UPDATE tasks SET uuid = \(randomUUID);
            UPDATE projects SET uuid = \(randomUUID), updated = created;
            UPDATE spaces SET uuid = \(randomUUID), updated = created;
            UPDATE pages SET uuid = \(randomUUID);
            CREATE UNIQUE INDEX tasks_uuid ON tasks(uuid);
            CREATE UNIQUE INDEX projects_uuid ON projects(uuid);
            CREATE UNIQUE INDEX spaces_uuid ON spaces(uuid);
            CREATE UNIQUE INDEX pages_uuid ON pages(uuid);
            CREATE TABLE tombstones (
                kind TEXT NOT NULL,
                uuid TEXT NOT NULL,
                deleted INTEGER NOT NULL,
                PRIMARY KEY (kind, uuid)
            ) WITHOUT ROWID;
            """)

    /// Templates and streaks: a `templates` table (a named blueprint of tasks stored as JSON, with
    /// day offsets and wall-clock times, never absolute dates); on tasks, the recurring `series` an
    /// occurrence belongs to (the first occurrence's UUID, copied to each next occurrence) and the
    /// zone the user was in when the task was completed (`completed_zone`, an IANA name), so a streak
    /// counts each completion on the day it was lived even after travel.
    ///
    /// Existing recurring rows are linked by what `completeTask` copied: rows with the same title,
    /// rule, list and project form one series, named by the UUID of the earliest created. Existing
    /// done rows have no zone (read in the store's zone).
    static let v5 = SchemaMigration(
        name: "v5-templates-and-series",
        sql: """
            CREATE TABLE templates (
                id INTEGER PRIMARY KEY,
                uuid TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL COLLATE NOCASE UNIQUE,
                project TEXT,
                blueprint TEXT NOT NULL,
                created INTEGER NOT NULL,
                updated INTEGER NOT NULL
            );
            ALTER TABLE tasks ADD COLUMN series TEXT;
            ALTER TABLE tasks ADD COLUMN completed_zone TEXT;
            UPDATE tasks SET series = (
                SELECT head.uuid FROM tasks head
                WHERE head.recur_frequency = tasks.recur_frequency
                    AND head.title_key = tasks.title_key
                    AND coalesce(head.recur_interval, 1) = coalesce(tasks.recur_interval, 1)
                    AND coalesce(head.recur_weekdays, '') = coalesce(tasks.recur_weekdays, '')
                    AND head.list_id = tasks.list_id
                    AND coalesce(head.project_id, 0) = coalesce(tasks.project_id, 0)
                ORDER BY head.created, head.id LIMIT 1)
            WHERE recur_frequency IS NOT NULL;
            CREATE INDEX tasks_series ON tasks(series, due);
            CREATE INDEX tasks_completed ON tasks(completed) WHERE completed IS NOT NULL;
            """)

    /// Fields an import brought that Tasker has no column for (a Taskwarrior `depends`, another
    /// program's own keys), as one JSON object per row, so they survive a round trip (`"x"` in exports).
    static let v6 = SchemaMigration(
        name: "v6-import-extras",
        sql: """
            ALTER TABLE tasks ADD COLUMN extras TEXT;
            ALTER TABLE projects ADD COLUMN extras TEXT;
            ALTER TABLE spaces ADD COLUMN extras TEXT;
            ALTER TABLE pages ADD COLUMN extras TEXT;
            """)

    /// Date-only dues: a task due on a day rather than at a time keeps the day here (ISO `YYYY-MM-DD`);
    /// `due` holds that day at 9:00 for ordering and queries. Existing rows all have timed dues.
    static let v7 = SchemaMigration(
        name: "v7-date-only-dues",
        sql: """
            ALTER TABLE tasks ADD COLUMN due_day TEXT;
            """)

    /// Attachments: one row per file attached to a task or a page (exactly one of them), naming the
    /// object that holds its bytes outside the database (`objects/ab/<sha256>`) by the SHA-256 of
    /// its content. Rows are an object's references: identical files attached many times are one
    /// object with many rows, and an object no row names is garbage (`tasker gc`). `encoding` is
    /// how the object is stored ("plain"; an encrypting codec names itself), `remote_url` where an
    /// upload put a copy. Rows go with their task or page (the object stays until collected).
    static let v8 = SchemaMigration(
        name: "v8-attachments",
        sql: """
            CREATE TABLE attachments (
                id INTEGER PRIMARY KEY,
                uuid TEXT NOT NULL UNIQUE,
                task_id INTEGER REFERENCES tasks(id) ON DELETE CASCADE,
                page_id INTEGER REFERENCES pages(id) ON DELETE CASCADE,
                name TEXT NOT NULL,
                sha256 TEXT NOT NULL CHECK (length(sha256) = 64),
                size INTEGER NOT NULL CHECK (size >= 0),
                encoding TEXT NOT NULL DEFAULT 'plain',
                remote_url TEXT,
                created INTEGER NOT NULL,
                CHECK ((task_id IS NULL) <> (page_id IS NULL))
            );
            CREATE INDEX attachments_sha256 ON attachments(sha256);
            CREATE INDEX attachments_task ON attachments(task_id) WHERE task_id IS NOT NULL;
            CREATE INDEX attachments_page ON attachments(page_id) WHERE page_id IS NOT NULL;
            """)

    /// Agents (issue 19): their keys (only the secret's SHA-256), per-scope policy, grants, pending
    /// approvals, and receipts — append-only (triggers refuse UPDATE and DELETE) and hash-chained.
    static let v9 = SchemaMigration(
        name: "v9-agents",
        sql: """
            CREATE TABLE agents (
                id INTEGER PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                key_id TEXT NOT NULL UNIQUE,
                secret_sha256 TEXT NOT NULL,
                created INTEGER NOT NULL,
                expires INTEGER,
                revoked INTEGER,
                last_used INTEGER
            );
            CREATE TABLE agent_policies (
                agent_id INTEGER NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
                scope TEXT NOT NULL,
                policy TEXT NOT NULL CHECK (policy IN ('allow', 'ask', 'deny')),
                PRIMARY KEY (agent_id, scope)
            );
            CREATE TABLE agent_grants (
                id INTEGER PRIMARY KEY,
                agent_id INTEGER NOT NULL REFERENCES agents(id) ON DELETE CASCADE,
                scope TEXT NOT NULL,
                project_id INTEGER REFERENCES projects(id) ON DELETE CASCADE,
                created INTEGER NOT NULL,
                until INTEGER NOT NULL
            );
            CREATE TABLE approvals (
                id TEXT PRIMARY KEY,
                agent_id INTEGER NOT NULL REFERENCES agents(id),
                tool TEXT NOT NULL,
                arguments TEXT NOT NULL,
                arguments_sha256 TEXT NOT NULL,
                target TEXT,
                target_modified INTEGER,
                status TEXT NOT NULL,
                created INTEGER NOT NULL,
                expires INTEGER NOT NULL,
                decided INTEGER,
                reason TEXT,
                result TEXT
            );
            CREATE UNIQUE INDEX approvals_one_pending ON approvals(agent_id, tool, arguments_sha256) WHERE status = 'pending';
            CREATE TABLE receipts (
                seq INTEGER PRIMARY KEY,
                ts INTEGER NOT NULL,
                agent_id INTEGER NOT NULL,
                tool TEXT NOT NULL,
                arguments_sha256 TEXT NOT NULL,
                result_sha256 TEXT NOT NULL,
                decision TEXT NOT NULL,
                approval_id TEXT,
                prev_hash TEXT NOT NULL,
                hash TEXT NOT NULL
            );
            CREATE TRIGGER receipts_no_update BEFORE UPDATE ON receipts BEGIN SELECT RAISE(ABORT, 'receipts are append-only'); END;
            CREATE TRIGGER receipts_no_delete BEFORE DELETE ON receipts BEGIN SELECT RAISE(ABORT, 'receipts are append-only'); END;
            """)

    /// CalDAV sync state: the collection's sync token, and per task the href, ETag and text the server
    /// last had (patched, so other clients' properties survive) and the fields as last synced (the
    /// base of the three-way merge).
    static let v10 = SchemaMigration(
        name: "v10-caldav-sync",
        sql: """
            CREATE TABLE sync_collections (
                url TEXT PRIMARY KEY,
                collection TEXT,
                sync_token TEXT,
                last_sync INTEGER,
                last_error TEXT
            );
            CREATE TABLE sync_items (
                collection TEXT NOT NULL REFERENCES sync_collections(url) ON DELETE CASCADE,
                uuid TEXT NOT NULL,
                href TEXT NOT NULL,
                etag TEXT,
                ics TEXT NOT NULL,
                base TEXT NOT NULL,
                PRIMARY KEY (collection, uuid)
            );
            CREATE INDEX sync_items_href ON sync_items(collection, href);
            """)

    /// Sealed page bodies (`tasker crypto enable`): a `crypto` row naming the data key that seals new
    /// values (its id, never the key), and a full-text index that reads bodies through a view which
    /// gives a sealed body (a BLOB) as '' — so the index on disk holds titles and clear bodies only,
    /// and `snippet()` can never show ciphertext. Sealed bodies are searched in a TEMP index built
    /// from the opened bodies (`SealedSearch`).
    static let v11 = SchemaMigration(
        name: "v11-sealed-values",
        sql: """
            CREATE TABLE crypto (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                key_id TEXT NOT NULL,
                enabled INTEGER NOT NULL
            );
            DROP TRIGGER pages_fts_insert;
            DROP TRIGGER pages_fts_delete;
            DROP TRIGGER pages_fts_update;
            DROP TABLE pages_fts;
            CREATE VIEW pages_fts_source AS
                SELECT id, title, CASE WHEN typeof(body) = 'text' THEN body ELSE '' END AS body FROM pages;
            CREATE VIRTUAL TABLE pages_fts USING fts5(
                title, body, content='pages_fts_source', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
            );
            CREATE TRIGGER pages_fts_insert AFTER INSERT ON pages BEGIN
                INSERT INTO pages_fts(rowid, title, body)
                VALUES (new.id, new.title, CASE WHEN typeof(new.body) = 'text' THEN new.body ELSE '' END);
            END;
            CREATE TRIGGER pages_fts_delete AFTER DELETE ON pages BEGIN
                INSERT INTO pages_fts(pages_fts, rowid, title, body)
                VALUES ('delete', old.id, old.title, CASE WHEN typeof(old.body) = 'text' THEN old.body ELSE '' END);
            END;
            CREATE TRIGGER pages_fts_update AFTER UPDATE OF title, body ON pages BEGIN
                INSERT INTO pages_fts(pages_fts, rowid, title, body)
                VALUES ('delete', old.id, old.title, CASE WHEN typeof(old.body) = 'text' THEN old.body ELSE '' END);
                INSERT INTO pages_fts(rowid, title, body)
                VALUES (new.id, new.title, CASE WHEN typeof(new.body) = 'text' THEN new.body ELSE '' END);
            END;
            INSERT INTO pages_fts(pages_fts) VALUES ('rebuild');
            """)

    /// Reminders: a task's own `remind` (`"30m"` before the due, or an instant in seconds), and the
    /// reminders already delivered (one row per reminder key, claimed before it is shown, so two
    /// `tasker remind` processes and a restart deliver each once; the notification id to close it
    /// when the task is completed, rescheduled or deleted, a snooze, a click acted on).
    static let v12 = SchemaMigration(
        name: "v12-reminders",
        sql: """
            ALTER TABLE tasks ADD COLUMN remind TEXT;
            CREATE TABLE delivered_reminders (
                key TEXT PRIMARY KEY,
                task_id INTEGER NOT NULL,
                due INTEGER,
                delivered INTEGER NOT NULL,
                notification_id INTEGER,
                closed INTEGER,
                snoozed_until INTEGER,
                acted INTEGER
            ) WITHOUT ROWID;
            CREATE INDEX delivered_reminders_open ON delivered_reminders(task_id) WHERE closed IS NULL;
            """)

    /// Places: a circle on the map (centre in degrees, radius in metres; names unique without case),
    /// a task's `place_id` and `place_trigger` (`arrive` or `leave`; deleting a place unbinds its
    /// tasks), and each place's fence as the watcher last saw it (side, a crossing waiting out its
    /// dwell, the visit count that keys "once per visit" reminders).
    static let v13 = SchemaMigration(
        name: "v13-places",
        sql: """
            CREATE TABLE places (
                id INTEGER PRIMARY KEY,
                uuid TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL COLLATE NOCASE UNIQUE,
                latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                radius_m REAL NOT NULL CHECK (radius_m > 0),
                created INTEGER NOT NULL,
                updated INTEGER NOT NULL
            );
            ALTER TABLE tasks ADD COLUMN place_id INTEGER REFERENCES places(id) ON DELETE SET NULL;
            ALTER TABLE tasks ADD COLUMN place_trigger TEXT CHECK (place_trigger IN ('arrive', 'leave'));
            CREATE INDEX tasks_place ON tasks(place_id) WHERE place_id IS NOT NULL;
            CREATE TABLE place_fences (
                place_id INTEGER PRIMARY KEY REFERENCES places(id) ON DELETE CASCADE,
                side TEXT NOT NULL CHECK (side IN ('unknown', 'inside', 'outside')),
                pending_since INTEGER,
                visit INTEGER NOT NULL DEFAULT 0,
                updated INTEGER NOT NULL
            );
            """)

    /// Sync: when the last failure happened (`tasker sync --status` names it beside the error; the
    /// chat and the MCP server sync in the background, so a failure may not have been seen).
    static let v14 = SchemaMigration(
        name: "v14-sync-error-time",
        sql: """
            ALTER TABLE sync_collections ADD COLUMN last_error_at INTEGER;
            """)

    /// Encrypted attachments: `object_key` is the object's own secretstream key, sealed like a note
    /// (bound to `attachments:<uuid>:object_key`, re-sealed by a rotation); `stored_sha256` is the
    /// SHA-256 of the encrypted file as stored, so `tasker verify` checks it without the key. Both
    /// NULL for plain objects.
    static let v15 = SchemaMigration(
        name: "v15-encrypted-attachments",
        sql: """
            ALTER TABLE attachments ADD COLUMN object_key BLOB;
            ALTER TABLE attachments ADD COLUMN stored_sha256 TEXT;
            """)

    /// Approvals pin the exact call: `target_fingerprint` is the SHA-256 of every task the call acts on
    /// as stored when the agent asked (any change since, in the same second too, makes it stale), and
    /// `file_sha256`/`file_size` are the bytes of a file the call reads, as shown to the owner (a file
    /// swapped after the request is refused). `target_modified` stays for requests made before.
    static let v16 = SchemaMigration(
        name: "v16-approval-pins",
        sql: """
            ALTER TABLE approvals ADD COLUMN target_fingerprint TEXT;
            ALTER TABLE approvals ADD COLUMN file_sha256 TEXT;
            ALTER TABLE approvals ADD COLUMN file_size INTEGER;
            """)

    /// Repeats as a whole RFC 5545 rule (issue 40): `recur_rule` is the rule's canonical RRULE text
    /// (`FREQ=MONTHLY;BYDAY=2FR,4FR`; another client's rule Tasker cannot represent, verbatim) and
    /// `recur_kind` the repeat kind (`on_schedule`, `after_completion`; NULL for skip missed, what
    /// Tasker always did). `recur_frequency` and `recur_interval` stay, written from the rule, for the
    /// queries that ask whether a row repeats; `recur_weekdays` is folded into the rule and emptied. A
    /// monthly series anchored on the 29th–31st keeps to the month's end in RFC 5545 terms
    /// (`BYMONTHDAY=31,-1;BYSETPOS=1`), as it did through its anchor.
    static let v17 = SchemaMigration(
        name: "v17-recurrence-rule-text",
        sql: """
            ALTER TABLE tasks ADD COLUMN recur_rule TEXT;
            ALTER TABLE tasks ADD COLUMN recur_kind TEXT;
            UPDATE tasks SET
                recur_rule = 'FREQ=' || upper(recur_frequency)
                    || CASE WHEN coalesce(recur_interval, 1) > 1 THEN ';INTERVAL=' || recur_interval ELSE '' END
                    || CASE WHEN coalesce(recur_weekdays, '') <> '' THEN ';BYDAY=' || upper(replace(replace(replace(replace(replace(replace(replace(
                        recur_weekdays, 'mon', 'mo'), 'tue', 'tu'), 'wed', 'we'), 'thu', 'th'), 'fri', 'fr'), 'sat', 'sa'), 'sun', 'su')) ELSE '' END
                    || CASE WHEN recur_frequency = 'monthly' AND coalesce(recur_weekdays, '') = '' AND recur_anchor_day >= 29
                        THEN ';BYMONTHDAY=' || recur_anchor_day || ',-1;BYSETPOS=1' ELSE '' END,
                recur_weekdays = NULL
            WHERE recur_frequency IS NOT NULL;
            """)

    /// Deciding an approval is one compare-and-set (`pending → deciding`, then `deciding → executed|…`
    /// only by the same `decision_token`); `decided_by` names the door that decided. `arguments_mac`
    /// is the HMAC of the stored call under the receipts key (outside the database), checked before
    /// an approved call runs. `receipt_keys` lists every receipts key this database was chained with
    /// (its id, a MAC of a fixed text under it; never the key), append-only like the receipts, so a
    /// key folder that went away with the receipts it signed is still noticed.
    static let v18 = SchemaMigration(
        name: "v18-approval-decisions",
        sql: """
            ALTER TABLE approvals ADD COLUMN arguments_mac TEXT;
            ALTER TABLE approvals ADD COLUMN decided_by TEXT;
            ALTER TABLE approvals ADD COLUMN decision_token TEXT;
            CREATE TABLE receipt_keys (
                key_id TEXT PRIMARY KEY,
                created INTEGER NOT NULL,
                first_seq INTEGER NOT NULL
            );
            CREATE TRIGGER receipt_keys_no_update BEFORE UPDATE ON receipt_keys BEGIN SELECT RAISE(ABORT, 'receipt keys are append-only'); END;
            CREATE TRIGGER receipt_keys_no_delete BEFORE DELETE ON receipt_keys BEGIN SELECT RAISE(ABORT, 'receipt keys are append-only'); END;
            """)

    /// A repeating task's zone: `due_zone` is the IANA zone its timed due repeats in (another client's
    /// `DUE;TZID=…`, or the zone a sync stored it with), so every occurrence keeps its wall-clock
    /// time there across DST. NULL: this device's zone. `checklist` is on a done occurrence of a series:
    /// the titles of the subtasks done for it (one a line), kept when they reopen for the next occurrence.
    static let v19 = SchemaMigration(
        name: "v19-due-zone-checklist",
        sql: """
            ALTER TABLE tasks ADD COLUMN due_zone TEXT;
            ALTER TABLE tasks ADD COLUMN checklist TEXT;
            """)

    /// What each agent changed, for `tasker agent undo`: one row per column of each row an agent's
    /// call inserted (`new`), updated (`old` and `new`, changed columns only) or deleted (`old`), in
    /// the order written (`op` numbers one row's change), with the agent and the call's time. The
    /// values keep SQLite's own types (the columns have no affinity). `undone` is set when an undo
    /// has dealt with the change (the undo's receipt number), so a second undo finds nothing.
    /// The rows are written by TEMP triggers that only a connection running an agent's call installs.
    static let v20 = SchemaMigration(
        name: "v20-agent-changes",
        sql: """
            CREATE TABLE agent_changes (
                id INTEGER PRIMARY KEY,
                op INTEGER NOT NULL,
                agent_id INTEGER NOT NULL,
                ts INTEGER NOT NULL,
                tbl TEXT NOT NULL,
                kind TEXT NOT NULL CHECK (kind IN ('insert', 'update', 'delete')),
                rid INTEGER,
                col TEXT NOT NULL,
                old,
                new,
                undone INTEGER
            );
            CREATE INDEX agent_changes_op ON agent_changes(op);
            CREATE INDEX agent_changes_agent ON agent_changes(agent_id, ts);
            """)

    /// The row id a deleted record had (`rid`), so `changes_since` can tell an agent which task ids
    /// went; NULL for tombstones made before (those are not listed), and for kinds that do not say.
    static let v21 = SchemaMigration(
        name: "v21-tombstone-row-id",
        sql: """
            ALTER TABLE tombstones ADD COLUMN rid INTEGER;
            CREATE INDEX tombstones_changes ON tombstones(kind, deleted, rid) WHERE rid IS NOT NULL;
            """)

    /// The project a deleted task was in, so a `changes_since` reader scoped to one project (an agent
    /// granted only that project) hears of its deletions and of no other; NULL for tombstones made
    /// before (those are listed only to readers of every project).
    static let v22 = SchemaMigration(
        name: "v22-tombstone-project",
        sql: "ALTER TABLE tombstones ADD COLUMN project_id INTEGER;")

    /// The second a task or page last changed here when that is later than its `updated`: an undo
    /// puts a record's fields back, `updated` among them (so an export gives the bytes it gave before),
    /// and sets `changed` to now, so that `changes_since`, which reads the later of the two, lists it
    /// again. NULL (every ordinary write): `updated` says. The indexes are on that expression, as the
    /// queries say it.
    static let v23 = SchemaMigration(
        name: "v23-changed-by-undo",
        sql: """
            ALTER TABLE tasks ADD COLUMN changed INTEGER;
            CREATE INDEX tasks_changes ON tasks(max(updated, coalesce(changed, 0)), id);
            ALTER TABLE pages ADD COLUMN changed INTEGER;
            CREATE INDEX pages_changes ON pages(max(updated, coalesce(changed, 0)), id);
            """)

    /// A random version 4 UUID in lower-case text, as SQL (for rows that existed before v4).
    static let randomUUID = """
        lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))
        """
}
