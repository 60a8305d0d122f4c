import Foundation
import Testing
@testable import tasker
import TaskerTestSupport

/// config.json's `attachments.upload`, and the remote URL recorded for a signed one.
@Suite struct AttachmentSetupTests {
    func setup(_ json: String) throws -> AttachmentSetup {
        let dir = TemporaryDirectory("attachsetup")
        try json.write(toFile: dir.path("config.json"), atomically: true, encoding: .utf8)
        return AttachmentSetup(configDirectory: dir.url.path, databasePath: dir.path("tasks.sqlite"))
    }

    @Test func anUploadSectionMakesASignedUpload() throws {
        let found = try setup(#"{"attachments": {"upload": {"sign_command": ["sign", "bucket"], "timeout_seconds": 2.5}}}"#)
        let upload = try #require(found.uploader as? SignedUpload)
        #expect(upload.signCommand == ["sign", "bucket"] && upload.timeout == 2.5 && found.problems.isEmpty)
        #expect(try setup(#"{"attachments": {"max_mib": 5}}"#).uploader == nil)
    }

    @Test func aBadUploadSectionIsOneProblemLine() throws {
        for json in [#"{"attachments": {"upload": ["sign"]}}"#, #"{"attachments": {"upload": {"sign_command": []}}}"#,
                     #"{"attachments": {"upload": {"sign_command": ["sign", ""]}}}"#, #"{"attachments": {"upload": {"sign_command": "sign"}}}"#] {
            let found = try setup(json)
            #expect(found.uploader == nil && found.problems.count == 1, "\(json)")
            #expect(found.problems.first?.hasSuffix("attachments are not uploaded") == true)
        }
        let slow = try setup(#"{"attachments": {"upload": {"sign_command": ["sign"], "timeout_seconds": 0}}}"#)
        #expect((slow.uploader as? SignedUpload)?.timeout == 30)
        #expect(slow.problems == ["config.json: attachments.upload.timeout_seconds must be a number of seconds from 0 to 3600, like 30; using 30"])
    }

    @Test func theRemoteURLHasNoSignature() {
        #expect(SignedUpload.unsigned("https://bucket.s3.amazonaws.com/ab/cd?X-Amz-Signature=abc&X-Amz-Credential=k#x")
                == "https://bucket.s3.amazonaws.com/ab/cd")
        #expect(SignedUpload.unsigned("http://user:pw@127.0.0.1:9000/b/k?sig=1") == "http://127.0.0.1:9000/b/k")
        #expect(SignedUpload.unsigned("http://") == nil)
    }
}
