// The line pattern tables, generated at build time by make_line_patterns (judged by
// line_pattern_rules.cpp) and compiled in as constant data: nothing is built when a process starts.
#include "solver/gomoku/line_pattern.h"

namespace tengen::gomoku {

alignas(64) const LinePattern kLinePatterns[2 * kWindowKeys] = {
#include "line_pattern_tables.inc"
};

}  // namespace tengen::gomoku
