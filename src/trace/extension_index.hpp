// What an extension derives once per model for its views and narration (an index over its
// records, e.g. forward estimation's tests per node): built after the model's nodes by the
// extension's TraceExtension::build_index, kept by the model, and read back through the
// extension's own typed accessor (fe_index(model), interest_index(model)). The model names
// no extension's index.
#pragma once

namespace kibitz::trace {

struct ExtensionIndex {
  virtual ~ExtensionIndex() = default;
};

}  // namespace kibitz::trace
