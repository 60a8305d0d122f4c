// Benchmarks, release build: `swift run -c release tasker-bench [NAME…]` (all when no name is given).
// Each benchmark prints its figures next to its target; see docs/PERFORMANCE.md.
import Foundation

let benchmarks: [(name: String, run: () throws -> Void)] = [
    ("store", StoreBenchmark.run),
    ("parser", ParserBenchmark.run),
    ("toolkit", ToolkitBenchmark.run),
    ("mcp", MCPBenchmark.run),
    ("repl", REPLBenchmark.run),
    ("plan-calendar", PlanCalendarBenchmark.run),
    ("sealed-search", SealedSearchBenchmark.run),
]

let wanted = Set(CommandLine.arguments.dropFirst())
for benchmark in benchmarks where wanted.isEmpty || wanted.contains(benchmark.name) {
    print("== \(benchmark.name)")
    do { try benchmark.run() } catch { print("\(benchmark.name) failed: \(error)") }
}
