import Foundation
import Testing
@testable import tasker

/// `TaskerApp.environment` reads libc's `environ` itself (ProcessInfo's copy cost a quarter of a start).
@Suite struct EnvironmentTests {
    @Test func readsNameValueStringsAsGetenvWould() {
        let entries = ["TASKER_DB=/tmp/a b.sqlite", "EQUALS==x=y", "EMPTY=", "NO_EQUALS_SIGN", "TASKER_DB=/second", "ÜNICODE=é"]
        var pointers: [UnsafeMutablePointer<CChar>?] = entries.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        let environment = pointers.withUnsafeMutableBufferPointer { TaskerApp.environment($0.baseAddress) }
        #expect(environment == ["TASKER_DB": "/tmp/a b.sqlite", "EQUALS": "=x=y", "EMPTY": "", "ÜNICODE": "é"])
        #expect(TaskerApp.environment(nil) == [:])
    }

    @Test func agreesWithFoundationOnThisProcess() {
        #expect(TaskerApp.environment(environ) == ProcessInfo.processInfo.environment)
    }
}
