# The CLI end to end (native).
add_test(NAME cli COMMAND bash "${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_test.sh"
         "${CMAKE_CURRENT_BINARY_DIR}/cli_work" "$<TARGET_FILE:kibitz>")
# The trace corpus: every algorithm, source and option family recorded, exported, and the
# bench signature and experiments, compared with the hashes in tests/corpus/expected.sha256.
add_test(NAME trace_corpus COMMAND bash "${CMAKE_CURRENT_SOURCE_DIR}/corpus/corpus.sh" --check
         "$<TARGET_FILE:kibitz>" "${CMAKE_CURRENT_BINARY_DIR}/corpus")
