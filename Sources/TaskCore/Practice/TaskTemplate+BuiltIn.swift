/// The templates every database has, defined here rather than stored; their names are reserved.
extension TaskTemplate {
    public static let builtIn: [TaskTemplate] = [weeklyReview, tripPacking, newProject]

    /// The built-in template with this name (any case), if there is one.
    public static func builtIn(named name: String) -> TaskTemplate? {
        let key = name.lowercased()
        return builtIn.first { $0.name.lowercased() == key }
    }

    /// GTD's weekly review, on the anchor day in the afternoon.
    static let weeklyReview = TaskTemplate(
        name: "weekly review",
        tasks: [
            TemplateTask(
                title: "Weekly review", offsetDays: 0, time: WallTime(hour: 16, minute: 0), estimateMinutes: 60, contexts: ["review"],
                priority: .high,
                subtasks: [
                    TemplateTask(title: "Empty the inbox", offsetDays: 0, estimateMinutes: 15),
                    TemplateTask(title: "Review the calendar: last week and the next two", offsetDays: 0, estimateMinutes: 10),
                    TemplateTask(title: "Check waiting-for items", offsetDays: 0, estimateMinutes: 10),
                    TemplateTask(title: "Give every project a next action", offsetDays: 0, estimateMinutes: 15),
                    TemplateTask(title: "Look at someday/maybe", offsetDays: 0, estimateMinutes: 10),
                ]),
        ],
        isBuiltIn: true)

    /// A trip that starts on the anchor day.
    static let tripPacking = TaskTemplate(
        name: "trip packing",
        tasks: [
            TemplateTask(title: "Check passport and tickets", offsetDays: -7, estimateMinutes: 10, contexts: ["home"]),
            TemplateTask(title: "Book transport to the station or airport", offsetDays: -3, estimateMinutes: 15, contexts: ["phone"]),
            TemplateTask(title: "Do the laundry", offsetDays: -2, estimateMinutes: 30, contexts: ["home"]),
            TemplateTask(
                title: "Pack", offsetDays: -1, time: WallTime(hour: 19, minute: 0), estimateMinutes: 45, contexts: ["home"], priority: .high,
                subtasks: [
                    TemplateTask(title: "Chargers and adapters", offsetDays: -1),
                    TemplateTask(title: "Toiletries and medicine", offsetDays: -1),
                    TemplateTask(title: "Clothes for every day", offsetDays: -1),
                ]),
            TemplateTask(title: "Take out the rubbish, water the plants", offsetDays: 0, time: WallTime(hour: 7, minute: 0), estimateMinutes: 10, contexts: ["home"]),
        ],
        isBuiltIn: true)

    /// The first steps of any project, from the day it starts.
    static let newProject = TaskTemplate(
        name: "new project",
        tasks: [
            TemplateTask(title: "Write down the outcome and why it matters", offsetDays: 0, estimateMinutes: 15, priority: .high),
            TemplateTask(title: "Brainstorm the steps", offsetDays: 0, estimateMinutes: 20),
            TemplateTask(title: "Pick the next action", offsetDays: 1, estimateMinutes: 5),
            TemplateTask(title: "Set up notes and reference material", offsetDays: 2, estimateMinutes: 15),
            TemplateTask(title: "First progress check", offsetDays: 7, estimateMinutes: 15),
        ],
        isBuiltIn: true)
}
