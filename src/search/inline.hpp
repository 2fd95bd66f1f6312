// Forced inlining for the steps in every search's innermost loop: they must inline, or wasm
// builds (with -fexceptions) pay a call, with an exception landing pad, per step.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define KIBITZ_STEP inline __attribute__((always_inline))
#else
#define KIBITZ_STEP inline
#endif
