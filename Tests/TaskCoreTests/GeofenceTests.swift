import Foundation
import TaskCore
import TaskerTestSupport
import Testing

/// The fence rules as tables: jitter at the edge, leaving and coming back, bad accuracy, dwell.
@Suite struct GeofenceTests {
    static let shop = GeoPoint(latitude: 52.5200, longitude: 13.4050)
    static let start = Date(timeIntervalSince1970: 1_796_000_000)

    /// Runs readings `(metres from the centre, accuracy, seconds from start)` through a fence and
    /// returns the events with the second they fired at.
    func run(_ fence: Geofence, _ readings: [(Double, Double, Double)], from state: Geofence.State = .init()) -> (events: [String], state: Geofence.State) {
        var state = state
        var events: [String] = []
        for (metres, accuracy, second) in readings {
            let fix = LocationFix(point: Self.shop.moved(metres: metres, bearing: 70), accuracy: accuracy, time: Self.start.addingTimeInterval(second))
            let (next, event) = fence.update(state, with: fix)
            state = next
            if let event { events.append("\(event.rawValue)@\(Int(second))") }
        }
        return (events, state)
    }

    @Test func haversineMatchesKnownDistances() {
        let berlin = GeoPoint(latitude: 52.5200, longitude: 13.4050), paris = GeoPoint(latitude: 48.8566, longitude: 2.3522)
        #expect(abs(berlin.distance(to: paris) - 877_500) < 1_500)
        #expect(abs(Self.shop.distance(to: Self.shop.moved(metres: 100, bearing: 33)) - 100) < 0.01)
        #expect(Self.shop.distance(to: Self.shop) == 0)
    }

    @Test func jitterAroundTheEdgeWithFiveMetreNoiseFiresOnce() {
        var random = SeededRandom(seed: 16)
        let fence = Geofence(center: Self.shop, radius: 100, dwell: 30)
        // Walk in from 300 m to the edge, then stand at the edge for 20 minutes with ±5 m noise.
        var readings: [(Double, Double, Double)] = (0..<20).map { (300 - Double($0) * 10, 10, Double($0) * 5) }
        for k in 0..<240 {
            let noise = Double(random.next() % 1_001) / 100 - 5  // -5…+5 m
            readings.append((100 + noise, 10, 100 + Double(k) * 5))
        }
        let (events, state) = run(fence, readings)
        #expect(events.count == 1 && events.first?.hasPrefix("arrive") == true, "\(events)")
        #expect(state.side == .inside && state.visit == 1)
    }

    @Test func leavingAndComingBackFiresAgain() {
        let fence = Geofence(center: Self.shop, radius: 100, dwell: 20)
        let visit: [(Double, Double, Double)] = [(500, 10, 0), (50, 10, 10), (40, 10, 40), (300, 10, 100), (300, 10, 130),
                                                  (30, 10, 400), (30, 10, 430)]
        let (events, state) = run(fence, visit)
        #expect(events == ["arrive@40", "leave@130", "arrive@430"])
        #expect(state.visit == 2, "each visit has its number, so a reminder postponed to the next visit fires on visit 2")
    }

    @Test func aReadingWorseThanTheRadiusIsIgnored() {
        let fence = Geofence(center: Self.shop, radius: 100, dwell: 0)
        #expect(run(fence, [(500, 10, 0), (20, 500, 10), (20, 500, 20)]).events.isEmpty, "500 m accuracy for a 100 m fence")
        #expect(run(fence, [(500, 10, 0), (20, 100, 10)]).events == ["arrive@10"], "accuracy equal to the radius counts")
        #expect(!fence.accepts(LocationFix(point: Self.shop, accuracy: .infinity, time: Self.start)))
    }

    @Test(arguments: [
        // (dwell, readings inside at these seconds after one outside at 0, expected events)
        (60.0, [10.0, 40.0], [String]()),
        (60.0, [10.0, 40.0, 70.0], ["arrive@70"]),
        (0.0, [10.0], ["arrive@10"]),
    ])
    func dwellIsRespected(dwell: Double, inside: [Double], expected: [String]) {
        let fence = Geofence(center: Self.shop, radius: 100, dwell: dwell)
        let readings = [(400.0, 10.0, 0.0)] + inside.map { (50.0, 10.0, $0) }
        #expect(run(fence, readings).events == expected)
    }

    @Test func aShortExcursionInsideTheHysteresisBandDoesNotLeave() {
        let fence = Geofence(center: Self.shop, radius: 100, dwell: 30)
        #expect(fence.exitRadius == 125)
        let (events, _) = run(fence, [(400, 10, 0), (50, 10, 10), (50, 10, 40), (120, 10, 60), (120, 10, 200), (140, 10, 210), (60, 10, 220), (140, 10, 230), (140, 10, 260)])
        #expect(events == ["arrive@40", "leave@260"], "120 m stays inside; 140 m must last 30 s")
    }

    @Test func stateSurvivesJSON() throws {
        let state = Geofence.State(side: .inside, pendingSince: Self.start, visit: 3)
        let data = try JSONEncoder().encode(state)
        #expect(try JSONDecoder().decode(Geofence.State.self, from: data) == state)
    }
}
