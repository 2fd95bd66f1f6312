// kibitz uci: a UCI chess engine on stdin/stdout (app/uci/uci_session.hpp).
#include <iostream>

#include "app/cli/args.hpp"
#include "app/cli/commands.hpp"
#include "app/play/uci/uci_session.hpp"
#include "core/error.hpp"

namespace kibitz::cli {

int cmd_uci(int argc, char** argv) {
  const Args args(argc, argv, 0, {"algo", "record"}, {});
  if (!args.positional().empty())
    throw InputError("unexpected argument '" + args.positional()[0] + "'");
  uci::Session session(args.value_or("algo", "greenblatt"), std::cout);
  session.set_record_dir(args.value_or("record", ""));  // as setoption name RecordDir
  session.run(std::cin);
  return 0;
}

}  // namespace kibitz::cli
