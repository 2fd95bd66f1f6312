# CLI tests: exit codes and messages of the real binary.
