import Foundation
import TaskCore
import TaskToolkit

/// `plan my day …` (and `/plan`): the rules' plan, or — with a model on and `/plan model` — the
/// model's choice and order of the same candidates within the same free windows, used only when
/// `PlanCheck` accepts it. Anything else (refused, late, cancelled) shows the rules' plan with one
/// line saying why.
struct PlanRouting {
    let console: ChatConsole
    let tools: ChatTools
    /// Which planner `/plan rules|model` chose.
    let choice: PlannerChoice
    /// The model when lines go to it; nil in rules-only mode.
    let conversation: ModelConversation?
    let clock: @Sendable () -> Date
    let timeZone: TimeZone
    let wait: ModelWait

    func run(_ call: PlanDay) {
        guard choice == .model, let conversation, let planner = conversation.planner, !call.icsFormat else {
            tools.runTool(call)
            return
        }
        guard let rules = rulesPlan(call) else {
            tools.runTool(call)
            return
        }
        let candidates = rules.items.map(\.task) + rules.leftovers.map(\.task)
        guard !candidates.isEmpty else { return show(rules) }
        let zone = timeZone
        let first = rules.items.first?.start ?? clock()
        let day = LocalDate(first, in: zone)
        let dayEnd = day.adding(days: 1).startOfDay(in: zone)
        let windows = rules.freeWindows ?? [TimeWindow(start: first, end: dayEnd)]
        var minutes: [Int64: Int] = [:]
        for item in rules.items { minutes[item.task.id.rawValue] = item.minutes }
        let proposal = wait.run("planning…") { _ in
            try planner.propose(
                candidates: candidates, minutes: minutes, windows: windows, budget: rules.budgetMinutes, energy: call.energy,
                day: day, dayEnd: dayEnd, timeZone: zone, model: conversation.modelName, endpoint: conversation.endpoint,
                isCancelled: ModelWait.isCancelled)
        }
        switch proposal {
        case .cancelled:
            console.notice("Cancelled — the rules' plan:")
            show(rules)
        case .finished(.failure(let error)):
            console.notice("The model's plan was not used (\(error)) — the rules' plan:")
            show(rules)
        case .finished(.success(let blocks)):
            switch PlanCheck.plan(blocks, rules: rules, candidates: candidates, windows: windows, dayEnd: dayEnd, timeZone: zone) {
            case .success(let plan):
                console.notice("Planned by the model, checked against the rules (/plan rules for the rules' own):")
                show(plan)
            case .failure(let rejection):
                console.notice("The model's plan was not used (\(rejection)) — the rules' plan:")
                show(rules)
            }
        }
    }

    /// The rules' plan; nil when the toolkit refused or failed (the call then runs as typed, which
    /// says why).
    private func rulesPlan(_ call: PlanDay) -> DayPlan? {
        guard let result = try? tools.toolkit.run(call), case .done(let output) = result else { return nil }
        return output.plan
    }

    func show(_ plan: DayPlan) {
        for line in console.renderer.plan(plan) { console.line(line) }
    }
}
