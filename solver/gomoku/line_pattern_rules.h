// How one line window is judged: what the centre stone makes there (five, overline, fours,
// three, potential). The line pattern tables hold its answer for every window.
#pragma once

#include "solver/gomoku/line_pattern.h"

namespace tengen::gomoku {

// The pattern of the window with this table key (see windowKey), under exact five (renju
// black, standard) or five-or-more.
LinePattern judgeLineWindow(int key, bool exactFive);

}  // namespace tengen::gomoku
