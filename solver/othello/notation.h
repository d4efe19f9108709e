// Othello positions as players write them: moves from the start ("f5 d6 c3", run together or
// not, "pass" for a pass) or a 64-cell board string, the board as a diagram, and a margin as a
// result ("black-wins"). Squares alone are in board.h.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include "solver/othello/board.h"

namespace tengen::othello {

// Why a move list names no position: its move `ply` (from 1), written `token`, is off the board
// (what(): "is not a square of the 8x8 board") or illegal (what(): the rules' objection).
class MoveTextError : public std::invalid_argument {
 public:
  MoveTextError(int ply, std::string token, bool offBoard, const std::string& reason)
      : std::invalid_argument(reason), ply_(ply), token_(std::move(token)), offBoard_(offBoard) {}
  int ply() const { return ply_; }
  const std::string& token() const { return token_; }
  bool offBoard() const { return offBoard_; }

 private:
  int ply_;
  std::string token_;
  bool offBoard_;
};

// The position `text` names on an n x n board: a board string (parseBoardString, 8x8 only,
// scored by `scoring`) or moves from the start. Throws MoveTextError for a move that is off the
// board or illegal, std::invalid_argument for a malformed board string.
Position parsePosition(std::string_view text, int n, StartKind start, Scoring scoring);
// Whether `text` is a board string rather than moves.
bool isBoardString(std::string_view text);

// The board, row 1 at the top as Othello programs print it: X black, O white, * a legal move of
// the side to move, . empty; columns lettered above, rows numbered on the left.
std::string diagram(const Position& p);

// "black-wins", "white-wins" or "draw": what a final margin for the side to move means.
std::string resultName(int margin, Disc toMove);
inline const char* discName(Disc d) { return d == Disc::Black ? "black" : "white"; }

}  // namespace tengen::othello
