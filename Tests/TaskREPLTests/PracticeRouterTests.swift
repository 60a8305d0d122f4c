import Foundation
import TaskCore
import TaskToolkit
import Testing
@testable import TaskREPL

/// The review, streak and template phrasings, and the table itself.
@Suite struct PracticeRouterTests {
    static let router = IntentRouter(context: IntentContext(
        isDate: testRouter.context.isDate,
        isTemplate: { ["trip packing", "weekly review", "move house"].contains($0.lowercased()) }))

    /// An invalid pattern would never match and fail silently: every row must compile.
    @Test func everyRuleOfTheTableCompiles() {
        let broken = IntentRouter.standardRules.filter { $0.pattern == nil }.map(\.name)
        #expect(broken.isEmpty, "rules whose pattern does not compile: \(broken)")
    }

    @Test(arguments: ["weekly review", "let's do the weekly review", "review my week", "do my review", "start my weekly review", "Weekly review?"])
    func reviews(_ line: String) {
        #expect(Self.router.route(line) == .review(Review()))
    }

    @Test(arguments: ["my streaks", "streaks", "show my streaks", "how are my streaks looking"])
    func streaks(_ line: String) {
        #expect(Self.router.route(line) == .tool(Streaks()))
    }

    @Test(arguments: [
        ("trip packing template for friday", "trip packing", "friday"),
        ("apply the move house template on monday", "move house", "monday"),
        ("use the trip packing template", "trip packing", nil),
        ("weekly review template for next week", "weekly review", "next week"),
    ] as [(String, String, String?)])
    func templates(_ line: String, _ name: String, _ date: String?) {
        #expect(Self.router.route(line) == .tool(ApplyTemplate(name: name, date: date)))
    }

    /// Look-alikes stay captures: no such template, or a date that is not one.
    @Test(arguments: [
        "update the invoice template for friday", "design a template for the newsletter", "trip packing template for the kids",
        "review the contract with sam", "review pull request", "streak-free window cleaner",
    ])
    func lookAlikesStayCaptures(_ line: String) {
        #expect(!Self.router.route(line).isConfident, "\(line)")
    }
}
