import Foundation
import Testing
@testable import TaskCore
@testable import TaskStore

@Suite struct TaskStorePageTests {
    @Test func spacesAndPagesCRUD() throws {
        let f = try Fixture()
        _ = try Projects(f.store).createProject(name: "Garden")
        let space = try Pages(f.store).createSpace(name: "Garden notes", project: "garden")
        #expect(space.project == "Garden")
        #expect(throws: TaskStoreError.duplicateName(kind: "space", name: "garden NOTES")) { try Pages(f.store).createSpace(name: "garden NOTES") }
        #expect(throws: TaskStoreError.projectNotFound("Nope")) { try Pages(f.store).createSpace(name: "X", project: "Nope") }
        #expect(try Pages(f.store).spaces().map(\.name) == ["Garden notes", "Personal"])

        let p = try Pages(f.store).createPage(title: "Tomatoes", space: "Garden notes", body: "Plant in May.", labels: ["#veg", "summer", ""])
        #expect(p.space == "Garden notes" && p.labels == ["summer", "veg"] && p.body == "Plant in May.")
        let personal = try Pages(f.store).createPage(title: "Journal")
        #expect(personal.space == "Personal")
        #expect(throws: TaskStoreError.spaceNotFound("Nope")) { try Pages(f.store).createPage(title: "x", space: "Nope") }
        #expect(try Pages(f.store).page(p.id) == p)
        #expect(throws: TaskStoreError.pageNotFound("999")) { try Pages(f.store).page(PageID(999)) }

        let appended = try Pages(f.store).appendToPage(p.id, markdown: "- water daily")
        #expect(appended.body == "Plant in May.\n\n- water daily")
        let empty = try Pages(f.store).appendToPage(personal.id, markdown: "# Day 1")
        #expect(empty.body == "# Day 1")

        #expect(try Pages(f.store).pages().map(\.title) == ["Journal", "Tomatoes"])
        #expect(try Pages(f.store).pages(space: "garden notes").map(\.title) == ["Tomatoes"])
        #expect(try Pages(f.store).pages(label: "VEG").map(\.title) == ["Tomatoes"])
        #expect(try Pages(f.store).pages(titleContains: "URN").map(\.title) == ["Journal"])
        #expect(try Pages(f.store).pages(space: "Personal", label: "veg").isEmpty)
        #expect(throws: TaskStoreError.spaceNotFound("Nope")) { try Pages(f.store).pages(space: "Nope") }
    }

    @Test func linksToTasksAndProjects() throws {
        let f = try Fixture()
        _ = try Projects(f.store).createProject(name: "Launch")
        let t = try f.add("Write copy")
        let p = try Pages(f.store).createPage(title: "Plan")
        _ = try Pages(f.store).linkPage(p.id, toTask: t.id)
        _ = try Pages(f.store).linkPage(p.id, toTask: t.id)
        let linked = try Pages(f.store).linkPage(p.id, toProject: "launch")
        #expect(linked.linkedTasks == [t.id] && linked.linkedProjects == ["Launch"])
        #expect(throws: TaskStoreError.taskNotFound(TaskID(99))) { try Pages(f.store).linkPage(p.id, toTask: TaskID(99)) }
        #expect(throws: TaskStoreError.projectNotFound("Nope")) { try Pages(f.store).linkPage(p.id, toProject: "Nope") }
        #expect(throws: TaskStoreError.pageNotFound("99")) { try Pages(f.store).linkPage(PageID(99), toTask: t.id) }
    }

    @Test func findPagesExactThenSubstring() throws {
        let f = try Fixture()
        let a = try Pages(f.store).createPage(title: "Recipes")
        let b = try Pages(f.store).createPage(title: "Recipes for winter")
        #expect(try Pages(f.store).findPages(titled: "recipes").uniqueValue?.id == a.id)
        #expect(try Pages(f.store).findPages(titled: "winter").uniqueValue?.id == b.id)
        #expect(try Pages(f.store).findPages(titled: "cipe").ambiguousValues?.map(\.id) == [a.id, b.id])
        #expect(try Pages(f.store).findPages(titled: "nothing").isNone)
    }

    @Test func searchRanksTitleAboveBodyAndMoreHitsHigher() throws {
        let f = try Fixture()
        let body = try Pages(f.store).createPage(title: "Misc", body: "Something about a compost heap and other things entirely.")
        let title = try Pages(f.store).createPage(title: "Compost", body: "Notes on layering greens and browns in a bin.")
        let hits = try Pages(f.store).searchPages("compost")
        #expect(hits.map(\.page.id) == [title.id, body.id])
        #expect(hits[0].rank < hits[1].rank)

        let once = try Pages(f.store).createPage(title: "Alpha", body: "turnip once, then many other unrelated words here to pad the text.")
        let many = try Pages(f.store).createPage(title: "Beta", body: "turnip turnip turnip, then many other unrelated words here to pad the text.")
        #expect(try Pages(f.store).searchPages("turnip").map(\.page.id) == [many.id, once.id])
    }

    @Test func searchSnippetsPrefixesAndAllWords() throws {
        let f = try Fixture()
        let p = try Pages(f.store).createPage(title: "Trip", body: "We booked the ferry to the island for Saturday morning.")
        _ = try Pages(f.store).createPage(title: "Other", body: "The ferry schedule changes in winter.")
        let hits = try Pages(f.store).searchPages("isl ferry")
        #expect(hits.map(\.page.id) == [p.id])
        #expect(hits[0].snippet.contains("[ferry]") && hits[0].snippet.contains("[island]"))
        #expect(try Pages(f.store).searchPages("ferry").count == 2)
        #expect(try Pages(f.store).searchPages("ferry", limit: 1).count == 1)
        #expect(try Pages(f.store).searchPages("   ").isEmpty)
        #expect(try Pages(f.store).searchPages("\"\"").isEmpty)
        // Kept in sync on append.
        _ = try Pages(f.store).appendToPage(p.id, markdown: "Bring sunscreen.")
        #expect(try Pages(f.store).searchPages("sunscreen").map(\.page.id) == [p.id])
        #expect(try Pages(f.store).searchPages("ÉCOLE").isEmpty)
        let e = try Pages(f.store).createPage(title: "École", body: "")
        #expect(try Pages(f.store).searchPages("ecole").map(\.page.id) == [e.id])
    }

    @Test(arguments: [
        "\"", "ferry\"", "\"ferry\" OR island", "ferry NEAR island", "NEAR(ferry island)", "fer*", "-ferry", "ferry - island",
        "(ferry", "ferry)", "title:ferry", "^ferry", "ferry AND", "OR", "NOT ferry", "{title}: ferry", "ferry + +",
        "'; DROP TABLE pages; --",
    ])
    func searchNeverInterpretsUserTextAsSyntax(query: String) throws {
        let f = try Fixture()
        _ = try Pages(f.store).createPage(title: "Ferry", body: "island trip")
        let hits = try Pages(f.store).searchPages(query)
        if let match = PageSearchQuery.matchExpression(query) {
            #expect(match.allSatisfy { $0.isLetter || $0.isNumber || " \"*".contains($0) })
        } else {
            #expect(hits.isEmpty)
        }
        // Operators become ordinary words: "NEAR", "OR", "title" are searched for, not obeyed.
        let words = query.split { !$0.isLetter && !$0.isNumber }.map { $0.lowercased() }
        let shouldMatch = !words.isEmpty && words.allSatisfy { ["ferry", "island", "trip", "fer"].contains($0) }
        #expect(hits.isEmpty == !shouldMatch)
        #expect(try Pages(f.store).pages().count == 1)
    }
}
