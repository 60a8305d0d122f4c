import Foundation
import Testing
import TaskCore
import TaskStore
@testable import TaskToolkit

/// Places through the catalogue: create_place (ranges, names unique without case), list_places,
/// place and place_trigger on create_task and update_task (an unknown place refused, naming it and
/// how to make it), delete_place (bound tasks kept, unbound; undo binds them again), capture_task
/// binding "when I get to the supermarket".
@Suite struct PlaceToolTests {
    func supermarket(_ f: ToolkitFixture) throws {
        let made = try f.call("create_place", ["name": "Supermarket", "latitude": 52.52, "longitude": 13.405, "radius_m": 150])
        #expect(made["ok"] == true, "\(made.encoded())")
    }

    @Test func createAndListPlaces() throws {
        let f = try ToolkitFixture()
        try supermarket(f)
        let defaulted = try f.call("create_place", ["name": "work", "latitude": 51.5, "longitude": -0.12])
        #expect(defaulted["place"]?["radius_m"] == .double(100), "radius defaults to 100 m")
        let list = try f.call("list_places")
        #expect(list["count"] == 2)
        #expect(list["places"]?.arrayValue?.first?["name"] == "Supermarket")
        #expect(list["places"]?.arrayValue?.first?["latitude"] == .double(52.52))
        #expect(list["places"]?.arrayValue?.first?["open_tasks"] == 0)
    }

    @Test func namesAreUniqueWithoutCase() throws {
        let f = try ToolkitFixture()
        try supermarket(f)
        let again = try f.call("create_place", ["name": "SUPERMARKET", "latitude": 1, "longitude": 1])
        #expect(again["ok"] == false)
        #expect(again["error"]?.stringValue == "a place named 'SUPERMARKET' already exists; pick another name")
    }

    @Test(arguments: [
        (["name": "x", "latitude": 91, "longitude": 0] as JSONValue, "'latitude' must be at most 90"),
        (["name": "x", "latitude": 0, "longitude": -180.5], "'longitude' must be at least -180"),
        (["name": "x", "latitude": 0, "longitude": 0, "radius_m": 5], "'radius_m' must be at least 10"),
        (["name": "x", "latitude": 0], "longitude"),
    ] as [(JSONValue, String)])
    func rangesAreCheckedInOneLine(arguments: JSONValue, message: String) throws {
        let f = try ToolkitFixture()
        do {
            _ = try f.call("create_place", arguments)
            Issue.record("accepted \(arguments.encoded())")
        } catch let error as ToolkitError {
            let text = "\(error)"
            #expect(text.contains(message), "\(text)")
            #expect(!text.contains("\n"))
        }
    }

    @Test func taskBoundToAPlaceShowsItAndCountsInTheList() throws {
        let f = try ToolkitFixture()
        try supermarket(f)
        let task = try f.call("create_task", ["title": "Buy milk", "place": "supermarket"])
        #expect(task["task"]?["place"] == "Supermarket", "the stored spelling")
        #expect(task["task"]?["place_trigger"] == "arrive", "arrive unless told")
        #expect(try f.call("list_places")["places"]?.arrayValue?.first?["open_tasks"] == 1)
        let plain = try f.call("create_task", ["title": "Plain"])
        #expect(plain["task"]?["place"] == nil, "no place field on a task without one")
    }

    @Test func anUnknownPlaceIsRefusedNamingItAndHowToMakeIt() throws {
        let f = try ToolkitFixture()
        let refused = try f.call("create_task", ["title": "Buy milk", "place": "supermarket"])
        #expect(refused["ok"] == false)
        #expect(refused["error"]?.stringValue == "no place named 'supermarket'; create it with create_place (name, latitude, longitude, radius_m) or check list_places")
        #expect(try f.call("list_tasks", ["filter": "all"])["count"] == 0, "nothing stored")
        let id = try f.task(["title": "Call mom"])
        let update = try f.call("update_task", ["id": .int(id), "place": "work"])
        #expect(update["ok"] == false)
        #expect(update["error"]?.stringValue?.hasPrefix("no place named 'work'") == true)
    }

    @Test func updateChangesTheTriggerUnbindsAndUndoes() throws {
        let f = try ToolkitFixture()
        try supermarket(f)
        let id = try f.task(["title": "Buy milk", "place": "supermarket"])
        let leave = try f.call("update_task", ["id": .int(id), "place_trigger": "leave"])
        #expect(leave["task"]?["place"] == "Supermarket")
        #expect(leave["task"]?["place_trigger"] == "leave")
        let cleared = try f.call("update_task", ["id": .int(id), "place": .null])
        #expect(cleared["task"]?["place"] == nil)
        let alone = try f.call("update_task", ["id": .int(id), "place_trigger": "arrive"])
        #expect(alone["ok"] == false, "a trigger alone needs a bound task: \(alone.encoded())")
        let typed = UpdateTask(target: .id(Int64(id)))
        var call = typed
        call.place = .some("supermarket")
        let outcome = try f.toolkit.run(call)
        let output = try #require(outcome.output)
        try #require(UpdateTask(target: .id(Int64(id))).undo(after: output)).revert(in: f.toolkit.store)
        #expect(try Tasks(f.toolkit.store).task(TaskID(Int64(id))).place == nil, "undo unbinds again")
    }

    @Test func aTriggerWithoutAPlaceIsAMalformedCall() throws {
        let f = try ToolkitFixture()
        #expect(throws: ToolkitError.self) { try f.call("create_task", ["title": "x", "place_trigger": "leave"]) }
    }

    @Test func deletingAPlaceKeepsItsTasksUnboundAndUndoBindsThemAgain() throws {
        let f = try ToolkitFixture()
        try supermarket(f)
        let id = try f.task(["title": "Buy milk", "place": "Supermarket", "place_trigger": "leave"])
        let outcome = try f.toolkit.run(DeletePlace(name: "supermarket"))
        let output = try #require(outcome.output)
        #expect(output.unbound.map(\.id) == [TaskID(Int64(id))])
        #expect(try Tasks(f.toolkit.store).task(TaskID(Int64(id))).place == nil)
        #expect(try Tasks(f.toolkit.store).task(TaskID(Int64(id))).title == "Buy milk", "the task stays")
        #expect(try f.call("list_places")["count"] == 0)
        try #require(DeletePlace(name: "supermarket").undo(after: output)).revert(in: f.toolkit.store)
        #expect(try Tasks(f.toolkit.store).task(TaskID(Int64(id))).place == PlaceBinding(place: "Supermarket", trigger: .leave))
        let missing = try f.call("delete_place", ["name": "nowhere"])
        #expect(missing["ok"] == false)
    }

    @Test func captureBindsAKnownPlaceAndLeavesAnUnknownOneInTheTitle() throws {
        let f = try ToolkitFixture()
        try supermarket(f)
        let bound = try f.call("capture_task", ["text": "buy milk when I get to the supermarket"])
        #expect(bound["task"]?["title"] == "Buy milk")
        #expect(bound["task"]?["place"] == "Supermarket")
        #expect(bound["understood"]?.arrayValue?.first == "Arriving at Supermarket")
        let kept = try f.call("capture_task", ["text": "buy stamps when I get to the post office"])
        #expect(kept["task"]?["title"] == "Buy stamps when I get to the post office")
        #expect(kept["task"]?["place"] == nil)
    }
}
