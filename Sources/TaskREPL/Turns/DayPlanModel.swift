import Foundation
import TaskCore
import TaskLLM

/// Which planner `plan my day …` uses: the rules alone, or the model checked against the rules
/// (`/plan rules`, `/plan model`).
public enum PlannerChoice: String, Sendable, CaseIterable {
    case rules, model
}

/// PlanRouter's seam to a model: proposes blocks for the candidates within the free windows. The app
/// gives it an `OpenAIDayPlanModel`; whatever it proposes is checked by `PlanCheck`.
public protocol DayPlanModel: AnyObject {
    /// - Throws: any failure (network, timeout, wrong shape); the chat then shows the rules' plan.
    func propose(
        candidates: [TaskItem], minutes: [Int64: Int], windows: [TimeWindow], budget: Int, energy: Energy?, day: LocalDate,
        dayEnd: Date, timeZone: TimeZone, model: String?, endpoint: String?, isCancelled: @escaping @Sendable () -> Bool
    ) throws -> [ProposedBlock]
}

/// The real `DayPlanModel`: TaskLLM's `LLMDayPlanner` with the plan prompt and the structured-output
/// memory; the answer must come within `first_token_seconds`, Ctrl-C stops it.
public final class OpenAIDayPlanModel: DayPlanModel {
    let refiner: OpenAIDictationRefiner

    public init(config: ModelConfig, key: APIKey?, prompt: String, memory: StructuredOutputMemory) {
        refiner = OpenAIDictationRefiner(config: config, key: key, prompt: prompt, memory: memory)
    }

    public func propose(
        candidates: [TaskItem], minutes: [Int64: Int], windows: [TimeWindow], budget: Int, energy: Energy?, day: LocalDate,
        dayEnd: Date, timeZone: TimeZone, model: String?, endpoint: String?, isCancelled: @escaping @Sendable () -> Bool
    ) throws -> [ProposedBlock] {
        try InterruptWatch.run(isCancelled) { token in
            let planner = LLMDayPlanner(
                client: refiner.client(model: model, endpoint: endpoint, cancellation: token), systemPrompt: refiner.prompt,
                memory: refiner.memory)
            return try refiner.namingSilence { () throws(LLMError) in
                try planner.propose(candidates: candidates, minutes: minutes, windows: windows, budget: budget, energy: energy,
                                    day: day, dayEnd: dayEnd, timeZone: timeZone)
            }
        }
    }
}
