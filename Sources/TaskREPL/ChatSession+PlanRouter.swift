import Foundation
import TaskCore
import TaskToolkit

extension ChatSession {
    /// `plan my day …` (and `/plan`): the rules' plan, or — with a model on and `/plan model` — the
    /// model's choice and order of the same candidates within the same free windows, used only when
    /// `PlanCheck` accepts it. Anything else (refused, late, cancelled) shows the rules' plan with one
    /// line saying why.
    func runPlan(_ call: PlanDay) {
        guard settings.planner == .model, modelMode, let conversation = model, let planner = conversation.planner, !call.icsFormat else {
            runTool(call)
            return
        }
        let rules: DayPlan
        do {
            guard case .done(let output) = try toolkit.run(call) else {
                runTool(call)
                return
            }
            rules = output.plan
        } catch {
            runTool(call)
            return
        }
        let candidates = rules.items.map(\.task) + rules.leftovers.map(\.task)
        guard !candidates.isEmpty else { return showPlan(rules) }
        let zone = settings.timeZone
        let first = rules.items.first?.start ?? clock()
        let day = LocalDate(first, in: zone)
        let dayEnd = day.adding(days: 1).startOfDay(in: zone)
        let windows = rules.freeWindows ?? [TimeWindow(start: first, end: dayEnd)]
        var minutes: [Int64: Int] = [:]
        for item in rules.items { minutes[item.task.id.rawValue] = item.minutes }
        InterruptFlag.reset()
        let spinner = settings.showSpinner ? Spinner(output: output) : nil
        spinner?.start("planning…")
        let proposal = waitingForModel {
            Result {
                try planner.propose(
                    candidates: candidates, minutes: minutes, windows: windows, budget: rules.budgetMinutes, energy: call.energy,
                    day: day, dayEnd: dayEnd, timeZone: zone, model: conversation.modelName, endpoint: conversation.endpoint,
                    isCancelled: { InterruptFlag.isRaised })
            }
        }
        spinner?.stop()
        if InterruptFlag.isRaised {
            InterruptFlag.reset()
            notice("Cancelled — the rules' plan:")
            return showPlan(rules)
        }
        switch proposal {
        case .failure(let error):
            notice("The model's plan was not used (\(error)) — the rules' plan:")
            showPlan(rules)
        case .success(let blocks):
            switch PlanCheck.plan(blocks, rules: rules, candidates: candidates, windows: windows, dayEnd: dayEnd, timeZone: zone) {
            case .success(let plan):
                notice("Planned by the model, checked against the rules (/plan rules for the rules' own):")
                showPlan(plan)
            case .failure(let rejection):
                notice("The model's plan was not used (\(rejection)) — the rules' plan:")
                showPlan(rules)
            }
        }
    }

    func showPlan(_ plan: DayPlan) {
        for line in renderer.plan(plan) { output.line(line) }
    }

    /// `/plan rules`, `/plan model`: which planner `plan my day` uses.
    func choosePlanner(_ choice: PlannerChoice) {
        settings.planner = choice
        switch choice {
        case .rules:
            output.line("Plans by the rules.")
        case .model where model?.planner == nil || !modelMode:
            output.line("Plans by the model once one is on (/key set, or base_url in config.json); by the rules until then.")
        case .model:
            output.line("Plans by the model, checked against the rules; the rules' plan when it does not pass.")
        }
    }
}
