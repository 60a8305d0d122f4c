import Foundation
import Testing
import TaskCore
import TaskStore
import TaskToolkit
import TaskerTestSupport
@testable import TaskAgent

/// Random agents (random policies and grants) × every tool × random arguments (ids of other projects'
/// tasks, titles shared across projects, subtasks in another project, moves, clears, files): no call
/// changes anything beyond what the agent's scopes and grants allow, a refused or waiting call changes
/// nothing, a denied read reveals nothing, and every call leaves exactly one receipt.
///
/// The oracle does not ask the gate: it classifies what really changed in the store (a task created,
/// deleted, completed, a field replaced or cleared, a template overwritten, a place deleted, a page
/// written) into the scope docs/AGENTS.md's table gives it and the projects it touched, before and after.
@Suite struct AgentPropertyTests {
    static let seed: UInt64 = 0x7A5C_2026_1203

    /// What the store holds, to compare before and after a call.
    struct Snapshot: Equatable {
        var tasks: [TaskID: TaskItem]
        var templates: [String: TaskTemplate]
        var places: Set<String>
        var pages: Int

        init(_ store: TaskStore) throws {
            tasks = Dictionary(uniqueKeysWithValues: try store.tasks(TaskQuery(filter: .all, limit: 10_000)).map { ($0.id, $0) })
            templates = Dictionary(uniqueKeysWithValues: try Templates(store).templates().filter { !$0.isBuiltIn }.map { ($0.name.lowercased(), $0) })
            places = Set(try Places(store).placeNames())
            pages = try store.pages().count
        }
    }

    /// One change the oracle saw: the scope it needs and the projects it touched ("" for none, nil when
    /// it belongs to no project at all, so only an unlimited grant covers it).
    struct Change: CustomStringConvertible {
        var scope: AgentScope
        var projects: Set<String>?
        var what: String
        var description: String { "\(what) [\(scope.rawValue) in \(projects.map { $0.sorted().description } ?? "no project")]" }
    }

    static func changes(from before: Snapshot, to after: Snapshot) -> [Change] {
        var changes: [Change] = []
        func key(_ project: String?) -> String { (project ?? "").lowercased() }
        for (id, old) in before.tasks {
            guard let new = after.tasks[id] else {
                changes.append(Change(scope: .destructive, projects: [key(old.project)], what: "deleted #\(id.rawValue)"))
                continue
            }
            guard new != old else { continue }
            let projects: Set<String> = [key(old.project), key(new.project)]
            func replaced<T: Equatable>(_ a: T?, _ b: T?) -> Bool { a != nil && a != b }
            let notes = old.notes.flatMap { $0.isEmpty ? nil : $0 }
            let destructive = old.status != new.status || replaced(old.due, new.due) || replaced(old.deferUntil, new.deferUntil)
                || replaced(old.recurrence, new.recurrence) || replaced(notes, new.notes) || replaced(old.project, new.project)
                || replaced(old.parent, new.parent) || replaced(old.stage, new.stage) || replaced(old.place, new.place)
            changes.append(Change(scope: destructive ? .destructive : .writeTasks, projects: projects, what: "changed #\(id.rawValue)"))
        }
        for (id, new) in after.tasks where before.tasks[id] == nil {
            changes.append(Change(scope: .writeTasks, projects: [key(new.project)], what: "created #\(id.rawValue)"))
        }
        for (name, old) in before.templates where after.templates[name] != old {
            changes.append(Change(scope: .destructive, projects: nil, what: "template \(name) overwritten or removed"))
        }
        for name in after.templates.keys where before.templates[name] == nil {
            changes.append(Change(scope: .writeTasks, projects: nil, what: "template \(name) created"))
        }
        for name in before.places.subtracting(after.places) { changes.append(Change(scope: .destructive, projects: nil, what: "place \(name) deleted")) }
        for name in after.places.subtracting(before.places) { changes.append(Change(scope: .writeTasks, projects: nil, what: "place \(name) created")) }
        if after.pages != before.pages { changes.append(Change(scope: .writePages, projects: nil, what: "pages \(before.pages) → \(after.pages)")) }
        return changes
    }

    /// Every file below the test's folder but the agents' folders and the store's own (database,
    /// objects, receipts), with its size and modification time.
    static func filesOutsideAgentFolders(_ fixture: AgentFixture) -> [String: String] {
        var files: [String: String] = [:]
        let root = fixture.directory.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return files }
        while let name = walker.nextObject() as? String {
            if name.hasPrefix("tasks.sqlite") || name.hasPrefix("objects") { continue }
            let attributes = try? FileManager.default.attributesOfItem(atPath: root + "/" + name)
            files[name] = "\(attributes?[.size] ?? "") \(attributes?[.modificationDate] ?? "")"
        }
        return files
    }

    /// Whether the agent may make `change` without asking: its policy allows the scope, or running
    /// grants of the scope cover every project touched.
    /// `destructive` covers the task writes that come with it (an import creates tasks, completing a
    /// repeating task creates its next occurrence).
    static func allowed(_ change: Change, agent: AgentRecord, grants: [AgentGrant]) -> Bool {
        if allowed(change, policy: agent.policy(for: change.scope), grants: grants) { return true }
        guard change.scope == .writeTasks else { return false }
        var stronger = change
        stronger.scope = .destructive
        return allowed(stronger, policy: agent.policy(for: .destructive), grants: grants)
    }

    static func allowed(_ change: Change, policy: AgentPolicy, grants: [AgentGrant]) -> Bool {
        if policy == .allow { return true }
        let scoped = grants.filter { $0.scope == change.scope }
        if scoped.contains(where: { $0.projectID == nil }) { return true }
        guard let projects = change.projects else { return false }
        return projects.allSatisfy { project in !project.isEmpty && scoped.contains { $0.projectName?.lowercased() == project } }
    }

    /// A world with two projects whose tasks share titles, subtasks across projects, a done task, a
    /// place, a template and a page.
    static func world(_ fixture: AgentFixture) throws -> [Int] {
        let toolkit = fixture.toolkit
        for name in ["Kitchen", "Garden"] { _ = try toolkit.call("create_project", ["name": .string(name)]) }
        var ids: [Int] = []
        func make(_ arguments: JSONValue) throws -> Int {
            let id = try #require(try toolkit.call("create_task", arguments)["task"]?["id"]?.intValue)
            ids.append(id)
            return id
        }
        let paint = try make(["title": "Paint", "project": "Kitchen", "due": "2026-12-05T10:00", "notes": "two coats"])
        _ = try make(["title": "Paint", "project": "Garden", "recurrence": "weekly", "due": "2026-12-06T09:00"])
        _ = try make(["title": "Water the hedge", "project": "Garden", "defer_until": "2026-12-04"])
        let water = try make(["title": "Water", "project": "Kitchen"])
        _ = try toolkit.call("complete_task", ["id": .int(water)])
        _ = try make(["title": "Sand the frame", "project": "Garden", "parent": .int(paint)])
        _ = try make(["title": "Loose end", "notes": "no project"])
        _ = try toolkit.call("set_stage", ["id": .int(paint), "stage": "Next"])
        _ = try toolkit.call("create_place", ["name": "Shop", "latitude": 51.5, "longitude": -0.1])
        _ = try toolkit.call("create_template", ["name": "Move", "tasks": [["title": "Pack", "offset_days": 0]]])
        _ = try toolkit.call("create_space", ["name": "Notes"])
        _ = try toolkit.call("create_page", ["space": "Notes", "title": "Ideas", "body": "tiles"])
        try "buy tiles\nfix the sink\n".write(toFile: fixture.directory.path("list.txt"), atomically: true, encoding: .utf8)
        // The same list in the agent's own folder, where its names point.
        let own = fixture.directory.path("tasks.sqlite.agents/bot/files")
        try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
        try "buy tiles\nfix the sink\n".write(toFile: own + "/list.txt", atomically: true, encoding: .utf8)
        return ids
    }

    /// Random arguments for `tool`: ids of any task (other projects', done ones, missing ones), shared
    /// titles, moves between projects, clears and fills.
    static func arguments(for tool: String, ids: [Int], fixture: AgentFixture, _ random: inout SeededRandom) -> JSONValue {
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        let id: JSONValue = .int(pick(ids + [999]))
        /// A file name: the agent's own, or one aiming outside its folder (absolute, `..`, the database).
        func path(exporting: Bool) -> JSONValue {
            let own = exporting ? "out-\(random.next() % 1000).txt" : "list.txt"
            return .string(pick([own, own, "../../../list.txt", fixture.directory.path("list.txt"), fixture.path, "/proc/self/environ",
                                 "~/list.txt", "../../../out.txt"]))
        }
        let title: JSONValue = .string(pick(["Paint", "paint", "Water", "water", "Sand", "Loose end", "nothing like it"]))
        var target: [String: JSONValue] = pick([true, false]) ? ["id": id] : ["title": title]
        let project: JSONValue = pick(["Kitchen", "Garden", "Nowhere", .null])
        switch tool {
        case "capture_task": return ["text": pick(["call mom tomorrow", "paint the fence friday"]), "project": pick(["Kitchen", "Garden"])]
        case "create_task":
            var o: [String: JSONValue] = ["title": "New thing"]
            if pick([true, false]) { o["project"] = pick(["Kitchen", "Garden"]) }
            if pick([true, false]) { o["parent"] = id }
            return .object(o)
        case "complete_task": target["with_children"] = .bool(pick([true, false])); return .object(target)
        case "reschedule_task": target["due"] = pick(["2026-12-20T10:00", .null]); return .object(target)
        case "defer_task": target["until"] = pick(["2026-12-30", .null]); return .object(target)
        case "update_task":
            let field = pick(["due", "defer_until", "recurrence", "notes", "project", "parent", "new_title", "priority", "place"])
            let value: JSONValue
            switch field {
            case "due": value = pick(["2026-12-21T10:00", .null])
            case "defer_until": value = pick(["2026-12-22", .null])
            case "recurrence": value = pick(["daily", .null])
            case "notes": value = pick(["replaced", "", .null])
            case "project": value = project
            case "parent": value = pick([id, .null])
            case "new_title": value = "Renamed"
            case "priority": value = "high"
            default: value = pick(["Shop", .null])
            }
            target[field] = value
            return .object(target)
        case "delete_task": target["children"] = pick(["refuse", "orphan", "delete"]); return .object(target)
        case "set_stage": target["stage"] = pick(["Next", "Someday", .null]); return .object(target)
        case "create_place": return ["name": pick(["Shop", "Park"]), "latitude": 51.0, "longitude": 0.0]
        case "delete_place": return ["name": pick(["Shop", "Park"])]
        case "create_project": return ["name": pick(["Kitchen", "Attic"])]
        case "create_space": return ["name": pick(["Notes", "More"])]
        case "create_page": return ["space": "Notes", "title": "Another", "body": "x"]
        case "append_to_page": return ["page": "Ideas", "markdown": "more"]
        case "link_page": return ["page": "Ideas", "task": id]
        case "read_page": return ["page": "Ideas"]
        case "search_pages": return ["query": "tiles"]
        case "create_template":
            return ["name": pick(["Move", "Trip"]), "tasks": [["title": "Nothing", "offset_days": 0]], "replace": .bool(pick([true, false]))]
        case "apply_template": return ["name": "Move", "project": pick(["Kitchen", "Garden"])]
        case "list_tasks": return pick([[:], ["project": "Garden"], ["filter": "all"]])
        case "export_tasks": return pick([["format": "json"], ["format": "todotxt", "path": path(exporting: true)]])
        case "import_tasks": return ["path": path(exporting: false), "format": "todotxt"]
        case "attach_file": return ["path": path(exporting: false), "task": id]
        case "open_attachment", "detach": return ["id": 1]
        case "approval_status": return ["approval_id": "apr_nothing"]
        case "plan_day": return ["minutes": 60]
        default: return [:]
        }
    }

    @Test func noCallReachesBeyondWhatTheAgentWasAllowed() throws {
        var random = SeededRandom(seed: Self.seed)
        func pick<T>(_ values: [T]) -> T { values[Int(random.next() % UInt64(values.count))] }
        let tools = TaskToolkit.definitions.map(\.name)
        // Half the calls go to the tools whose effects depend on their arguments and target.
        let risky = ["update_task", "set_stage", "delete_task", "complete_task", "create_template", "delete_place", "create_task", "reschedule_task"]
        var checked = 0, ran = 0, asked = 0
        for round in 0..<30 {
            let fixture = try AgentFixture()
            let ids = try Self.world(fixture)
            let (_, gate) = try fixture.agent("bot", scopes: Set(AgentScope.allCases))
            for scope in AgentScope.allCases {
                try Agents(fixture.store).setAgentPolicy(named: "bot", scope: scope, policy: pick([.allow, .allow, .allow, .ask, .ask, .deny]))
            }
            for _ in 0..<Int(random.next() % 3) {
                try AgentGrants(fixture.store).add(agent: "bot", scope: pick(AgentScope.allCases), project: pick(["Kitchen", "Garden", nil]),
                                           until: fixture.clock.now.addingTimeInterval(86_400))
            }
            let agent = try #require(try Agents(fixture.store).agents().first)
            let grants = try AgentGrants(fixture.store).active(agentID: agent.id)
            for call in 0..<60 {
                let tool = pick([true, false]) ? pick(risky) : pick(tools)
                let arguments = Self.arguments(for: tool, ids: ids, fixture: fixture, &random)
                let label = "seed \(Self.seed) round \(round) call \(call): \(tool) \(arguments.encoded()) policies \(agent.policies) grants \(grants.map { "\($0.scope.rawValue):\($0.projectName ?? "*")" })"
                let before = try Snapshot(fixture.store)
                let filesBefore = Self.filesOutsideAgentFolders(fixture)
                let receiptsBefore = try fixture.store.receipts().count
                var result: JSONValue?
                do { result = try gate.call(tool, arguments) } catch {}
                let after = try Snapshot(fixture.store)
                let receipts = try fixture.store.receipts()
                #expect(receipts.count == receiptsBefore + 1, "exactly one receipt: \(label)")
                let decision = receipts.last?.decision ?? "?"
                let changes = Self.changes(from: before, to: after)
                #expect(Self.filesOutsideAgentFolders(fixture) == filesBefore, "a file appeared or changed outside the agent's folder: \(label)")
                #expect(!(result?.encoded().contains(fixture.directory.path) ?? false), "a result names a host path: \(label)")
                if decision == "allowed" || decision == "granted" {
                    ran += 1
                    for change in changes {
                        #expect(Self.allowed(change, agent: agent, grants: grants), "\(change) beyond what was allowed by \(tool): \(label)")
                    }
                    if TaskToolkit.definition(named: tool)?.scope == .read {
                        #expect(Self.allowed(Change(scope: .read, projects: nil, what: "read"), policy: agent.policy(for: .read), grants: grants),
                                "a read ran without read: \(label)")
                    }
                } else {
                    if decision == "asked" { asked += 1 }
                    #expect(changes.isEmpty, "\(decision) yet changed \(changes): \(label)")
                    if agent.policy(for: .read) == .deny, let text = result?.encoded() {
                        #expect(!text.contains("two coats") && !text.contains("Water the hedge"), "a refused call revealed a task: \(label)")
                    }
                }
                checked += 1
            }
        }
        #expect(checked == 1_800)
        #expect(ran > 50 && asked > 20, "the random agents exercised running and asking (\(ran) ran, \(asked) asked)")
    }
}
