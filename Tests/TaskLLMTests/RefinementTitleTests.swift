import Foundation
import Testing
import TaskNL
@testable import TaskLLM

/// The model may tidy a title, never change what it means or add words.
@Suite struct RefinementTitleTests {
    static let zone = TimeZone(identifier: "UTC") ?? .current
    static let merger = RefinementMerger(now: Date(timeIntervalSince1970: 1_796_207_400), timeZone: zone)

    /// (what was said, the model's title, accepted?). The rules' title is the grammar's own reading.
    static let table: [(source: String, title: String, accepted: Bool)] = [
        // Tidying: fillers, hedges, spoken openers and closed-class words may go.
        ("uh so tomorrow I gotta call the dentist about the crown, probably in the morning", "Call the dentist about the crown", true),
        ("uh so tomorrow I gotta call the dentist about the crown, probably in the morning", "Call dentist about crown", true),
        ("um so I need to buy milk", "Buy milk", true),
        ("don't forget to water the plants", "Water the plants", true),
        ("make sure to send the invoice to acme", "Send the invoice to acme", true),
        ("I guess I should email bob about the report", "Email bob about the report", true),
        ("kinda need to clean the garage", "Clean the garage", true),
        ("sort of want to learn italian", "Learn italian", true),
        ("call the plumber or something", "Call the plumber", true),
        ("just check the mail", "Check the mail", true),
        ("please book a table for two at luigi's", "Book a table for two at luigi's", true),
        ("I'll pick up the dry cleaning", "Pick up the dry cleaning", true),
        ("we need to renew the car insurance", "Renew car insurance", true),
        ("maybe look into solar panels", "Look into solar panels", true),
        ("probably should call the bank", "Call the bank", true),
        ("okay so the gutters need cleaning", "Gutters need cleaning", true),
        ("remind me to take the bins out", "Take the bins out", true),
        ("buy milk and also eggs", "Buy milk and eggs", true),
        ("email the landlord about the leak I think", "Email landlord about leak", true),
        ("um write the quarterly report", "Write the quarterly report", true),
        ("actually cancel the gym membership", "Cancel the gym membership", true),
        ("I have to renew my passport", "Renew passport", true),
        ("call mom at some point", "Call mom", true),
        ("I'm gonna clean the kitchen", "Clean the kitchen", true),
        ("so um I need to pick up the dry cleaning friday", "Pick up the dry cleaning", true),
        ("buy milk", "buy MILK", true),
        // Refused: a word the person never said.
        ("buy milk", "Buy oat milk", false),
        ("call the dentist", "Phone the dentist", false),
        ("um so I need to buy milk", "Purchase milk", false),
        ("call mom but not dad", "Call mom or dad", false),
        ("send the invoice to acme", "Send the invoice to ACME Corp", false),
        ("water the plants", "Water the plants today", false),
        ("okay so the gutters need cleaning", "Clean the gutters", false),
        // Refused: a content word (noun, verb, name, number, negation) dropped.
        ("don't pay the invoice from acme", "Pay the invoice from acme", false),
        ("never reply to that spammer", "Reply to that spammer", false),
        ("write the report without charts", "Write the report charts", false),
        ("call the dentist about the crown", "Call the dentist", false),
        ("buy milk for grandma", "Buy milk", false),
        ("book a flight to Berlin", "Book a flight", false),
        ("pick up the dry cleaning", "Pick up the cleaning", false),
        ("renew car insurance", "Renew insurance", false),
        ("email bob about the report", "Email about the report", false),
        ("pay 300 for the rent", "Pay for the rent", false),
        ("ask sarah about the keys", "Ask about the keys", false),
        ("uh sort the dentist thing", "Sort dentist", false),
        ("do the laundry", "Laundry", false),
        // Refused: what the rules took out of the title brought back (a date said, a spoken opener).
        ("so um I need to pick up the dry cleaning friday", "So Um I Need to Pick Up the Dry Cleaning Friday", false),
        ("buy milk tomorrow", "Buy milk tomorrow", false),
        ("call mom next week #family", "Call mom family", false),
        // Refused: not a title.
        ("cancel the gym membership", "", false),
        ("fix the bike", "Fix the\nbike", false),
        ("fix the bike", String(repeating: "fix ", count: 60), false),
    ]

    @Test func theTableHasAtLeastFortyCases() {
        #expect(Self.table.count >= 40)
        #expect(Self.table.contains { $0.accepted } && Self.table.contains { !$0.accepted })
    }

    @Test(arguments: 0..<table.count)
    func titleCase(_ index: Int) {
        let (source, title, accepted) = Self.table[index]
        let rules = TaskNLParser().parse(source, now: Self.merger.now, timeZone: Self.zone).draft.title
        #expect(Self.merger.acceptsTitle(title, source: source, rulesTitle: rules) == accepted,
                "\(source.debugDescription) → \(title.debugDescription) (rules: \(rules.debugDescription))")
    }

    /// Any title the table accepts is refused once a word the person never said is added to it.
    @Test(arguments: 0..<table.count)
    func anInventedWordIsAlwaysRefused(_ index: Int) {
        let (source, title, _) = Self.table[index]
        let rules = TaskNLParser().parse(source, now: Self.merger.now, timeZone: Self.zone).draft.title
        for invented in ["zebra", "urgently", "the boss", "ASAP"] {
            #expect(!Self.merger.acceptsTitle(title + " " + invented, source: source, rulesTitle: rules))
            #expect(!Self.merger.acceptsTitle(invented + " " + title, source: source, rulesTitle: rules))
        }
    }

    @Test func aTitleThatDropsANegationIsRefused() {
        let source = "don't pay the invoice from acme until they fix it"
        #expect(!Self.merger.acceptsTitle("Pay the invoice from acme until they fix it", source: source, rulesTitle: "Don't pay the invoice from acme until they fix it"))
        #expect(Self.merger.acceptsTitle("Don't pay the invoice from acme until they fix it", source: source, rulesTitle: "Don't pay the invoice from acme until they fix it"))
    }

    @Test func titleUsesOnlyWordsOfItsSource() {
        #expect(RefinementMerger.titleUsesOnlyWords("Call the plumber", of: "hmm the plumber needs a call"))
        #expect(!RefinementMerger.titleUsesOnlyWords("Phone the plumber", of: "hmm the plumber needs a call"))
    }

    @Test func contentWordsLeaveOpenersHedgesAndTheClosedClass() {
        #expect(TitleWords.content(RefinementMerger.words("Uh so I gotta call the dentist about the crown, probably")) == ["call", "dentist", "crown"])
        #expect(TitleWords.content(RefinementMerger.words("don't forget to sort of fix it or something")) == ["fix"])
        #expect(TitleWords.content(RefinementMerger.words("don't pay it")) == ["don't", "pay"])
    }
}
