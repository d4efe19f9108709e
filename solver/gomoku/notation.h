// RIF coordinates: columns a.. from the left, rows 1..N from the bottom; h8 is the centre of 15x15.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "solver/gomoku/types.h"

namespace tengen::gomoku {

// Parses a point such as "h8" or "T20" (case-insensitive). Returns nullopt and sets `error`
// to a one-line reason when the text is malformed or off a size x size board.
std::optional<Point> parsePoint(std::string_view text, int size, std::string* error = nullptr);

// Lowercase RIF name of p.
std::string formatPoint(Point p, int size);

// The length of the well-formed UTF-8 character at text[i] (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF), or 0 when the bytes there are not one.
std::size_t utf8Length(std::string_view text, std::size_t i);

// User text as it may stand in a one-line message: control characters (C0, DEL and C1) and bytes
// that are not UTF-8 written as \xNN, and cut after `limit` bytes ("...(N bytes)"). Plain text
// comes back as it was.
std::string printable(std::string_view text, std::size_t limit = 200);
// The same between single quotes, cut sooner: for a token of the user's input.
std::string quoted(std::string_view text, std::size_t limit = 40);

// The candidate closest to `word` by edit distance (letters compared without case; a swap of two
// neighbours counts one), when it is at most `maxDistance` away and nearer than half the word:
// for "did you mean" hints.
std::optional<std::string_view> closestWord(std::string_view word, const std::vector<std::string_view>& candidates,
                                            std::size_t maxDistance = 2);

// The RIF names of a line of moves, joined by `separator`.
std::string formatMoves(const std::vector<Point>& moves, int size, std::string_view separator = " ");
// A line with its length as players say it: "h8 h9 i9 (3 moves)".
std::string formatLine(const std::vector<Point>& moves, int size);

}  // namespace tengen::gomoku
