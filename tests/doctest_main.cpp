// The tests' main: doctest, after the services every program installs (session/services.hpp)
// in the binaries of the layers that have them (session and above: KIBITZ_TEST_SERVICES).
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#ifdef KIBITZ_TEST_SERVICES
#include "session/services.hpp"
#endif

int main(int argc, char** argv) {
#ifdef KIBITZ_TEST_SERVICES
  kibitz::install_services();
#endif
  return doctest::Context(argc, argv).run();
}
