import Foundation
import Testing
import TaskCore
import TaskStore
import TaskerTestSupport
@testable import TaskIO

/// Places in `.unkt` bundles: `places.jsonl` carries them, a task's `place` (the place's UUID) and
/// `place_trigger` carry its binding, and both survive a round trip through a fresh database; a
/// bad coordinate in a bundle is refused naming the line.
@Suite struct PlaceBundleTests {
    @Test func placesAndBindingsTravel() throws {
        let source = try IOFixture()
        let place = try Places(source.store).createPlace(name: "Supermarket", center: GeoPoint(latitude: 52.52, longitude: 13.405), radius: 150)
        _ = try Tasks(source.store).createTask(TaskDraft(title: "Buy milk", place: PlaceBinding(place: "supermarket", trigger: .arrive)))
        _ = try Tasks(source.store).createTask(TaskDraft(title: "Return bottles", place: PlaceBinding(place: "Supermarket", trigger: .leave)))
        _ = try Tasks(source.store).createTask(TaskDraft(title: "Anywhere"))
        let path = source.dir.path("places.unkt")
        try UnktBundle.write(try RecordSets(source.store).records(), to: path, generator: "test", created: at("2026-03-10T12:00"))

        let read = try UnktBundle.read(path: path)
        #expect(read.records.places.map(\.name) == ["Supermarket"])
        #expect(read.records.places.first?.radius == 150)
        let fresh = try IOFixture(now: at("2026-04-01T08:00"), name: "fresh.sqlite")
        _ = try RecordImporter(store: fresh.store, source: "places.unkt", locations: read.locations).apply(read.records, mode: .merge)
        let tasks = try Tasks(fresh.store).tasks(TaskQuery(filter: .all))
        #expect(tasks.first { $0.title == "Buy milk" }?.place == PlaceBinding(place: "Supermarket", trigger: .arrive))
        #expect(tasks.first { $0.title == "Return bottles" }?.place == PlaceBinding(place: "Supermarket", trigger: .leave))
        #expect(tasks.first { $0.title == "Anywhere" }?.place == nil)
        let copied = try #require(try Places(fresh.store).place(named: "supermarket"))
        #expect(copied.center == place.center && copied.radius == 150)
        #expect(try RecordSets(fresh.store).records().places == (try RecordSets(source.store).records().places), "same UUID, name, circle and times")
        // Importing again changes nothing.
        let again = try RecordImporter(store: fresh.store, source: "places.unkt", locations: read.locations).apply(read.records, mode: .merge)
        #expect(again.added == 0)
    }

    @Test func aPlaceOutOfRangeIsRefusedNamingTheLine() throws {
        let line = #"{"uuid": "6f1c2a4e-8d3b-4c1a-9e2f-0a1b2c3d4e5f", "name": "x", "latitude": 95, "longitude": 0, "radius_m": 100, "created": "2026-03-10T12:00:00Z"}"#
        let object = try #require(try JSONValue.parse(line).objectValue)
        #expect(throws: FieldError.self) { try PlaceRecord(json: object) }
        do {
            _ = try PlaceRecord(json: object)
        } catch {
            #expect(error.reason == "latitude must be between -90 and 90 degrees, got 95.0")
        }
    }
}
