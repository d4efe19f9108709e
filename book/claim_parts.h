// Claims checked by their parts: where the defender's replies are mirror images of each other
// (white's 224 first moves after black's h8 are 35 positions up to the board's symmetries), a
// claim's tree rebuilt whole repeats each reply's proof up to 8 times. Such a claim is checked
// instead as its top plies by the rules and each distinct reply's own claim, rebuilt and verified
// once: the same verdict from the same verifier, without the repetition.
#pragma once

#include <optional>

#include "book/book.h"
#include "book/stored_proof.h"
#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"

namespace tengen::book {

// Whether `attacker`'s stored win at this position is checked by its parts: freestyle or exact
// five, or the defender white (every empty point is a reply the parts must cover); the stored
// step a plain one (no argument), at the defender's node itself or one winning move above it; and
// that node symmetric under one of the board's 7 non-trivial symmetries.
bool checkedByParts(const Book& book, const gomoku::Board& board, gomoku::Rule rule, gomoku::Color toMove,
                    gomoku::Color attacker);

// The check by parts, or nullopt when the claim is not checked so (checkedByParts false). Every
// empty point at the defender's node must leave the attacker a five at once (refuted on the spot,
// as the verifier reads a node's missing replies) or lead to a stored win of the attacker's that
// checkStoredClaim accepts; the attacker's move above it must be legal. `keys`: the top records
// and every part's, or the top records alone when `partChecked` takes each part's as it passes.
// `stop`, asked before each part: true ends the check there, `stopped` set.
std::optional<StoredCheck> checkClaimByParts(const Book& book, const gomoku::Board& board, gomoku::Rule rule,
                                             gomoku::Color toMove, gomoku::Color attacker, const CheckStop& stop = {},
                                             const PartChecked& partChecked = {});

// The attacker's one-move step stored at this position, onto a position whose stored win this
// process has just rebuilt whole and re-checked (a campaign's root above the position it proved):
// that check covers the tree below, so the step is checked by the rules alone (the move on an
// empty point, no foul, the game not decided above it). `keys`: this position's record.
StoredCheck checkStepAbove(const Book& book, const gomoku::Board& board, gomoku::Rule rule, gomoku::Color toMove,
                           gomoku::Color attacker);

}  // namespace tengen::book
