import Foundation
import TaskCore

/// PlanRouter's model side: asks the model to choose and order from the candidate tasks within the
/// free windows (structured output, the same ladder as refinement), and reads its blocks. Whether
/// the answer is used is `PlanCheck`'s call, not this type's.
public struct LLMDayPlanner: Sendable {
    public let client: OpenAIClient
    public let systemPrompt: String
    public let memory: StructuredOutputMemory?

    public init(client: OpenAIClient, systemPrompt: String, memory: StructuredOutputMemory? = nil) {
        self.client = client
        self.systemPrompt = systemPrompt
        self.memory = memory
    }

    /// `{"blocks": [{"task_id": 12, "start": "09:30", "end": "10:15"}]}`: local wall-clock times of the day.
    public static let answerSchema: JSONValue = [
        "type": "object",
        "properties": [
            "blocks": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": ["task_id": ["type": "integer"], "start": ["type": "string"], "end": ["type": "string"]],
                    "required": ["task_id", "start", "end"],
                    "additionalProperties": false,
                ],
            ],
        ],
        "required": ["blocks"],
        "additionalProperties": false,
    ]

    /// The user message: budget, energy, the free windows and one line per candidate.
    public static func userMessage(
        candidates: [TaskItem], minutes: [Int64: Int], windows: [TimeWindow], budget: Int, energy: Energy?, dayEnd: Date,
        timeZone: TimeZone
    ) -> String {
        var lines = ["Budget: \(budget) minutes." + (energy.map { " Energy: \($0.rawValue)." } ?? "")]
        lines.append("Free windows: " + windows.map { "\(WallTime($0.start, in: timeZone))-\(WallTime($0.end, in: timeZone))" }.joined(separator: ", "))
        lines.append("Tasks (id | minutes | priority | due | title):")
        for task in candidates {
            let due = task.due.map { $0 < dayEnd ? "due today or overdue" : "due later" } ?? "-"
            let title = task.title.replacingOccurrences(of: "\n", with: " ")
            lines.append("\(task.id.rawValue) | \(minutes[task.id.rawValue] ?? task.estimateMinutes ?? 30) | \(task.priority.rawValue) | \(due) | \(title)")
        }
        return lines.joined(separator: "\n")
    }

    /// The model's blocks on `day`. - Throws: `LLMError`; `.wrongShape` when a block has no id or a
    /// time that is not HH:MM.
    public func propose(
        candidates: [TaskItem], minutes: [Int64: Int], windows: [TimeWindow], budget: Int, energy: Energy?, day: LocalDate,
        dayEnd: Date, timeZone: TimeZone
    ) throws(LLMError) -> [ProposedBlock] {
        let message = Self.userMessage(candidates: candidates, minutes: minutes, windows: windows, budget: budget, energy: energy,
                                       dayEnd: dayEnd, timeZone: timeZone)
        let answer = try client.completeStructured(
            messages: [.system(systemPrompt), .user(message)], schema: Self.answerSchema, name: "plan",
            maxTokens: min(1024, 60 + 30 * candidates.count), memory: memory)
        guard let items = answer.value["blocks"]?.arrayValue else { throw .wrongShape(detail: "no \"blocks\" array") }
        var blocks: [ProposedBlock] = []
        for item in items {
            guard let id = item["task_id"]?.intValue ?? item["task_id"]?.stringValue.flatMap({ Int($0) }) else {
                throw .wrongShape(detail: "a block has no task_id")
            }
            guard let start = Self.time(item["start"], on: day, timeZone), let end = Self.time(item["end"], on: day, timeZone) else {
                throw .wrongShape(detail: "a block's start or end is not HH:MM")
            }
            blocks.append(ProposedBlock(taskID: Int64(id), start: start, end: end))
        }
        return blocks
    }

    /// "09:30" (or an ISO date-time) on `day`.
    static func time(_ value: JSONValue?, on day: LocalDate, _ zone: TimeZone) -> Date? {
        guard let text = value?.stringValue?.trimmingCharacters(in: .whitespaces) else { return nil }
        if let wall = WallTime(text: text) { return LocalDateTime(date: day, hour: wall.hour, minute: wall.minute).instant(in: zone) }
        return text.count > 10 ? ISODate.parse(text, in: zone) : nil
    }
}
