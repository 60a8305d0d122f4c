import Foundation
import TaskCLI
import TaskCore
import TaskHTTP
import TaskStore
import TaskToolkit

/// config.json's `attachments.upload`: copies each new attachment object to a URL the host signs,
/// so tasker never holds a cloud credential.
///
/// For one object: hashes the stored file's bytes as they are read (as stored: ciphertext when
/// attachments are encrypted), runs `sign_command` through
/// `SecretCommand` (no shell, no stdin, `timeout_seconds`) with three more arguments — the SHA-256
/// (hex) and size of those bytes and the method `PUT` — takes the first line it prints as the
/// presigned URL, and PUTs the file there through TaskHTTP, read while it is sent (an upload holds
/// a megabyte of it in memory, not the whole file), with `x-amz-checksum-sha256` (the
/// bytes' SHA-256 in base64). The upload counts only when the answer is 2xx and echoes that
/// checksum: S3 (and moto) check the body against it and echo it, so a body that arrived damaged
/// or an answer from something that did not check it is never recorded as uploaded. (S3's ETag is
/// an MD5, which Tasker has no code for; the SHA-256 checksum replaces it.) The remote URL recorded
/// is the signed one without its query (the signature) and fragment.
struct SignedUpload: ObjectUploading {
    let signCommand: [String]
    /// How long `sign_command` may run, and the PUT's base time (one more second per 256 KiB).
    let timeout: TimeInterval
    let searchPath: String

    /// Why an upload did not happen: one line (never the signed URL's query).
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func upload(storedFile file: String) throws -> String {
        guard let (digest, size) = try? SHA256.file(file) else {
            throw Failure(description: "cannot read \(file) to upload it; run `tasker verify`")
        }
        let runner = SecretCommand(setting: "attachments.upload.sign_command", secret: "a presigned URL",
                                   example: ["/usr/local/bin/sign-upload"], searchPath: searchPath, timeout: timeout)
        let printed: String
        do {
            printed = try runner.run(signCommand + [digest, String(size), "PUT"])
        } catch {
            throw Failure(description: error.description)
        }
        let url = printed.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard url.hasPrefix("http://") || url.hasPrefix("https://"), !url.contains(where: \.isWhitespace), let remote = Self.unsigned(url) else {
            throw Failure(description: "attachments.upload.sign_command printed no http(s) URL on its first line; it must print the presigned URL")
        }
        let checksum = Data(Self.bytes(ofHex: digest)).base64EncodedString()
        let request = HTTPRequest(method: "PUT", url: url, headers: [
            "Content-Type: application/octet-stream", "x-amz-sdk-checksum-algorithm: SHA256", "x-amz-checksum-sha256: \(checksum)",
        ], bodyFile: file)
        let response: HTTPResponse
        do {
            response = try HTTPClient().perform(request, limits: HTTPLimits(connect: min(10, timeout), total: timeout + Double(size) / 262_144, budget: timeout))
        } catch {
            throw Failure(description: "upload failed: \(error)")
        }
        guard response.isSuccess else {
            throw Failure(description: "upload refused by \(HTTPClient.site(of: url)): HTTP \(response.status)\(Self.reason(response)); the attachment stays local")
        }
        guard response.header("x-amz-checksum-sha256") == checksum else {
            throw Failure(description: "\(HTTPClient.site(of: url)) took the upload but did not confirm its SHA-256 (no matching x-amz-checksum-sha256 in the answer); not recorded as uploaded")
        }
        return remote
    }

    /// `url` without its query and fragment: where the object lives, without the signature.
    static func unsigned(_ url: String) -> String? {
        guard var parts = URLComponents(string: url), parts.host?.isEmpty == false else { return nil }
        parts.query = nil
        parts.fragment = nil
        parts.user = nil
        parts.password = nil
        return parts.string
    }

    /// A short reason from the answer: S3's `<Code>` and `<Message>` (`AccessDenied: Request has
    /// expired`), else the body's first line; at most 120 characters.
    private static func reason(_ response: HTTPResponse) -> String {
        let text = response.text
        func element(_ name: String) -> String? {
            guard let start = text.range(of: "<\(name)>"), let end = text.range(of: "</\(name)>", range: start.upperBound..<text.endIndex) else { return nil }
            return String(text[start.upperBound..<end.lowerBound])
        }
        let found = element("Code").map { code in element("Message").map { code + ": " + $0 } ?? code }
            ?? text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let line = String(found.prefix(120)).trimmingCharacters(in: .whitespaces)
        return line.isEmpty || line.contains("\n") ? "" : " (\(line))"
    }

    private static func bytes(ofHex hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex, let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) {
            result.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return result
    }
}
