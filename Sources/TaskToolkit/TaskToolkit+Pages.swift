import Foundation
import TaskCore

extension TaskToolkit {
    func createProject(_ args: Arguments) throws -> JSONValue {
        let project = try store.createProject(name: args.string("name") ?? "", notes: args.string("notes"))
        return Self.success(["project": json(project)])
    }

    func listProjects(_ args: Arguments) throws -> JSONValue {
        let projects = try store.projects()
        return Self.success(["count": .int(projects.count), "projects": .array(projects.map(json))])
    }

    func createSpace(_ args: Arguments) throws -> JSONValue {
        let space = try store.createSpace(name: args.string("name") ?? "", project: args.string("project"))
        return Self.success(["space": json(space)])
    }

    func createPage(_ args: Arguments) throws -> JSONValue {
        let page = try store.createPage(
            title: args.string("title") ?? "", space: args.string("space"),
            body: args["body"]?.stringValue ?? "", labels: args.strings("labels") ?? [])
        return Self.success(["page": json(page)])
    }

    func appendToPage(_ args: Arguments) throws -> JSONValue {
        try withPage(args) { page in
            Self.success(["page": json(try store.appendToPage(page.id, markdown: args["markdown"]?.stringValue ?? ""))])
        }
    }

    func readPage(_ args: Arguments) throws -> JSONValue {
        try withPage(args) { page in Self.success(["page": json(page)]) }
    }

    func listPages(_ args: Arguments) throws -> JSONValue {
        let pages = try store.pages(space: args.string("space"), label: args.string("label"), titleContains: args.string("title"))
        return Self.success(["count": .int(pages.count), "pages": .array(pages.map { json($0, withBody: false) })])
    }

    func linkPage(_ args: Arguments) throws -> JSONValue {
        guard args.has("task") || args.has("project") else {
            throw args.invalid("name what to link: task (id or title) and/or project (name)")
        }
        // One transaction: a missing project must not leave the task link behind.
        return try store.inOneTransaction { try withPage(args) { page in
            var linked = page
            if let task = args["task"] {
                let taskArgs = Arguments(tool: args.tool, values: task.intValue != nil ? ["id": task] : ["title": task])
                switch try findTask(taskArgs, idKey: "id", titleKey: "title", openOnly: false) {
                case .success(let found): linked = try store.linkPage(page.id, toTask: found.id)
                case .failure(let failure): return failure.result
                }
            }
            if let project = args.string("project") {
                linked = try store.linkPage(page.id, toProject: project)
            }
            return Self.success(["page": json(linked, withBody: false)])
        } }
    }

    func searchPages(_ args: Arguments) throws -> JSONValue {
        let query = args.string("query") ?? ""
        let hits = try store.searchPages(query, limit: args.int("limit") ?? 10)
        let results = hits.map { hit -> JSONValue in
            ["id": .int(Int(hit.page.id.rawValue)), "title": .string(hit.page.title), "space": .string(hit.page.space),
             "snippet": .string(hit.snippet), "rank": .double(hit.rank)]
        }
        return Self.success(["query": .string(query), "count": .int(hits.count), "results": .array(results)])
    }

    /// Finds the page named by `page` (an id or a title) and runs `body` on it; no match or several
    /// matches are `ok:false` results.
    private func withPage(_ args: Arguments, _ body: (Page) throws -> JSONValue) throws -> JSONValue {
        guard let reference = args["page"] else { throw args.invalid("missing required argument 'page'") }
        if let id = reference.intValue {
            do {
                return try body(try store.page(PageID(Int64(id))))
            } catch TaskStoreError.pageNotFound {
                return Self.failure("no page with id \(id); list_pages shows the ids")
            }
        }
        let title = reference.stringValue ?? ""
        switch try store.findPages(titled: title) {
        case .unique(let page): return try body(page)
        case .none: return Self.failure("no page matches '\(title)'; list_pages shows what there is")
        case .ambiguous(let pages):
            let names = pages.prefix(5).map { "\($0.id) '\($0.title)'" }.joined(separator: ", ")
            return Self.failure(
                "\(pages.count) pages match '\(title)': \(names); say which by id",
                ["candidates": .array(pages.map { ["id": .int(Int($0.id.rawValue)), "title": .string($0.title)] })])
        }
    }
}
