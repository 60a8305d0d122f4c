import TaskCore
import TaskToolkit
@testable import TaskREPL

extension Intent {
    /// The typed call the JSON door builds from these arguments: router tests compare the router's
    /// calls with it, so a rule and `tasker call` can never mean different things.
    static func tool(name: String, arguments: JSONValue) -> Intent {
        let type = TaskToolkit.standardTools.first { $0.definition.name == name }!
        return .tool(try! type.init(ToolArguments(tool: name, values: arguments.objectValue ?? [:])))
    }
}
