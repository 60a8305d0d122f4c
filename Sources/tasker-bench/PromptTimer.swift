import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Launches a program on a fresh pseudo-terminal and times how long until some text appears.
enum PromptTimer {
    /// Milliseconds from spawn until `text` is on the terminal, or nil when it never appears (5 s).
    /// The program is then sent Ctrl-D and reaped.
    static func launch(_ path: String, _ arguments: [String], environment: [String], until text: String) -> Double? {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else { return nil }
        defer { close(master) }
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(0x80))  // POSIX_SPAWN_SETSID
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/pts/\(number)", O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        let cArgs = ([path] + arguments).map { strdup($0) } + [nil]
        let cEnv = environment.map { strdup($0) } + [nil]
        defer {
            cArgs.forEach { free($0) }
            cEnv.forEach { free($0) }
        }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, path, &actions, &attributes, cArgs, cEnv) == 0 else { return nil }
        var seen = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var elapsed: Double?
        let needle = Array(text.utf8)
        while DispatchTime.now().uptimeNanoseconds - start < 5_000_000_000 {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 50) > 0 else { continue }
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            seen.append(contentsOf: buffer[0..<n])
            if seen.count >= needle.count, (0...(seen.count - needle.count)).contains(where: { Array(seen[$0..<($0 + needle.count)]) == needle }) {
                elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
                break
            }
        }
        _ = write(master, "\u{4}", 1)
        var status: Int32 = 0
        for _ in 0..<100 where waitpid(pid, &status, WNOHANG) == 0 { usleep(10_000) }
        if waitpid(pid, &status, WNOHANG) == 0 {
            kill(pid, SIGKILL)
            waitpid(pid, &status, 0)
        }
        return elapsed
    }
}
