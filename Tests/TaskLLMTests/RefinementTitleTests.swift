import Foundation
import Testing
@testable import TaskLLM

/// The model may tidy a title, never change what it means or add words.
@Suite struct RefinementTitleTests {
    @Test func aTitleThatDropsANegationIsRefused() {
        let source = "don't pay the invoice from acme until they fix it"
        let merger = RefinementMerger(now: Date(timeIntervalSince1970: 1_796_207_400), timeZone: TimeZone(identifier: "UTC") ?? .current)
        #expect(!merger.acceptsTitle("Pay the invoice from acme until they fix it", source: source, rulesTitle: "Don't pay the invoice from acme until they fix it"))
        #expect(merger.acceptsTitle("Don't pay the invoice from acme until they fix it", source: source, rulesTitle: "Don't pay the invoice from acme until they fix it"))
        #expect(!merger.acceptsTitle("Call mom or dad", source: "call mom but not dad", rulesTitle: "Call mom but not dad"))
    }

    @Test func fillerMayGoButNoWordMayBeAdded() {
        let merger = RefinementMerger(now: Date(timeIntervalSince1970: 1_796_207_400), timeZone: TimeZone(identifier: "UTC") ?? .current)
        #expect(merger.acceptsTitle("Buy milk", source: "um so I need to buy milk", rulesTitle: "Um so I need to buy milk"))
        #expect(!merger.acceptsTitle("Buy oat milk", source: "um so I need to buy milk", rulesTitle: "Um so I need to buy milk"))
        #expect(RefinementMerger.titleUsesOnlyWords("Call the plumber", of: "hmm the plumber needs a call"))
        #expect(!RefinementMerger.titleUsesOnlyWords("Phone the plumber", of: "hmm the plumber needs a call"))
    }
}
