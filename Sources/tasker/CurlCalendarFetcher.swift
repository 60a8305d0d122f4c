import Foundation
import TaskCalendar
import TaskLLM

/// Fetches subscription calendars over the shared libcurl wrapper (`HTTPDownload`).
struct CurlCalendarFetcher: CalendarFetching {
    var timeoutSeconds: Double = 20

    func get(_ url: String, headers: [String]) throws -> CalendarFetchResponse {
        let response = try HTTPDownload.get(url, headers: headers + ["Accept: text/calendar, */*"], timeoutSeconds: timeoutSeconds)
        return CalendarFetchResponse(status: response.status, headers: response.headers, body: response.body)
    }
}
