// Othello through the generic proof-number search: exact margins proved and disproved, every tree
// re-checked by the plain-rules verifier, which must also refuse trees that were tampered with.
#include <gtest/gtest.h>

#include <bit>
#include <random>

#include "solver/othello/endgame.h"
#include "solver/othello/proof_check.h"
#include "solver/othello/proof_game.h"
#include "solver/othello/prove.h"
#include "solver/othello/symmetry.h"
#include "othello_random.h"

namespace tengen::othello {
namespace {

using Tree = proof::ProofTree<Square>;

TEST(OthelloProof, FourByFourStartIsAWhiteWinByTen) {
  const Position start = Position::start(4);
  const MarginProof r = proveMargin(start, -10, {});
  ASSERT_TRUE(r.proved) << r.error;
  EXPECT_EQ(r.margin, -10);
  EXPECT_GT(r.atLeast.size(), 1u);
  EXPECT_FALSE(r.notAbove.attackerWins);
  // The trees stand on their own before the verifier.
  EXPECT_TRUE(checkOthelloProof(start, Disc::Black, -10, r.atLeast).ok);
  EXPECT_TRUE(checkOthelloProof(start, Disc::Black, -9, r.notAbove).ok);
  std::printf("4x4 start: -10 proved, %llu nodes, %zu + %zu tree nodes\n", static_cast<unsigned long long>(r.nodes),
              r.atLeast.size(), r.notAbove.size());
}

TEST(OthelloProof, AWrongMarginIsNotProved) {
  const Position start = Position::start(4);
  for (const ProofMethod method : {ProofMethod::NullWindow, ProofMethod::Dfpn}) {
    MarginProofOptions o;
    o.method = method;
    const MarginProof low = proveMargin(start, -12, o);  // black reaches -10 > -12: "at least -11" holds
    EXPECT_FALSE(low.proved);
    EXPECT_NE(low.error.find("reaches -11"), std::string::npos) << low.error;
    const MarginProof high = proveMargin(start, -8, o);
    EXPECT_FALSE(high.proved);
    EXPECT_NE(high.error.find("cannot reach -8"), std::string::npos) << high.error;
  }
}

// The first node of `tree` where `chooser` (the side showing one move) is not to move: a node
// listing every reply, with at least two.
int everyReplyNode(const Tree& tree) {
  for (std::size_t i = 0; i < tree.nodes.size(); ++i)
    if (tree.nodes[i].children.size() >= 2) return static_cast<int>(i);
  return -1;
}

TEST(OthelloProof, TheVerifierRefusesTamperedTrees) {
  const Position start = Position::start(4);
  const MarginProof r = proveMargin(start, -10, {});
  ASSERT_TRUE(r.proved) << r.error;

  EXPECT_FALSE(checkOthelloProof(start, Disc::Black, -8, r.atLeast).ok) << "a proof of -10 is no proof of -8";
  EXPECT_FALSE(checkOthelloProof(start, Disc::White, -10, r.atLeast).ok) << "nor a proof for the other side";

  Tree missing = r.notAbove;  // a disproof: black's moves must all be there
  const int node = everyReplyNode(missing);
  ASSERT_GE(node, 0);
  missing.nodes[static_cast<std::size_t>(node)].children.pop_back();
  const OthelloProofCheck m = checkOthelloProof(start, Disc::Black, -9, missing);
  EXPECT_FALSE(m.ok);
  EXPECT_NE(m.error.find("missing"), std::string::npos) << m.error;

  Tree illegal = r.atLeast;
  illegal.nodes[0].children[0].move = 0;  // a1 is no legal first move
  const OthelloProofCheck i = checkOthelloProof(start, Disc::Black, -10, illegal);
  EXPECT_FALSE(i.ok);
  EXPECT_NE(i.error.find("not a legal move"), std::string::npos) << i.error;

  Tree argued = r.atLeast;
  argued.nodes[0].argument.kind = 1;
  EXPECT_FALSE(checkOthelloProof(start, Disc::Black, -10, argued).ok) << "no argument may stand for moves";
}

// Random 6x6 positions with 10 to 13 empty squares: the df-pn proof of the endgame solver's margin
// always succeeds and verifies; so two independent searches and the plain rules agree.
TEST(OthelloProof, AgreesWithTheEndgameSolverOnRandomPositions) {
  std::mt19937 rng(17);
  EndgameSolver solver;
  int checked = 0;
  for (int game = 0; game < 24; ++game) {
    const Position p = randomPosition(rng, 6, 10 + game % 4);
    const EndgameResult exact = solver.solve(p);
    ASSERT_TRUE(exact.exact);
    // df-pn is a search of its own; null-window trees come from the endgame solver. Both verify.
    for (const ProofMethod method : {ProofMethod::Dfpn, ProofMethod::NullWindow}) {
      MarginProofOptions o;
      o.method = method;
      const MarginProof r = proveMargin(p, exact.margin, o);
      ASSERT_TRUE(r.proved) << "game " << game << ": " << r.error;
      EXPECT_GT(r.checkedPositions, 0);
      EXPECT_FALSE(checkOthelloProof(p, p.toMove(), exact.margin + 1, r.atLeast).ok) << "a proof of m is none of m + 1";
    }
    ++checked;
  }
  EXPECT_EQ(checked, 24);
}

TEST(OthelloSymmetry, EightImagesShareOneCanonicalFormAndValue) {
  for (int n : {4, 6, 8})
    for (int sym = 0; sym < kSymmetries; ++sym)
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c) {
          const Square s = r * 8 + c;
          const Square t = transformSquare(sym, s, n);
          ASSERT_TRUE(t % 8 < n && t / 8 < n);
          ASSERT_EQ(transformSquare(inverseSymmetry(sym), t, n), s) << "sym " << sym << " n " << n;
        }
  // After "d3" on 4x4, every image has the same canonical form and the same exact margin.
  Position p = Position::start(4);
  p.play(*parseSquare("d3", 4));
  const CanonicalPosition c = canonicalPosition(p);
  EndgameSolver solver;
  const int margin = solver.solve(p).margin;
  for (int sym = 0; sym < kSymmetries; ++sym) {
    const Position image = transformPosition(sym, p);
    EXPECT_EQ(canonicalPosition(image).position, c.position);
    EXPECT_EQ(solver.solve(image).margin, margin);
    // Moves map with the board: the image's legal moves are the images of the moves.
    Bitboard mapped = 0;
    for (Bitboard m = p.moves(); m; m &= m - 1) mapped |= bit(transformSquare(sym, std::countr_zero(m), 4));
    EXPECT_EQ(image.moves(), mapped);
  }
}

}  // namespace
}  // namespace tengen::othello
