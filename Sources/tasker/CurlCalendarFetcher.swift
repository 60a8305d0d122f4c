import Foundation
import TaskCalendar
import TaskLLM

/// Fetches subscription calendars over the shared libcurl wrapper (`HTTPDownload`).
struct CurlCalendarFetcher: CalendarFetching {
    var timeoutSeconds: Double = 20

    /// - Throws: `CalendarError.transport` with libcurl's words (the model client's advice about
    ///   `base_url` does not apply to a calendar).
    func get(_ url: String, headers: [String]) throws -> CalendarFetchResponse {
        do {
            let response = try HTTPDownload.get(url, headers: headers + ["Accept: text/calendar, */*"], timeoutSeconds: timeoutSeconds)
            return CalendarFetchResponse(status: response.status, headers: response.headers, body: response.body)
        } catch LLMError.unreachable(_, let detail) {
            throw CalendarError.transport(detail: detail)
        } catch LLMError.timedOut(_, let seconds) {
            throw CalendarError.transport(detail: "no answer within \(Int(seconds)) s")
        } catch LLMError.transport(_, let detail) {
            throw CalendarError.transport(detail: detail)
        }
    }
}
