# The CLI end to end (native).
add_test(NAME cli COMMAND bash "${CMAKE_CURRENT_SOURCE_DIR}/cli/cli_test.sh"
         "${CMAKE_CURRENT_BINARY_DIR}/cli_work" "$<TARGET_FILE:kibitz>")
