import CXML
import Foundation

/// A WebDAV `207 Multi-Status` body read into plain values (RFC 4918 §14.16, RFC 6578 `sync-token`).
///
/// Only what sync asks for is kept: per response its href, status, and per property (by local
/// name, successful propstats only) its text, nested hrefs, child element names and `comp` names.
/// Read with libxml2's pull reader (CXML, opened at first use): the only XML Tasker reads.
struct DAVMultistatus {
    struct Property {
        var text = ""
        var hrefs: [String] = []
        var children: [String] = []
        /// `name` attributes of `comp` children (supported-calendar-component-set).
        var components: [String] = []
    }

    struct Response {
        var href = ""
        /// The response-level status (a deleted member in a sync-collection answer: 404).
        var status: Int?
        var properties: [String: Property] = [:]
    }

    var responses: [Response] = []
    var syncToken: String?

    /// - Throws: `SyncError.malformedAnswer` when the body is not well-formed XML, saying where.
    init(_ data: Data, url: String) throws {
        var reader = Reader()
        let problem: String? = data.withUnsafeBytes { raw in
            guard raw.count < Int(Int32.max),
                  let xml = cxml_reader_open(raw.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(raw.count)) else {
                return "not XML"
            }
            defer { cxml_reader_close(xml) }
            while true {
                switch cxml_reader_next(xml) {
                case 0: return nil
                case 1: break
                default: return cxml_reader_error(xml).map { String(cString: $0) } ?? "not XML"
                }
                switch cxml_reader_kind(xml) {
                case 1:
                    let name = String(cString: cxml_reader_local_name(xml))
                    let comp = name == "comp" ? cxml_reader_attribute(xml, "name").map { String(cString: $0) } : nil
                    let empty = cxml_reader_is_empty_element(xml) != 0
                    reader.start(name, comp: comp)
                    if empty { reader.end(name) }
                case 3, 13, 14:
                    reader.text += String(cString: cxml_reader_text(xml))
                case 15:
                    reader.end(String(cString: cxml_reader_local_name(xml)))
                default:
                    break
                }
            }
        }
        if let problem { throw SyncError.malformedAnswer(url: url, detail: problem) }
        responses = reader.responses
        syncToken = reader.syncToken
    }

    /// Builds the values while the reader walks the elements.
    private struct Reader {
        var responses: [Response] = []
        var syncToken: String?
        var text = ""
        private var path: [String] = []
        private var response: Response?
        private var propstat: [String: Property] = [:]
        private var propstatStatus: Int?
        private var property: (name: String, value: Property)?

        /// An element opens; `comp` is the `name` attribute of a `comp` element.
        mutating func start(_ name: String, comp: String?) {
            let parent = path.last
            path.append(name)
            text = ""
            if name == "response" && parent == "multistatus" {
                response = Response()
            } else if name == "propstat" {
                propstat = [:]
                propstatStatus = nil
            } else if parent == "prop" && response != nil && property == nil {
                property = (name, Property())
            } else if property != nil {
                property?.value.children.append(name)
                if let comp { property?.value.components.append(comp.uppercased()) }
            }
        }

        /// An element closes: what it held is kept where it belongs.
        mutating func end(_ name: String) {
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            path.removeLast()
            let parent = path.last
            if let current = property {
                if name == current.name && parent == "prop" {
                    var done = current.value
                    done.text = value
                    propstat[name] = done
                    property = nil
                } else if name == "href" {
                    property?.value.hrefs.append(value)
                }
            } else if name == "href" && parent == "response" {
                response?.href = value
            } else if name == "status" && parent == "response" {
                response?.status = Self.status(value)
            } else if name == "status" && parent == "propstat" {
                propstatStatus = Self.status(value)
            } else if name == "propstat" {
                if (propstatStatus ?? 200) / 100 == 2 { response?.properties.merge(propstat) { a, _ in a } }
            } else if name == "response" {
                if let response { responses.append(response) }
                response = nil
            } else if name == "sync-token" && parent == "multistatus" {
                syncToken = value
            }
            text = ""
        }

        /// "HTTP/1.1 404 Not Found" → 404.
        static func status(_ line: String) -> Int? {
            let parts = line.split(separator: " ")
            return parts.count > 1 ? Int(parts[1]) : nil
        }
    }
}
