import Foundation

/// The folders that belong to one database file, beside it.
extension TaskStore {
    /// `KIND/` beside a database named `tasker.sqlite` (so `$XDG_DATA_HOME/tasker/KIND` for the
    /// default one), `NAME.KIND/` beside any other database file NAME: one folder per database, so
    /// two databases in one folder never share `objects`, `agents`, `exports` or `receipts`.
    public static func folder(_ kind: String, besideDatabase path: String) -> String {
        let (folder, name) = ObjectStore.plainSplit(path) ?? {
            let url = URL(fileURLWithPath: path)
            return (url.deletingLastPathComponent().path, url.lastPathComponent)
        }()
        return folder + "/" + (name == "tasker.sqlite" ? kind : name + "." + kind)
    }
}
