import Foundation
import TaskCore

/// Where positions come from while `tasker remind --watch` runs: GeoClue on the desktop, or a
/// scripted source in tests.
public protocol LocationSource: AnyObject {
    /// Waits up to `timeout` and returns the positions reported meanwhile (possibly none), oldest first.
    func fixes(timeout: TimeInterval) throws -> [LocationFix]
}
