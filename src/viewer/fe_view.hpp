// What the viewer keeps for forward estimation: the estimate bars' switch and the
// Experiments window (its form, the running experiment's progress and what it produced). The
// app owns the experiment itself and fills this in between frames (app/viewer_app/fe_experiments.cpp).
#pragma once

#include <string>
#include <vector>

#include "core/chart.hpp"

namespace kibitz::viewer {

struct FeExperimentsView {
  bool open = false;               // the Experiments window is shown
  std::vector<std::string> names;  // the experiments there are (from the app)
  int selected = 0;
  int trials = 0;  // 0: the small version's default
  bool running = false;
  float progress = 0.0f;  // 0..1
  std::string stage;      // what is running ("trials 12/20")
  std::string error;
  double seconds = 0.0;             // time spent so far
  std::string summary;              // the last run's summary line
  std::vector<std::string> header;  // and its main table
  std::vector<std::vector<std::string>> rows;
  std::vector<Chart> charts;   // its charts
  int chart = 0;               // the one shown
  bool request_start = false;  // panel -> app
  bool request_stop = false;
};

struct FeView {
  bool bars = true;  // draw each tested successor's interval [c + l*d, c + u*d] against its window
  FeExperimentsView experiments;
};

}  // namespace kibitz::viewer
