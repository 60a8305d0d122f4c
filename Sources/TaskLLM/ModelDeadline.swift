/// The moment a model call must be over by, its retries and fallbacks included.
///
/// Made once per public call from `timeout_seconds`. Every attempt's libcurl timeouts and every wait
/// between attempts are cut from what is left, so slow attempts cannot add up past the budget. It runs
/// on the monotonic clock: changing the wall clock does not move it.
struct ModelDeadline: Sendable {
    /// The whole budget in seconds, as `timeout_seconds` gave it (what messages name).
    let budget: Double
    private let end: ContinuousClock.Instant

    init(seconds: Double) {
        budget = seconds
        end = .now + .seconds(seconds)
    }

    /// Seconds left, never below 0.
    var remaining: Double {
        let left = end - .now
        return max(0, Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18)
    }
}
