import TaskStore

/// Puts a copy of an object somewhere else (config's `attachments.upload`): the command line's
/// implementation asks the host's `sign_command` for a presigned URL and PUTs the bytes with
/// libcurl, so the engine never holds a cloud credential.
public protocol ObjectUploading: Sendable {
    /// Uploads the object file at `path` as it is stored (an encrypted object's sealed bytes, so the
    /// copy elsewhere is as private as the one here). - Returns: the URL it now lives at.
    /// - Throws: why it did not (the attachment is kept either way).
    func upload(storedFile path: String) throws -> String
}
