// What the proof search needs from a game: an AND/OR view of positions for one attacker.
// The search, the table and the proof trees are generic; five-in-a-row (and later Othello)
// plug in by providing a type with this shape.
#pragma once

#include <concepts>
#include <cstdint>
#include <memory>
#include <vector>

#include "solver/proof/proof_numbers.h"

namespace tengen::proof {

// The outcome of looking at a node before searching it.
enum class Expansion : std::uint8_t { Open, Proven, Disproven };

template <class Move>
struct ProofTree;

// Why a node needs fewer children than the rules allow (or none): a game-defined kind and the
// moves that support it, recorded in proofs so that the verifier can re-check the claim. Some
// arguments rest on a proof of their own (a win after a pass, for a relevance zone): `tree`,
// which the proof extractor grafts under the edge `treeMove`.
template <class Move>
struct Argument {
  int kind = 0;  // 0: none
  std::vector<Move> moves;
  std::shared_ptr<const ProofTree<Move>> tree;
  Move treeMove{};
  // A decided node whose `tree` is its own proof (a threat-space win found at the node): the
  // extractor puts the tree in the node's place instead of under an edge.
  bool treeIsNode = false;
};

template <class Move>
struct Child {
  Move move;
  ProofNumbers numbers;  // filled by the search: the table's numbers, or the game's estimate
  std::uint32_t work = 0;  // the search's nodes spent below it so far (the table's, or none)
  // expand() put the game's estimate in `numbers` already (it had it at hand): the search asks
  // estimateAfter() only for the other children the table does not know.
  bool estimated = false;
  // A guide (a guided proof's hint) names this move: the effort-aware choice weighs it as if its
  // proof number and effort were SearchLimits::favouredShift powers of two smaller.
  bool favoured = false;
  // The search has not asked the table for this child yet (see Dfpn::mid: the children of an
  // attacker's node met for the first time are read when picked).
  bool unread = false;
};

// A game position seen by the attacker. expand() either decides the node on the spot, or lists
// the moves that must be searched there. A move may be left out only when the game can show it
// loses for the side playing it, and a node may be decided early only with a reason: both go
// into `argument`, which the game's verifier re-checks.
template <class G>
concept ProofGame = requires(G g, const G cg, typename G::Move m, std::vector<Child<typename G::Move>>& children,
                             Argument<typename G::Move>& argument) {
  // key(): the table key (may identify symmetric positions); exactKey(): this position only.
  { cg.key() } -> std::same_as<std::uint64_t>;
  { cg.exactKey() } -> std::same_as<std::uint64_t>;
  // key() of the position after move m, without playing it (lets the search prefetch).
  { cg.keyAfter(m) } -> std::same_as<std::uint64_t>;
  // Numbers for a position not yet searched, from what the game can see at a glance.
  { cg.estimate() } -> std::same_as<ProofNumbers>;
  // estimate() of the position after move m (the search asks for every child on every visit;
  // a game may answer without playing the move).
  { g.estimateAfter(m) } -> std::same_as<ProofNumbers>;
  { cg.attackerToMove() } -> std::same_as<bool>;
  { g.expand(children, argument) } -> std::same_as<Expansion>;
  g.play(m);
  g.undo();
};

}  // namespace tengen::proof
