import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A WebDAV `207 Multi-Status` body read into plain values (RFC 4918 §14.16, RFC 6578 `sync-token`).
///
/// Only what sync asks for is kept: per response its href, status, and per property (by local
/// name, successful propstats only) its text, nested hrefs, child element names and `comp` names.
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

    /// - Throws: `SyncError.malformedAnswer` when the body is not XML.
    init(_ data: Data, url: String) throws {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.delegate = reader
        guard parser.parse() else {
            throw SyncError.malformedAnswer(url: url, detail: parser.parserError.map { "\($0.localizedDescription)" } ?? "not XML")
        }
        responses = reader.responses
        syncToken = reader.syncToken
    }

    /// Builds the values while the parser walks the elements.
    private final class Reader: NSObject, XMLParserDelegate {
        var responses: [Response] = []
        var syncToken: String?
        private var path: [String] = []
        private var text = ""
        private var response: Response?
        private var propstat: [String: Property] = [:]
        private var propstatStatus: Int?
        private var property: (name: String, value: Property)?

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
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
                if name == "comp", let comp = attributes["name"] { property?.value.components.append(comp.uppercased()) }
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) { text += String(decoding: CDATABlock, as: UTF8.self) }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
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
