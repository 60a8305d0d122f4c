import Foundation
import TaskCore

/// What an approval pins besides the arguments: the state of the tasks the call acts on and the bytes
/// of a file it reads, as they were when the agent asked.
public struct ApprovalPins: Sendable, Hashable {
    public var targetFingerprint: String?
    public var fileSHA256: String?
    public var fileSize: Int64?

    public init(targetFingerprint: String? = nil, fileSHA256: String? = nil, fileSize: Int64? = nil) {
        self.targetFingerprint = targetFingerprint
        self.fileSHA256 = fileSHA256
        self.fileSize = fileSize
    }
}
