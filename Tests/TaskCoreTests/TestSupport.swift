import Foundation
import TaskCore

let utc = TimeZone(identifier: "UTC")!

/// `2026-03-10T10:00:00` wall-clock in `zone` (the same helper as TaskStoreTests' `at`).
func at(_ text: String, _ zone: TimeZone = utc) -> Date { ISODate.parse(text, in: zone)! }
