// Fixed Zobrist keys for stones, so hashes are the same in every run and on every rank.
#pragma once

#include <cstdint>

#include "solver/gomoku/types.h"

namespace tengen::gomoku {

std::uint64_t zobristKey(Color c, Point p);

}  // namespace tengen::gomoku
