import Foundation

/// Ctrl-C outside line editing (while the model answers): a SIGINT handler sets a flag that the
/// model call polls, instead of killing the process.
public enum InterruptFlag {
    nonisolated(unsafe) private static var raised: sig_atomic_t = 0

    /// Installs the SIGINT handler (no SA_RESTART, so blocking reads see EINTR).
    public static func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in InterruptFlag.raised = 1 }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(SIGINT, &action, nil)
        // A parent may have started us with SIGINT blocked (a test runner's thread, some launchers):
        // the flag would then never be raised while a model call waits.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// True once Ctrl-C was pressed since the last `reset()`.
    public static var isRaised: Bool { raised != 0 }

    public static func reset() { raised = 0 }
}
