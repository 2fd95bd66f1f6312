// kibitz-uci: the UCI chess engine alone (app/play/uci), for the Windows build (no viewer,
// render or CLI): kibitz-uci [--algo A] [--record DIR]; --help, --version.
#include <cstdio>
#include <exception>
#include <iostream>

#include "app/cli/args.hpp"
#include "app/play/uci/uci_session.hpp"
#include "core/error.hpp"
#include "core/failure.hpp"
#include "session/services.hpp"

#ifndef KIBITZ_VERSION
#define KIBITZ_VERSION "unknown"
#endif

int main(int argc, char** argv) {
  kibitz::install_services();
  try {
    const kibitz::cli::Args args(argc, argv, 1, {"algo", "record"}, {"version"});
    if (args.has("version")) {
      std::printf("kibitz-uci %s\n", KIBITZ_VERSION);
      return 0;
    }
    if (!args.positional().empty())
      throw kibitz::InputError("unexpected argument '" + args.positional()[0] + "'");
    kibitz::uci::Session session(args.value_or("algo", "greenblatt"), std::cout);
    session.set_record_dir(args.value_or("record", ""));
    session.run(std::cin);
    return 0;
  } catch (const kibitz::cli::HelpRequested&) {
    std::printf(
        "usage: kibitz-uci [--algo %s] [--record DIR] [--version]   (a UCI chess engine "
        "on stdin and stdout)\n",
        kibitz::uci::engine_names("|").c_str());
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "kibitz-uci: %s\n", kibitz::failure_text(e).c_str());
    return 2;
  }
}
