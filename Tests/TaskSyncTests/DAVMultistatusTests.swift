import Foundation
import Testing
@testable import TaskSync

/// The 207 Multi-Status reader over libxml2's pull reader: prefixes, entities, CDATA, empty elements
/// and failed propstats as CalDAV servers write them, and a clear error for what is not XML.
@Suite struct DAVMultistatusTests {
    static let body = """
        <?xml version="1.0" encoding="utf-8"?>
        <!-- a comment before the root -->
        <D:multistatus xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/">
          <D:response>
            <D:href>/tasks/a%20b/</D:href>
            <D:propstat>
              <D:prop>
                <D:displayname>Work &amp; home &#x1F4CB;</D:displayname>
                <D:resourcetype><D:collection/><C:calendar/></D:resourcetype>
                <C:supported-calendar-component-set><C:comp name="vtodo"/><C:comp name="VEVENT"></C:comp></C:supported-calendar-component-set>
                <CS:getctag><![CDATA[ctag<1>]]></CS:getctag>
              </D:prop>
              <D:status>HTTP/1.1 200 OK</D:status>
            </D:propstat>
            <D:propstat>
              <D:prop><D:getetag/></D:prop>
              <D:status>HTTP/1.1 404 Not Found</D:status>
            </D:propstat>
          </D:response>
          <response xmlns="DAV:"><href>/tasks/a%20b/gone.ics</href><status>HTTP/1.1 404 Not Found</status></response>
          <D:sync-token>http://radicale.org/ns/sync/7</D:sync-token>
        </D:multistatus>
        """

    @Test func readsWhatSyncAsksFor() throws {
        let status = try DAVMultistatus(Data(Self.body.utf8), url: "http://127.0.0.1/tasks/")
        #expect(status.responses.count == 2)
        let collection = try #require(status.responses.first)
        #expect(collection.href == "/tasks/a%20b/")
        #expect(collection.status == nil)
        #expect(collection.properties["displayname"]?.text == "Work & home 📋")
        #expect(collection.properties["resourcetype"]?.children == ["collection", "calendar"])
        #expect(collection.properties["supported-calendar-component-set"]?.components == ["VTODO", "VEVENT"])
        #expect(collection.properties["getctag"]?.text == "ctag<1>")
        #expect(collection.properties["getetag"] == nil, "a 404 propstat is not a property")
        #expect(status.responses[1].href == "/tasks/a%20b/gone.ics")
        #expect(status.responses[1].status == 404)
        #expect(status.syncToken == "http://radicale.org/ns/sync/7")
    }

    @Test(arguments: [
        ("", "not XML"),
        ("<html><body>Bad gateway", "line 1"),
        ("<D:multistatus xmlns:D=\"DAV:\"><D:response></D:multistatus>", "mismatch"),
        ("{\"not\": \"xml\"}", "line 1"),
    ])
    func notXMLSaysWhere(body: String, detail: String) {
        #expect {
            _ = try DAVMultistatus(Data(body.utf8), url: "http://127.0.0.1/tasks/")
        } throws: { error in
            guard case SyncError.malformedAnswer(let url, let said) = error else { return false }
            return url == "http://127.0.0.1/tasks/" && said.contains(detail) && !said.contains("\n")
        }
    }

    /// An entity the document declares is not expanded (no "billion laughs"), and nothing is fetched.
    @Test func declaredEntitiesAreNotExpanded() throws {
        let body = """
            <?xml version="1.0"?>
            <!DOCTYPE m [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY ext SYSTEM "http://127.0.0.1:9/x">]>
            <multistatus xmlns="DAV:"><response><href>&b;&ext;</href></response></multistatus>
            """
        let status = try DAVMultistatus(Data(body.utf8), url: "u")
        #expect(status.responses.first?.href.count ?? 0 < 10)
    }
}
