import Foundation
import TaskCLI

/// Where Tasker keeps its files, by the XDG base directory rules.
struct XDGPaths {
    let dataHome: String
    let configHome: String
    let stateHome: String
    let cacheHome: String

    init(environment: [String: String]) {
        let home = environment["HOME"] ?? NSHomeDirectory()
        func dir(_ key: String, _ fallback: String) -> String {
            if let v = environment[key], v.hasPrefix("/") { return v }
            return home + "/" + fallback
        }
        dataHome = dir("XDG_DATA_HOME", ".local/share")
        configHome = dir("XDG_CONFIG_HOME", ".config")
        stateHome = dir("XDG_STATE_HOME", ".local/state")
        cacheHome = dir("XDG_CACHE_HOME", ".cache")
    }

    /// `$XDG_CONFIG_HOME/tasker`: config.json, the key file and prompt overrides.
    var taskerConfig: String { configHome + "/tasker" }
    /// `$XDG_STATE_HOME/tasker`: REPL history.
    var taskerState: String { stateHome + "/tasker" }
    /// `$XDG_CACHE_HOME/tasker/calendars`: subscription calendars as last fetched.
    var calendarCache: String { cacheHome + "/tasker/calendars" }
}
