// The 26 canonical renju openings (RIF): black h8, white h9 (direct, D1-D13) or i9 (indirect,
// I1-I13), and black's third move. Mirror images are the same opening.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "solver/gomoku/board.h"

namespace tengen::gomoku {

struct Opening {
  std::string_view code;   // "D4"
  std::string_view name;   // "Kagetsu"
  std::string_view moves;  // "h8 h9 i9"
  // What the renju literature (the seed table of the project's design notes) says of it:
  // "black-wins", "white-wins", or empty where the table says nothing.
  std::string_view assessment;
};

const std::array<Opening, 26>& openings();

// The opening named by a code or a name, case-insensitive ("d4", "Kagetsu").
std::optional<Opening> findOpening(std::string_view codeOrName);

// The opening a 15x15 game starts with: its first three moves (black, white, black) matched with
// the 26 in any of the 8 orientations; nullopt for fewer moves, another size or no match.
std::optional<Opening> openingOf(const Board& board);

}  // namespace tengen::gomoku
