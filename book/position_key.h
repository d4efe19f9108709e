// Exact book keys: rule, board size, side to move and the stone sets in the canonical
// orientation (the smallest encoding among the 8 symmetries). Mirror images and transpositions
// share a key; two different positions never do.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"

namespace tengen::book {

struct PositionKey {
  std::string bytes;  // the key as stored
  // The symmetry that carries the position as given onto the canonical one: a move m in the
  // caller's frame is applySymmetry(symmetry, m) in the book's frame.
  int symmetry = 0;
};

PositionKey canonicalKey(const gomoku::Board& board, gomoku::Rule rule, gomoku::Color toMove);

// A point stored in a key's frame (a record's move), back in the frame of the position as given
// (`symmetry`: its key's); kNoPoint for anything that is no cell of a size x size board.
gomoku::Point fromKeyFrame(int stored, int symmetry, int size);

// The canonical keys of the positions after each of a list of moves (played by `mover`): the
// same bytes and symmetries canonicalKey gives for each child, built in one pass (the parent's
// stones are mapped through the 8 symmetries once; each child only inserts its stone) and packed
// in one buffer. For listing replies.
struct ChildKeys {
  std::string bytes;            // every key, one after another; all have the same length
  std::size_t keyLength = 0;
  std::vector<int> symmetries;  // per child, as PositionKey::symmetry
  std::size_t size() const { return symmetries.size(); }
  std::string_view key(std::size_t i) const { return std::string_view(bytes).substr(i * keyLength, keyLength); }
};
ChildKeys canonicalChildKeys(const gomoku::Board& board, gomoku::Rule rule, gomoku::Color mover,
                             const std::vector<gomoku::Point>& moves);

// What a key says, with the board rebuilt in the canonical orientation.
struct DecodedKey {
  gomoku::Rule rule = gomoku::Rule::Renju;
  gomoku::Color toMove = gomoku::Color::Black;
  gomoku::Board board;
  std::uint64_t passScope = 0;  // see scopedKey; 0 for a position of the game itself
};
// Throws BookError (book_error.h) when `bytes` is not a well-formed key.
DecodedKey decodeKey(std::string_view bytes);

// The side to move a stored key names (0 black, 1 white), without decoding the rest.
int keyToMove(std::string_view key);

// Positions a proof reaches after a pass are proof devices, not positions of a game, and what a
// zone node's moves answer depends on the whole win after its pass. So each zone node's win after
// the pass is stored apart, in a scope of its own (named in stored_proof.cpp): a proof that reaches
// the same stones by moves, or passes there with another step, never mixes its steps in.
// Scope 0 is the game itself: the plain key.
std::string scopedKey(std::string plainKey, std::uint64_t passScope);

}  // namespace tengen::book
