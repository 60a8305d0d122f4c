import Foundation
import Testing
import TaskCore
@testable import TaskToolkit

@Suite struct PlanAndPageToolTests {
    @Test func planDayOrdersFitsAndExplains() throws {
        let f = try ToolkitFixture()
        _ = try f.task(["title": "Overdue report", "due": "2026-12-01T09:00", "estimate_minutes": 60])
        _ = try f.task(["title": "Pay rent", "due": "2026-12-02T17:00", "estimate_minutes": 10])
        _ = try f.task(["title": "Big refactor", "priority": "critical", "estimate_minutes": 240, "energy": "deep"])
        _ = try f.task(["title": "Email Anna", "priority": "high", "energy": "quick"])
        _ = try f.task(["title": "Later thing", "defer_until": "2026-12-09", "estimate_minutes": 5])
        _ = try f.task(["title": "Waiting on Bob", "kind": "waiting", "estimate_minutes": 5])
        let result = try f.call("plan_day", ["budget_minutes": 120, "start": "2026-12-02T11:00"])
        let plan = try #require(result["plan"])
        let titles = plan["items"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        #expect(titles == ["Overdue report", "Pay rent", "Email Anna"])
        #expect(plan["total_minutes"] == 100)
        #expect(plan["items"]?.arrayValue?.first?["start"] == "2026-12-02T11:00:00+00:00")
        #expect(plan["items"]?.arrayValue?.first?["end"] == "2026-12-02T12:00:00+00:00")
        #expect(plan["items"]?.arrayValue?.last?["estimated"] == true)
        let left = plan["not_planned"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        #expect(left == ["Big refactor"])
        #expect(plan["not_planned_count"] == 1)
        #expect(!titles.contains("Later thing") && !titles.contains("Waiting on Bob"))
    }

    @Test func planDayStartsAtNowRoundedUp() throws {
        let f = try ToolkitFixture(now: ISODate.parse("2026-12-02T10:31:00+00:00", in: ToolkitFixture.zone)!)
        _ = try f.task(["title": "Anything", "estimate_minutes": 20])
        let plan = try f.call("plan_day", ["budget_minutes": 60])["plan"]
        #expect(plan?["items"]?.arrayValue?.first?["start"] == "2026-12-02T10:35:00+00:00")
    }

    @Test func projectsCountProgress() throws {
        let f = try ToolkitFixture()
        #expect(try f.call("create_project", ["name": "Kitchen"])["ok"] == true)
        #expect(try f.call("create_project", ["name": "Kitchen"])["ok"] == false)
        let a = try f.task(["title": "Tiles", "project": "Kitchen"])
        _ = try f.task(["title": "Paint", "project": "Kitchen"])
        _ = try f.call("complete_task", ["id": .int(a)])
        let projects = try f.call("list_projects")["projects"]?.arrayValue ?? []
        #expect(projects.count == 1)
        #expect(projects.first?["open"] == 1)
        #expect(projects.first?["done"] == 1)
        #expect(projects.first?["progress"] == 0.5)
        #expect(try f.call("list_tasks", ["project": "Kitchen"])["count"] == 1)
    }

    @Test func pagesCreateAppendReadListLinkSearch() throws {
        let f = try ToolkitFixture()
        _ = try f.call("create_project", ["name": "Kitchen"])
        #expect(try f.call("create_space", ["name": "Home", "project": "Kitchen"])["ok"] == true)
        let page = try f.call("create_page", ["title": "Tile ideas", "space": "Home", "body": "Terracotta or slate.", "labels": ["reno"]])
        let pageID = try #require(page["page"]?["id"]?.intValue)
        _ = try f.call("create_page", ["title": "Groceries", "body": "Milk, eggs, and slate-grey napkins."])
        let appended = try f.call("append_to_page", ["page": "tile ideas", "markdown": "- ask about **grout**"])
        #expect(appended["page"]?["body"]?.stringValue?.hasSuffix("- ask about **grout**") == true)
        #expect(try f.call("read_page", ["page": .int(pageID)])["page"]?["title"] == "Tile ideas")
        #expect(try f.call("read_page", ["page": "nothing like it"])["ok"] == false)
        #expect(try f.call("list_pages", ["label": "reno"])["count"] == 1)
        #expect(try f.call("list_pages", ["space": "Home"])["count"] == 1)
        let task = try f.task(["title": "Order tiles"])
        let linked = try f.call("link_page", ["page": .int(pageID), "task": .int(task), "project": "Kitchen"])
        #expect(linked["page"]?["linked_tasks"] == [.int(task)])
        #expect(linked["page"]?["linked_projects"] == ["Kitchen"])
        let search = try f.call("search_pages", ["query": "slate"])
        let hits = search["results"]?.arrayValue ?? []
        #expect(hits.count == 2)
        #expect(hits.first?["title"] == "Tile ideas" || hits.first?["title"] == "Groceries")
        #expect(hits.allSatisfy { $0["snippet"]?.stringValue?.contains("[") == true })
        let grout = try f.call("search_pages", ["query": "grout"])["results"]?.arrayValue ?? []
        #expect(grout.map { $0["title"] } == ["Tile ideas"])
        #expect(try f.call("search_pages", ["query": "\"unbalanced NEAR( -x *"])["ok"] == true)
    }

    @Test func linkPageIsAllOrNothing() throws {
        let f = try ToolkitFixture()
        _ = try f.call("create_page", ["title": "Notes"])
        let task = try f.task(["title": "Order tiles"])
        let failed = try f.call("link_page", ["page": "Notes", "task": .int(task), "project": "Nope"])
        #expect(failed["ok"] == false)
        #expect(try f.call("read_page", ["page": "Notes"])["page"]?["linked_tasks"] == [])
    }
}
