import Foundation
import TaskHTTP

/// The CalDAV requests sync makes (RFC 4791, RFC 6578), over the shared libcurl wrapper.
///
/// Each method returns what the server said; statuses that stop a sync become `SyncError`s here.
struct CalDAVClient {
    var credentials: HTTPCredentials?
    var timeoutSeconds: Double = 30
    /// For listings and multigets, which a server may take long to answer for a large collection
    /// (Radicale reads every item of 10,000 for its first listing: over 30 s on a busy machine).
    var listingTimeoutSeconds: Double { timeoutSeconds * 10 }
    /// Counts requests, for reports and the "one REPORT when nothing changed" check.
    final class Counter: @unchecked Sendable { var requests = 0 }
    let counter = Counter()

    /// One listed member of a collection: its href and ETag, or gone (404 in a sync-collection answer).
    struct Member {
        var href: String
        var etag: String?
        var deleted: Bool
    }

    /// The listing `sync-collection` gives: changed and deleted members since the token, and a new token.
    struct Listing {
        var members: [Member]
        var token: String?
    }

    /// Thrown when the server refuses the sync token (Radicale: 403 `valid-sync-token`; others 409 or 412).
    struct InvalidSyncToken: Error {}

    func send(_ method: String, _ url: String, headers: [String] = [], body: String? = nil) throws -> HTTPResponse {
        counter.requests += 1
        let request = HTTPRequest(method: method, url: url, headers: headers, body: body.map { Data($0.utf8) }, credentials: credentials)
        do {
            let seconds = method == "REPORT" ? listingTimeoutSeconds : timeoutSeconds
            let response = try HTTPClient().perform(request, limits: HTTPLimits(seconds: seconds))
            if response.status == 401 { throw SyncError.unauthorized(url: HTTPClient.site(of: url), status: 401) }
            return response
        } catch let error as HTTPError {
            switch error {
            case .unreachable(let site, let detail): throw SyncError.unreachable(url: site, detail: detail)
            case .timedOut(let site, let seconds): throw SyncError.unreachable(url: site, detail: "no answer within \(Int(seconds)) s")
            case .transport(_, let detail): throw SyncError.unreachable(url: HTTPClient.site(of: url), detail: detail)
            case .cancelled: throw SyncError.unreachable(url: HTTPClient.site(of: url), detail: "cancelled")
            }
        }
    }

    /// PROPFIND with `Depth`, the 207 read. - Throws: `SyncError.http` for any other status.
    func propfind(_ url: String, depth: Int, properties: String) throws -> DAVMultistatus {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/"><d:prop>\(properties)</d:prop></d:propfind>
            """
        let response = try send("PROPFIND", url, headers: ["Depth: \(depth)", "Content-Type: application/xml; charset=utf-8"], body: body)
        guard response.status == 207 else { throw SyncError.http(method: "PROPFIND", url: HTTPClient.site(of: url), status: response.status) }
        return try DAVMultistatus(response.body, url: url)
    }

    /// The task collection for `url`: `url` itself when it is a calendar, else current-user-principal
    /// → calendar-home-set → the first calendar there that takes VTODOs.
    func discover(_ url: String) throws -> String {
        let probe = try propfind(url, depth: 0, properties: "<d:resourcetype/><c:supported-calendar-component-set/><d:current-user-principal/>")
        if let own = probe.responses.first, own.properties["resourcetype"]?.children.contains("calendar") == true { return url }
        var home: String?
        if let principal = probe.responses.first?.properties["current-user-principal"]?.hrefs.first {
            let p = try propfind(resolve(principal, against: url), depth: 0, properties: "<c:calendar-home-set/>")
            home = p.responses.first?.properties["calendar-home-set"]?.hrefs.first.map { resolve($0, against: url) }
        }
        let listing = try propfind(home ?? url, depth: 1, properties: "<d:resourcetype/><c:supported-calendar-component-set/>")
        for member in listing.responses where member.properties["resourcetype"]?.children.contains("calendar") == true {
            let components = member.properties["supported-calendar-component-set"]?.components ?? []
            if components.isEmpty || components.contains("VTODO") { return resolve(member.href, against: url) }
        }
        throw SyncError.noTaskCalendar(url: HTTPClient.site(of: url))
    }

    /// `sync-collection` from `token` (nil: everything).
    /// - Throws: `InvalidSyncToken` when the server refuses the token; `SyncError` otherwise.
    func syncCollection(_ collection: String, token: String?) throws -> Listing {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(Self.xmlEscape(token ?? ""))</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>
            """
        let response = try send("REPORT", collection, headers: ["Depth: 1", "Content-Type: application/xml; charset=utf-8"], body: body)
        if token != nil, [403, 409, 412].contains(response.status), response.text.contains("valid-sync-token") || response.status != 403 {
            throw InvalidSyncToken()
        }
        guard response.status == 207 else { throw SyncError.http(method: "REPORT", url: HTTPClient.site(of: collection), status: response.status) }
        let status = try DAVMultistatus(response.body, url: collection)
        let members = status.responses.compactMap { r -> Member? in
            let href = Self.path(r.href)
            guard href != Self.path(collection) else { return nil }
            return Member(href: href, etag: r.properties["getetag"]?.text, deleted: r.status == 404)
        }
        return Listing(members: members, token: status.syncToken)
    }

    /// The bodies of `hrefs` by `calendar-multiget`, by href (missing ones are left out).
    func multiget(_ collection: String, hrefs: [String]) throws -> [String: (etag: String?, ics: String)] {
        var out: [String: (etag: String?, ics: String)] = [:]
        var start = 0
        while start < hrefs.count {
            let batch = hrefs[start..<min(start + 500, hrefs.count)]
            start += batch.count
            let body = """
                <?xml version="1.0" encoding="utf-8"?>
                <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>\(batch.map { "<d:href>\(Self.xmlEscape($0))</d:href>" }.joined())</c:calendar-multiget>
                """
            let response = try send("REPORT", collection, headers: ["Depth: 1", "Content-Type: application/xml; charset=utf-8"], body: body)
            guard response.status == 207 else { throw SyncError.http(method: "REPORT", url: HTTPClient.site(of: collection), status: response.status) }
            for r in try DAVMultistatus(response.body, url: collection).responses {
                guard let data = r.properties["calendar-data"]?.text, !data.isEmpty else { continue }
                out[Self.path(r.href)] = (r.properties["getetag"]?.text, data)
            }
        }
        return out
    }

    /// One resource: its text and ETag, or nil when it is gone.
    func get(_ url: String) throws -> (etag: String?, ics: String)? {
        let response = try send("GET", url, headers: ["Accept: text/calendar"])
        if response.status == 404 || response.status == 410 { return nil }
        guard response.isSuccess else { throw SyncError.http(method: "GET", url: HTTPClient.site(of: url), status: response.status) }
        return (response.header("etag"), response.text)
    }

    /// What a conditional write got: written (with the new ETag when the server sent one), the
    /// precondition failed, the resource is gone, or the server refused this one item.
    enum WriteResult {
        case written(etag: String?)
        case preconditionFailed
        case gone
        /// A 4xx for this item alone (the text, its size, its UID): the rest of the sync goes on.
        case refused(status: Int, detail: String)
    }

    /// What stops the sync, thrown (a 403: the login may not write here; a 5xx or anything else), or
    /// what refuses one item (any other 4xx); nil for a success.
    private func outcome(_ method: String, _ url: String, _ response: HTTPResponse) throws -> WriteResult? {
        if response.isSuccess { return nil }
        if response.status == 403 { throw SyncError.unauthorized(url: HTTPClient.site(of: url), status: 403) }
        if (400..<500).contains(response.status) { return .refused(status: response.status, detail: Self.excerpt(response.text)) }
        throw SyncError.http(method: method, url: HTTPClient.site(of: url), status: response.status)
    }

    /// The first line of a server's refusal, short and printable ("" for an HTML page).
    static func excerpt(_ body: String) -> String {
        let line = body.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty } ?? ""
        guard !line.hasPrefix("<") else { return "" }
        let printable = String(String.UnicodeScalarView(line.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }))
        return printable.count > 160 ? String(printable.prefix(160)) + "…" : printable
    }

    /// PUT with `If-None-Match: *` (etag nil: create only) or `If-Match: etag` (update only that version).
    func put(_ url: String, ics: String, etag: String?) throws -> WriteResult {
        let condition = etag.map { "If-Match: \($0)" } ?? "If-None-Match: *"
        let response = try send("PUT", url, headers: [condition, "Content-Type: text/calendar; charset=utf-8"], body: ics)
        if response.status == 412 { return .preconditionFailed }
        if response.status == 404 { return .gone }
        return try outcome("PUT", url, response) ?? .written(etag: response.header("etag"))
    }

    /// DELETE with `If-Match: etag`.
    func delete(_ url: String, etag: String?) throws -> WriteResult {
        let response = try send("DELETE", url, headers: etag.map { ["If-Match: \($0)"] } ?? [])
        if response.status == 412 { return .preconditionFailed }
        if response.status == 404 || response.status == 410 { return .gone }
        return try outcome("DELETE", url, response) ?? .written(etag: nil)
    }

    /// An href (absolute path, or a full URL) as a full URL on `base`'s server.
    func resolve(_ href: String, against base: String) -> String {
        if href.hasPrefix("http://") || href.hasPrefix("https://") { return href }
        guard var parts = URLComponents(string: base) else { return href }
        parts.percentEncodedPath = href
        parts.query = nil
        return parts.string ?? href
    }

    /// The path of an href or URL (hrefs are compared as paths).
    static func path(_ href: String) -> String {
        if href.hasPrefix("http://") || href.hasPrefix("https://"), let parts = URLComponents(string: href) { return parts.percentEncodedPath }
        return href
    }

    static func xmlEscape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
