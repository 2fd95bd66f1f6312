# Installing Kibitz (cmake --install) and its Debian package (cpack -G DEB), docs/packages.md:
# the CLI, the desktop program with a .desktop entry, an icon and the .kbz MIME type (so a
# double-click opens the viewer), the assets, the recorders (include/kibitz), a man page made
# from `kibitz --help` by help2man, the bash completion made by `kibitz completion bash`, and
# the page when it has been built and published (build/web/publish, or -DKIBITZ_WEB_SITE=DIR).
include(GNUInstallDirs)

set(KIBITZ_WEB_SITE "${CMAKE_SOURCE_DIR}/build/web/publish" CACHE PATH
    "The published page (scripts/publish.mjs) the package installs under share/kibitz/web, when it exists")

install(TARGETS kibitz RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
if(TARGET kibitz-desktop)
  install(TARGETS kibitz-desktop RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
  install(FILES ${CMAKE_SOURCE_DIR}/packaging/kibitz.desktop
          DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
  install(FILES ${CMAKE_SOURCE_DIR}/packaging/kibitz-mime.xml
          DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME kibitz.xml)
  install(FILES ${CMAKE_SOURCE_DIR}/packaging/kibitz.svg
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
endif()
install(DIRECTORY ${CMAKE_SOURCE_DIR}/assets/ DESTINATION ${CMAKE_INSTALL_DATADIR}/kibitz/assets)
install(FILES ${CMAKE_SOURCE_DIR}/include/kibitz/record.h ${CMAKE_SOURCE_DIR}/include/kibitz/record.mjs
              ${CMAKE_SOURCE_DIR}/include/kibitz/record.py
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/kibitz)
install(FILES ${CMAKE_SOURCE_DIR}/packaging/copyright DESTINATION ${CMAKE_INSTALL_DOCDIR})
if(KIBITZ_WEB_SITE)
  # OPTIONAL: a package made before the page was built and published has no page.
  install(DIRECTORY ${KIBITZ_WEB_SITE}/ DESTINATION ${CMAKE_INSTALL_DATADIR}/kibitz/web OPTIONAL)
endif()

# Made from the built program: its man page, its bash completion and the changelog.
find_program(KIBITZ_HELP2MAN help2man)
find_program(KIBITZ_GZIP gzip)
set(generated ${CMAKE_BINARY_DIR}/packaging)
if(KIBITZ_HELP2MAN AND KIBITZ_GZIP)
  add_custom_command(
    OUTPUT ${generated}/kibitz.1.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${generated}
    COMMAND ${KIBITZ_HELP2MAN} --no-info --section 1 --name "game-tree search visualiser: search, record, replay, render"
            --output ${generated}/kibitz.1 $<TARGET_FILE:kibitz>
    COMMAND ${KIBITZ_GZIP} -n -9 -f ${generated}/kibitz.1
    DEPENDS kibitz VERBATIM)
  set(man_pages ${generated}/kibitz.1.gz)
  if(TARGET kibitz-desktop)
    add_custom_command(
      OUTPUT ${generated}/kibitz-desktop.1.gz
      COMMAND ${CMAKE_COMMAND} -E make_directory ${generated}
      COMMAND ${KIBITZ_HELP2MAN} --no-info --section 1 --no-discard-stderr
              --name "the Kibitz viewer: replay a game-tree search"
              --output ${generated}/kibitz-desktop.1 $<TARGET_FILE:kibitz-desktop>
      COMMAND ${KIBITZ_GZIP} -n -9 -f ${generated}/kibitz-desktop.1
      DEPENDS kibitz-desktop VERBATIM)
    list(APPEND man_pages ${generated}/kibitz-desktop.1.gz)
  endif()
  add_custom_command(
    OUTPUT ${generated}/changelog.gz
    COMMAND ${CMAKE_COMMAND} -E make_directory ${generated}
    COMMAND ${CMAKE_COMMAND} -E copy ${CMAKE_SOURCE_DIR}/packaging/changelog ${generated}/changelog
    COMMAND ${KIBITZ_GZIP} -n -9 -f ${generated}/changelog
    DEPENDS ${CMAKE_SOURCE_DIR}/packaging/changelog VERBATIM)
  add_custom_command(
    OUTPUT ${generated}/kibitz.bash
    COMMAND ${CMAKE_COMMAND} -E make_directory ${generated}
    COMMAND $<TARGET_FILE:kibitz> completion bash > ${generated}/kibitz.bash
    DEPENDS kibitz VERBATIM)
  add_custom_target(kibitz_package_files ALL
                    DEPENDS ${man_pages} ${generated}/changelog.gz ${generated}/kibitz.bash)
  install(FILES ${man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  install(FILES ${generated}/changelog.gz DESTINATION ${CMAKE_INSTALL_DOCDIR})
  install(FILES ${generated}/kibitz.bash DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
          RENAME kibitz)
endif()

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME kibitz)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "the Kibitz developers <team@kibitz.dev>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "game-tree search visualiser")
set(CPACK_PACKAGE_DESCRIPTION
    "Kibitz shows a game-tree search as it unfolds: every alpha, beta, best and\nreturn value, every node kind and cutoff, for alpha-beta, PVS, interest\nsearch, forward estimation and the Greenblatt chess program, over trees,\ntic-tac-toe, connect four, Othello and chess. It plays as a UCI chess\nengine and records other engines' searches.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://kibitz.invalid/")
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
