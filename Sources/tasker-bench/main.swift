// Benchmarks (release build): `swift run -c release tasker-bench`. Filled in by the issues.
print("tasker-bench: no benchmarks yet")
