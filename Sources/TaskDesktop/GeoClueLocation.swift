import Foundation
import TaskCore

/// Positions from GeoClue2 (`org.freedesktop.GeoClue2` on the system bus) through the one sd-bus
/// wrapper: `Manager.GetClient`, the client's `DesktopId` and `RequestedAccuracyLevel` set,
/// `Start`, then each `LocationUpdated(old, new)` read as the new Location object's `Latitude`,
/// `Longitude` and `Accuracy` (metres).
///
/// GeoClue asks an agent (the desktop's, or `geoclue-2.0/demos/agent`) whether the application may
/// locate; without one `GetClient` waits, so it has a short timeout. `DBUS_SYSTEM_BUS_ADDRESS`
/// chooses the bus (how the tests run a private daemon).
public final class GeoClueLocation: LocationSource {
    static let service = "org.freedesktop.GeoClue2"
    static let managerPath = "/org/freedesktop/GeoClue2/Manager"
    static let clientInterface = "org.freedesktop.GeoClue2.Client"
    static let locationInterface = "org.freedesktop.GeoClue2.Location"
    static let properties = "org.freedesktop.DBus.Properties"
    /// GClueAccuracyLevel: 8 is "exact" (GPS, as NMEA sources give).
    public static let exactAccuracy: UInt32 = 8

    private let bus: DBusConnection
    private let client: String
    private let clock: () -> Date

    /// Connects, creates and starts a client. - Throws: `DesktopError.noLocation` saying why (no
    /// system bus, no GeoClue, no agent answering in `timeout`, location refused).
    public init(desktopID: String = "tasker", accuracyLevel: UInt32 = GeoClueLocation.exactAccuracy,
                timeout: TimeInterval = 10, clock: @escaping () -> Date = Date.init) throws {
        do {
            bus = try DBusConnection(.system)
        } catch let error as DesktopError {
            throw Self.unavailable(error, timeout: timeout)
        }
        self.clock = clock
        do {
            let reply = try bus.call(destination: Self.service, path: Self.managerPath, interface: "org.freedesktop.GeoClue2.Manager",
                                     member: "GetClient", timeout: timeout)
            guard let path = reply.first?.stringValue else { throw DesktopError.noLocation("GeoClue gave no client") }
            client = path
        } catch let error as DesktopError {
            throw Self.unavailable(error, timeout: timeout)
        }
        do {
            try set("DesktopId", .string(desktopID))
            try set("RequestedAccuracyLevel", .uint32(accuracyLevel))
            try bus.subscribe(interface: Self.clientInterface, member: "LocationUpdated", path: client)
            try bus.call(destination: Self.service, path: client, interface: Self.clientInterface, member: "Start", timeout: timeout)
        } catch let error as DesktopError {
            throw Self.unavailable(error, timeout: timeout)
        }
    }

    /// Why there is no location, as `DesktopError.noLocation` in words a person can act on.
    static func unavailable(_ error: DesktopError, timeout: TimeInterval) -> DesktopError {
        switch error {
        case .noLocation: return error
        case .noBus(_, let reason): return .noLocation("no D-Bus system bus for GeoClue (\(reason))")
        case .call(_, let name, let message) where name.hasSuffix(".ServiceUnknown") || name.hasSuffix(".NameHasNoOwner"):
            return .noLocation("GeoClue is not running (\(message)); install and enable geoclue-2.0")
        case .call(_, let name, _) where name.hasSuffix(".NoReply") || name.hasSuffix(".Timeout") || name.isEmpty:
            return .noLocation("GeoClue did not answer within \(Int(timeout)) s (no location agent running, or location is switched off)")
        case .call(_, let name, let message) where name.hasSuffix(".AccessDenied"):
            return .noLocation("GeoClue refused location to tasker (\(message)); allow it in the desktop's privacy settings")
        case .call(let member, let name, let message): return .noLocation("GeoClue \(member) failed: \(name) \(message)")
        case .disconnected: return .noLocation("the system bus went away")
        }
    }

    deinit {
        _ = try? bus.call(destination: Self.service, path: client, interface: Self.clientInterface, member: "Stop", timeout: 2)
    }

    /// - Throws: `DesktopError.noLocation` saying why (the system bus went away, GeoClue stopped).
    public func fixes(timeout: TimeInterval) throws -> [LocationFix] {
        do {
            return try bus.wait(timeout: timeout).compactMap { signal in
                guard signal.member == "LocationUpdated", let location = signal.arguments.dropFirst().first?.stringValue else { return nil }
                return try fix(at: location)
            }
        } catch let error as DesktopError {
            throw Self.unavailable(error, timeout: 10)  // a property read waits up to DBusConnection.call's 10 s
        }
    }

    /// The position a Location object holds (nil when it lacks a coordinate).
    private func fix(at path: String) throws -> LocationFix? {
        func read(_ name: String) throws -> Double? {
            try bus.call(destination: Self.service, path: path, interface: Self.properties, member: "Get",
                         [.string(Self.locationInterface), .string(name)]).first?.doubleValue
        }
        guard let latitude = try read("Latitude"), let longitude = try read("Longitude") else { return nil }
        return LocationFix(point: GeoPoint(latitude: latitude, longitude: longitude), accuracy: try read("Accuracy") ?? .infinity, time: clock())
    }

    private func set(_ property: String, _ value: DBusValue) throws {
        try bus.call(destination: Self.service, path: client, interface: Self.properties, member: "Set",
                     [.string(Self.clientInterface), .string(property), .variant(value)])
    }
}
