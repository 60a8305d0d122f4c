import Foundation
import TaskCore
import TaskToolkit

/// `plan my day …` (and `/plan`): the rules' plan, or — with a model on and `/plan model` — the
/// model's choice and order of the same candidates within the same free windows, used only when
/// `PlanCheck` accepts it. Anything else (refused, late, cancelled) shows the rules' plan with one
/// line saying why.
struct PlanRouting {
    let session: ChatSession

    func run(_ call: PlanDay) {
        let settings = session.settings
        guard settings.planner == .model, session.modelMode, let conversation = session.model, let planner = conversation.planner,
            !call.icsFormat
        else {
            session.runTool(call)
            return
        }
        let rules: DayPlan
        do {
            guard case .done(let output) = try session.toolkit.run(call) else {
                session.runTool(call)
                return
            }
            rules = output.plan
        } catch {
            session.runTool(call)
            return
        }
        let candidates = rules.items.map(\.task) + rules.leftovers.map(\.task)
        guard !candidates.isEmpty else { return show(rules) }
        let zone = settings.timeZone
        let first = rules.items.first?.start ?? session.clock()
        let day = LocalDate(first, in: zone)
        let dayEnd = day.adding(days: 1).startOfDay(in: zone)
        let windows = rules.freeWindows ?? [TimeWindow(start: first, end: dayEnd)]
        var minutes: [Int64: Int] = [:]
        for item in rules.items { minutes[item.task.id.rawValue] = item.minutes }
        let proposal = session.modelWait.run("planning…") { _ in
            try planner.propose(
                candidates: candidates, minutes: minutes, windows: windows, budget: rules.budgetMinutes, energy: call.energy,
                day: day, dayEnd: dayEnd, timeZone: zone, model: conversation.modelName, endpoint: conversation.endpoint,
                isCancelled: ModelWait.isCancelled)
        }
        switch proposal {
        case .cancelled:
            session.notice("Cancelled — the rules' plan:")
            show(rules)
        case .finished(.failure(let error)):
            session.notice("The model's plan was not used (\(error)) — the rules' plan:")
            show(rules)
        case .finished(.success(let blocks)):
            switch PlanCheck.plan(blocks, rules: rules, candidates: candidates, windows: windows, dayEnd: dayEnd, timeZone: zone) {
            case .success(let plan):
                session.notice("Planned by the model, checked against the rules (/plan rules for the rules' own):")
                show(plan)
            case .failure(let rejection):
                session.notice("The model's plan was not used (\(rejection)) — the rules' plan:")
                show(rules)
            }
        }
    }

    func show(_ plan: DayPlan) {
        for line in session.renderer.plan(plan) { session.output.line(line) }
    }
}
