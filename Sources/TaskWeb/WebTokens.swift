import TaskCore

/// The secrets of one `tasker web` run: the one-time token in the printed URL, the session it is
/// exchanged for (an HttpOnly, SameSite=Strict cookie), and the CSRF token every POST carries.
struct WebTokens: Sendable {
    /// The token in the printed URL; nil once it has been used.
    private(set) var login: String?
    let session: String
    let csrf: String

    init() {
        login = Base62.random(count: 32)
        session = Base62.random(count: 43)
        csrf = Base62.random(count: 43)
    }

    /// Whether `token` is the unused login token; true uses it up.
    mutating func redeem(_ token: String) -> Bool {
        guard let login, SHA256.constantTimeEqual(login, token) else { return false }
        self.login = nil
        return true
    }

    /// Whether a request's Cookie header holds this run's session under `cookieName`.
    func hasSession(_ cookieHeader: String?, cookieName: String) -> Bool {
        guard let cookieHeader else { return false }
        for pair in cookieHeader.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, parts[0] == cookieName, SHA256.constantTimeEqual(parts[1], session) { return true }
        }
        return false
    }

    /// Whether the request's CSRF header is this run's token.
    func csrfMatches(_ header: String?) -> Bool {
        guard let header else { return false }
        return SHA256.constantTimeEqual(header, csrf)
    }
}
