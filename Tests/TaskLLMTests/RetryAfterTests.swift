import Foundation
import Testing
@testable import TaskLLM

@Suite struct RetryAfterTests {
    static let now = Date(timeIntervalSince1970: 1_445_412_480)  // Wed, 21 Oct 2015 07:28:00 GMT

    @Test(arguments: [
        ("120", 120.0), (" 2 ", 2), ("0", 0), ("1.5", 1.5),
        ("Wed, 21 Oct 2015 07:29:00 GMT", 60),  // IMF-fixdate
        ("Wednesday, 21-Oct-15 08:28:00 GMT", 3600),  // RFC 850
        ("Wed Oct 21 07:28:30 2015", 30),  // asctime
        ("Tue, 20 Oct 2015 07:28:00 GMT", 0),  // already past
    ])
    func bothFormsGiveSeconds(value: String, seconds: Double) {
        #expect(RetryAfter.seconds(value, now: Self.now) == seconds)
    }

    @Test(arguments: ["", "-5", "soon", "nan", "inf", "21 Oct 2015"])
    func anythingElseIsIgnored(value: String) {
        #expect(RetryAfter.seconds(value, now: Self.now) == nil)
    }
}
