// The line pattern tables, generated at build time by make_line_patterns (judged by
// line_pattern_rules.cpp) and compiled in as constant data: nothing is built when a process starts.
#include "solver/gomoku/line_pattern.h"

namespace tengen::gomoku {

alignas(64) const LinePattern kLinePatterns[] = {
#include "line_pattern_tables.inc"
};
// Unsized above so that a table cut short fails the build instead of reading as empty windows.
static_assert(sizeof(kLinePatterns) == 2 * kWindowKeys * sizeof(LinePattern));

}  // namespace tengen::gomoku
