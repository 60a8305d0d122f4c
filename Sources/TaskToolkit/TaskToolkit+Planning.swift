import Foundation
import TaskCore

extension TaskToolkit {
    func planDay(_ args: Arguments) throws -> JSONValue {
        var request = PlanRequest(budgetMinutes: args.int("budget_minutes") ?? 60)
        request.energy = args.string("energy").flatMap(Energy.init(rawValue:))
        request.date = try day("date", args)
        request.start = try date("start", args)
        if let minutes = args.int("default_estimate_minutes") { request.defaultEstimateMinutes = minutes }
        let plan = try store.planDay(request)
        let items = plan.items.map { item -> JSONValue in
            [
                "id": .int(Int(item.task.id.rawValue)),
                "title": .string(item.task.title),
                "start": .string(ISODate.format(item.start, in: timeZone)),
                "end": .string(ISODate.format(item.end, in: timeZone)),
                "minutes": .int(item.minutes),
                "estimated": .bool(item.estimated),
                "priority": .string(item.task.priority.rawValue),
                "energy": .string(item.task.energy?.rawValue),
                "due": .string(item.task.due.map { ISODate.format($0, in: timeZone) }),
                "reason": .string(item.reason),
            ]
        }
        // The first few that did not fit (PlanRequest.leftoversListed), with reasons; the count says
        // how many there were in all (a backlog of thousands helps nobody).
        let leftovers = plan.leftovers.map { left -> JSONValue in
            ["id": .int(Int(left.task.id.rawValue)), "title": .string(left.task.title), "reason": .string(left.reason)]
        }
        return Self.success([
            "plan": [
                "items": .array(items),
                "total_minutes": .int(plan.totalMinutes),
                "budget_minutes": .int(plan.budgetMinutes),
                "free_minutes": .int(plan.budgetMinutes - plan.totalMinutes),
                "not_planned": .array(leftovers),
                "not_planned_count": .int(plan.leftoverCount),
            ]
        ])
    }
}
