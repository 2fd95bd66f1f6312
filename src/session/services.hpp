// What the app tells the layers that know no game rules: how to name a chess move recorded as
// bits (the trace layer's narration and Greenblatt views) and how to break a chess evaluation
// into its terms (the viewer's Board tab). Every program installs them at start.
#pragma once

namespace kibitz {

// Installs the trace layer's chess move namer (trace/move_names.hpp).
void install_services();

}  // namespace kibitz
