# The CLI end to end (native).
add_test(NAME cli COMMAND bash "${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_test.sh"
         "${CMAKE_CURRENT_BINARY_DIR}/cli_work" "$<TARGET_FILE:kibitz>")
# The trace corpus: every algorithm, source and option family recorded, exported, and the
# bench signature and experiments, compared with the hashes in tests/corpus/expected.sha256.
# Experiments and matches split into shards under GNU parallel and merged (--shard, kibitz merge).
add_test(NAME shards COMMAND bash "${CMAKE_CURRENT_SOURCE_DIR}/cli/shard_test.sh" "$<TARGET_FILE:kibitz>")
add_test(NAME trace_corpus COMMAND bash "${CMAKE_CURRENT_SOURCE_DIR}/corpus/corpus.sh" --check
         "$<TARGET_FILE:kibitz>" "${CMAKE_CURRENT_BINARY_DIR}/corpus")
# The layers: every #include in src/ points down (tests/layers/check_layers.sh), and the check
# itself catches an injected violation. Small files and functions (check_sizes.py).
add_test(NAME layers COMMAND bash "${CMAKE_CURRENT_SOURCE_DIR}/layers/check_layers.sh" "${CMAKE_SOURCE_DIR}/src")
add_test(NAME layers_self_test COMMAND bash "${CMAKE_CURRENT_SOURCE_DIR}/layers/check_layers.sh" --self-test)
# ... and the compiler refuses such an include: each layer's include root holds only its layers.
add_test(NAME layers_compile COMMAND bash "${CMAKE_CURRENT_SOURCE_DIR}/layers/compile_check.sh"
         "${CMAKE_CXX_COMPILER}" "${KIBITZ_INCLUDE_ROOTS}")
add_test(NAME sizes COMMAND python3 "${CMAKE_CURRENT_SOURCE_DIR}/layers/check_sizes.py" "${CMAKE_SOURCE_DIR}/src")
add_test(NAME sizes_self_test COMMAND python3 "${CMAKE_CURRENT_SOURCE_DIR}/layers/check_sizes.py" "${CMAKE_SOURCE_DIR}/src" --self-test)
# Format-1 files recorded before format 2 existed (tests/corpus/v1/): each opens and shows
# exactly what the last format-1 Kibitz showed (its JSON export and replays).
add_test(NAME v1_corpus COMMAND bash "${CMAKE_CURRENT_SOURCE_DIR}/corpus/v1/v1_corpus.sh"
         "$<TARGET_FILE:kibitz>" "${CMAKE_CURRENT_BINARY_DIR}/v1_corpus")
