import Foundation

/// Runs each body on a thread of its own, all released at once, and waits for every one: how the
/// race tests put two or three deciders on one request. Each body owns what it touches (its own
/// store connection), so nothing is shared between threads but the file.
public func simultaneously(_ bodies: [@Sendable () -> Void]) {
    let group = DispatchGroup()
    let ready = DispatchSemaphore(value: 0)
    let start = DispatchSemaphore(value: 0)
    for body in bodies {
        group.enter()
        let thread = Thread {
            ready.signal()
            start.wait()
            body()
            group.leave()
        }
        thread.start()
    }
    for _ in bodies { ready.wait() }
    for _ in bodies { start.signal() }
    group.wait()
}
