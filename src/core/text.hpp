// Numbers as people read them in messages and on screen.
#pragma once

#include <string>

namespace kibitz {

// "2,500,000"
std::string thousands(unsigned long long n);
// "12345", or "3.1e+10" from a million on: an estimate's size.
std::string approximate(double v);

}  // namespace kibitz
