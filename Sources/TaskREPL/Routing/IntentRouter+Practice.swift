import Foundation
import TaskCore
import TaskToolkit

extension IntentRouter {
    /// "trip packing template for friday": applies the template when `name` is one (built in or
    /// the user's) and the date, if any, reads as a date; anything else stays a capture
    /// ("update the invoice template for friday").
    static func applyTemplate(_ name: String, date: String, _ context: IntentContext) -> Intent? {
        guard context.isTemplate(name) else { return nil }
        guard date.isEmpty || context.isDate(date) else { return nil }
        return .tool(ApplyTemplate(name: name, date: date.isEmpty ? nil : date))
    }
}
