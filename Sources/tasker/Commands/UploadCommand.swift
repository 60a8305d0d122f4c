import Foundation
import TaskCLI
import TaskCore
import TaskStore

/// `tasker upload`: uploads the attachment objects that have no remote copy yet (config's
/// `attachments.upload`), e.g. after the signer or the server was down when they were attached.
enum UploadCommand: Command {
    static let signature = CommandSignature(
        name: "upload", summary: "upload attachments that have no remote copy yet (attachments.upload)", maxWords: 0,
        details: """
            With "attachments": {"upload": {"sign_command": [...], "timeout_seconds": 30}} in
            config.json, each attached file is also PUT to a URL that sign_command prints (given the
            SHA-256, size and method PUT), so tasker never holds a cloud credential. An upload that
            fails leaves the attachment local; this command tries every such object again, one line
            for each that still fails. Exit status 0 when nothing is left to upload, 1 otherwise.
            """)

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let setup = context.attachmentSetup()
        for problem in setup.problems { context.output.err("tasker: \(problem)") }
        guard let uploader = setup.uploader else {
            context.output.err("tasker: no attachments.upload in config.json; add {\"attachments\": {\"upload\": {\"sign_command\": [...]}}} to upload attachments")
            return 1
        }
        let store = try context.openStore()
        // One upload per stored object: a content hash and an encoding (plain and encrypted copies
        // of one file are two files).
        var pending: [String: Attachment] = [:]
        for attachment in try store.attachments() where attachment.remoteURL == nil {
            let object = attachment.sha256 + " " + attachment.encoding
            pending[object] = pending[object] ?? attachment
        }
        var failed = 0
        for attachment in pending.values.sorted(by: { $0.id.rawValue < $1.id.rawValue }) {
            do {
                let url = try uploader.upload(storedFile: setup.objects.path(of: attachment))
                try store.setRemoteURL(url, forObject: attachment.sha256, encoding: attachment.encoding)
            } catch {
                failed += 1
                context.output.text("NOT UPLOADED #\(attachment.id) '\(attachment.name)': \(error)")
            }
        }
        let uploaded = pending.count - failed
        context.output.text("\(uploaded) object\(uploaded == 1 ? "" : "s") uploaded, \(failed) failed")
        return failed == 0 ? 0 : 1
    }
}
