import Foundation
import Testing
import TaskCore
import TaskerTestSupport

/// `attachments.upload` through the real binary: a sign_command prints a presigned URL, tasker PUTs
/// the object there. Against moto (S3-compatible; checks no signature) with a boto3 signer, and
/// against Fixtures/upload/signing_server.py, which refuses tampered and expired URLs.
@Suite struct AttachmentUploadTests {
    let dir = TemporaryDirectory("attach-upload")
    var db: String { dir.path("tasks.sqlite") }
    let python = VenvPython.url.path

    /// A fixture server (prints "PORT PID" when ready), killed when released.
    final class FixtureServer {
        let port: Int
        private let process: Process
        private let pid: Int32?

        init(_ script: String, _ arguments: [String]) throws {
            let (process, line) = try CalDAVServer.startPython([FixtureFile.url("upload/" + script).path] + arguments)
            let parts = line.split(separator: " ")
            self.process = process
            port = Int(parts.first ?? "") ?? 0
            pid = parts.count > 1 ? Int32(parts[1]) : nil
        }

        deinit {
            if let pid { kill(pid, SIGKILL) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            process.waitUntilExit()
        }
    }

    func configure(_ signCommand: [String], timeout: Double = 30) throws {
        try FileManager.default.createDirectory(atPath: dir.path("config/tasker"), withIntermediateDirectories: true)
        let argv = signCommand.map { "\"\($0)\"" }.joined(separator: ", ")
        try Data(#"{"attachments": {"upload": {"sign_command": [\#(argv)], "timeout_seconds": \#(timeout)}}}"#.utf8)
            .write(to: URL(fileURLWithPath: dir.path("config/tasker/config.json")))
    }

    func attach(_ text: String, named name: String) throws -> (json: [String: Any], stderr: String) {
        let path = dir.path(name)
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let result = try TaskerBinary.run(["call", "attach_file", #"{"path": "\#(path)", "task": 1}"#, "--db", db],
                                          environment: ["XDG_CONFIG_HOME": dir.path("config")])
        let json = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout) \(result.stderr)")
        return (json, result.stderr)
    }

    func addTask() throws {
        #expect(try TaskerBinary.run(["add", "file receipts", "--db", db], environment: ["XDG_CONFIG_HOME": dir.path("config")]).status == 0)
    }

    static func bytes(ofHex hex: String) -> [UInt8] {
        stride(from: 0, to: hex.count, by: 2).map { UInt8(hex.dropFirst($0).prefix(2), radix: 16) ?? 0 }
    }

    static var motoAvailable: Bool {
        VenvPython.isInstalled && ((try? VenvPython.run(["-c", "import moto.server, boto3"]).status) == 0)
    }

    /// The object arrives in moto's bucket with the right bytes (read back with boto3); the remote URL
    /// has no signature; the credential is only in the signer's file, never in tasker's environment
    /// (read from /proc/<tasker>/environ by the signer itself) or its config.
    @Test func anAttachedFileArrivesInMotosBucket() throws {
        guard Self.motoAvailable else {
            Issue.record("SKIPPED: .venv has no moto[server]/boto3; run scripts/setup --with-python")
            return
        }
        let moto = try FixtureServer("moto_server.py", [])
        let endpoint = "http://127.0.0.1:\(moto.port)"
        let secret = "tasker-test-secret-\(UUID().uuidString)"
        let credentials = dir.path("signer-credentials")
        try Data("AKIATASKERTEST \(secret)\n".utf8).write(to: URL(fileURLWithPath: credentials))
        let boto = "import boto3, sys; c = boto3.client('s3', endpoint_url='\(endpoint)', region_name='us-east-1', aws_access_key_id='x', aws_secret_access_key='y'); "
        #expect(try VenvPython.run(["-c", boto + "c.create_bucket(Bucket='tasker')"]).status == 0)
        let environCopy = dir.path("tasker-environ")
        try configure([python, FixtureFile.url("upload/s3_signer.py").path, credentials, endpoint, "tasker", "--environ-copy", environCopy])
        try addTask()

        let content = "receipt #1 — €12.50\n" + String(repeating: "x", count: 70_000)
        let (json, stderr) = try attach(content, named: "receipt.txt")
        let hash = SHA256.hex(Array(content.utf8))
        let attachment = try #require(json["attachment"] as? [String: Any], "\(json)")
        #expect(json["upload_problem"] == nil, "\(json) \(stderr)")
        #expect(attachment["remote_url"] as? String == "\(endpoint)/tasker/\(hash)")
        let fetched = try VenvPython.run(["-c", boto + "o = c.get_object(Bucket='tasker', Key='\(hash)'); sys.stdout.buffer.write(o['Body'].read())"])
        #expect(fetched.status == 0 && fetched.stdout == content)
        let checksum = Data(Self.bytes(ofHex: hash)).base64EncodedString()
        let head = try VenvPython.run(["-c", boto + "print(c.head_object(Bucket='tasker', Key='\(hash)', ChecksumMode='ENABLED').get('ChecksumSHA256'))"])
        #expect(head.stdout == checksum + "\n", "moto recorded the SHA-256 tasker sent: \(head)")

        let environ = try String(decoding: Data(contentsOf: URL(fileURLWithPath: environCopy)), as: UTF8.self)
        #expect(environ.contains("XDG_CONFIG_HOME=\(dir.path("config"))"), "the copy is tasker's environment")
        #expect(!environ.contains(secret) && !environ.contains("AKIATASKERTEST") && !environ.contains("AWS_"))
        let config = try String(contentsOfFile: dir.path("config/tasker/config.json"), encoding: .utf8)
        #expect(!config.contains(secret) && !config.contains("AKIATASKERTEST"))

        // The same content again is stored once and not uploaded again (it has a remote URL already).
        let (again, _) = try attach(content, named: "copy.txt")
        #expect((again["attachment"] as? [String: Any])?["remote_url"] as? String == "\(endpoint)/tasker/\(hash)", "\(again)")
    }

    /// Our own signing server: a good URL uploads; a tampered one and an expired one are refused (403)
    /// and tasker says so in one line, keeping the attachment local.
    @Test func aTamperedOrExpiredURLIsRefusedAndTheAttachmentStaysLocal() throws {
        guard VenvPython.isInstalled else {
            Issue.record("SKIPPED: no .venv; run scripts/setup --with-python")
            return
        }
        let stored = dir.path("remote")
        try FileManager.default.createDirectory(atPath: stored, withIntermediateDirectories: true)
        let keyFile = dir.path("hmac.key")
        let server = try FixtureServer("signing_server.py", [stored, keyFile])
        let base = "http://127.0.0.1:\(server.port)"
        let signer = [python, FixtureFile.url("upload/hmac_signer.py").path, keyFile, base]
        try addTask()

        try configure(signer + ["300"])
        let (good, _) = try attach("signed and sealed", named: "good.txt")
        let goodHash = SHA256.hex(Array("signed and sealed".utf8))
        #expect((good["attachment"] as? [String: Any])?["remote_url"] as? String == "\(base)/objects/\(goodHash)", "\(good)")
        #expect(FileManager.default.contents(atPath: stored + "/" + goodHash) == Data("signed and sealed".utf8))

        let tampered = "SignatureDoesNotMatch: The request signature we calculated does not match the signature you provided"
        for (arguments, text, reason) in [(["300", "tamper"], "tampered", tampered), (["-60"], "expired", "AccessDenied: Request has expired")] {
            try configure(signer + arguments)
            let (refused, _) = try attach(text, named: text + ".txt")
            let problem = try #require(refused["upload_problem"] as? String, "\(refused)")
            let path = arguments.contains("tamper") ? String(repeating: "0", count: 64) : SHA256.hex(Array(text.utf8))
            #expect(problem == "upload refused by \(base)/objects/\(path): HTTP 403 (\(reason)); the attachment stays local", "\(problem)")
            #expect(!problem.contains("signature=") && !problem.contains("\n"))
            let attachment = try #require(refused["attachment"] as? [String: Any])
            #expect(refused["ok"] as? Bool == true && attachment["remote_url"] == nil)
            let local = try #require(attachment["stored_path"] as? String, "\(attachment)")
            #expect(FileManager.default.contents(atPath: local) == Data(text.utf8))
        }

        // `tasker upload` retries what is still local: one line each while the URL is expired, then both go.
        let upload = { try TaskerBinary.run(["upload", "--db", db], environment: ["XDG_CONFIG_HOME": dir.path("config")]) }
        let stillExpired = try upload()
        #expect(stillExpired.status == 1 && stillExpired.stdout.contains("0 objects uploaded, 2 failed"), "\(stillExpired)")
        #expect(stillExpired.stdout.contains("NOT UPLOADED #2 'tampered.txt': upload refused by \(base)/objects/"), "\(stillExpired.stdout)")
        try configure(signer + ["300"])
        let retried = try upload()
        #expect(retried.status == 0 && retried.stdout == "2 objects uploaded, 0 failed\n", "\(retried)")
        for text in ["tampered", "expired"] {
            #expect(FileManager.default.contents(atPath: stored + "/" + SHA256.hex(Array(text.utf8))) == Data(text.utf8))
        }
        let verified = try TaskerBinary.run(["verify", "--db", db], environment: ["XDG_CONFIG_HOME": dir.path("config")])
        #expect(verified.status == 0 && verified.stdout.hasSuffix("3 objects checked: 3 intact, 0 damaged, 0 missing\n"), "\(verified)")
        let nothing = try upload()
        #expect(nothing.status == 0 && nothing.stdout == "0 objects uploaded, 0 failed\n", "\(nothing)")

        // A server that takes the bytes but does not confirm their SHA-256: not recorded as uploaded.
        try configure(signer + ["300", "quiet"])
        let (quiet, _) = try attach("unconfirmed", named: "quiet.txt")
        #expect(quiet["upload_problem"] as? String
                == "\(base)/quiet/\(SHA256.hex(Array("unconfirmed".utf8))) took the upload but did not confirm its SHA-256 (no matching x-amz-checksum-sha256 in the answer); not recorded as uploaded", "\(quiet)")
        #expect((quiet["attachment"] as? [String: Any])?["remote_url"] == nil)
        let pending = try TaskerBinary.run(["verify", "--db", db], environment: ["XDG_CONFIG_HOME": dir.path("config")])
        #expect(pending.stdout.hasSuffix("4 objects checked: 4 intact, 0 damaged, 0 missing; 1 not uploaded yet (tasker upload retries)\n"), "\(pending)")
    }

    /// A sign_command that hangs is stopped at timeout_seconds; one line, attachment kept.
    @Test func aHangingSignCommandTimesOut() throws {
        try configure(["/bin/sh", "-c", "exec sleep 30"], timeout: 1)  // exec: the stopped process is the sleep itself
        try addTask()
        let started = Date()
        let (json, _) = try attach("slow", named: "slow.txt")
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(json["upload_problem"] as? String == "attachments.upload.sign_command `sh` took longer than 1 s; check it runs on its own", "\(json)")
        #expect(json["ok"] as? Bool == true)
    }

    /// A sign_command that prints something other than a URL, and a bad upload section.
    @Test func aSignerWithoutAURLOrABadSectionIsOneLine() throws {
        try configure(["/bin/echo", "not-a-url"])
        try addTask()
        let (json, _) = try attach("text", named: "t.txt")
        #expect(json["upload_problem"] as? String == "attachments.upload.sign_command printed no http(s) URL on its first line; it must print the presigned URL")
        try Data(#"{"attachments": {"upload": {"sign_command": []}}}"#.utf8).write(to: URL(fileURLWithPath: dir.path("config/tasker/config.json")))
        let (plain, stderr) = try attach("other", named: "o.txt")
        #expect(plain["upload_problem"] == nil && plain["ok"] as? Bool == true)
        #expect(stderr.contains("attachments.upload.sign_command must be a program and its arguments"), "\(stderr)")
    }
}
