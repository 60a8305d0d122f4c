import Foundation
import TaskHTTP

/// Fetches subscription calendars over the shared libcurl wrapper (`TaskHTTP`), following redirects.
public struct HTTPCalendarFetcher: CalendarFetching {
    public var timeoutSeconds: Double

    public init(timeoutSeconds: Double = 20) {
        self.timeoutSeconds = timeoutSeconds
    }

    /// - Throws: `CalendarError.transport` with libcurl's words.
    public func get(_ url: String, headers: [String]) throws -> HTTPResponse {
        let request = HTTPRequest(url: url, headers: headers + ["Accept: text/calendar, */*"], followsRedirects: true)
        do {
            return try HTTPClient().perform(request, limits: HTTPLimits(seconds: timeoutSeconds))
        } catch HTTPError.unreachable(_, let detail) {
            throw CalendarError.transport(detail: detail)
        } catch HTTPError.timedOut(_, let seconds) {
            throw CalendarError.transport(detail: "no answer within \(Int(seconds)) s")
        } catch HTTPError.transport(_, let detail) {
            throw CalendarError.transport(detail: detail)
        }
    }
}
