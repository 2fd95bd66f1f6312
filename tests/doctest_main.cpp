// The engine tests' main: the services every program installs (app/services.hpp), then doctest.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "session/services.hpp"

int main(int argc, char** argv) {
  kibitz::install_services();
  return doctest::Context(argc, argv).run();
}
