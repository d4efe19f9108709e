// Estimates handed with the moves: where expand() gives the attacker's moves their numbers
// (Child::estimated), they are exactly what estimateAfter() says, at the first expansion and
// again from the expansion cache after the history counts moved, so handing them changes no
// search. Full mode on the first Kagetsu line (black attacks), VCT mode on vct_small_but_long.
#include <gtest/gtest.h>

#include <algorithm>

#include "solver/gomoku/position.h"
#include "solver/gomoku/proof_game.h"
#include "solver/gomoku/threats.h"
#include "test_boards.h"

namespace tengen::gomoku {
namespace {

using testing::boardOf;

// Every handed child's numbers against estimateAfter(); how many children were handed.
int expectHandedEqualEstimates(ProofGame& game, const std::vector<proof::Child<Point>>& children) {
  int handed = 0;
  for (const auto& c : children) {
    if (!c.estimated) continue;
    ++handed;
    const proof::ProofNumbers want = game.estimateAfter(c.move);
    EXPECT_EQ(c.numbers.pn, want.pn) << "move " << c.move;
    EXPECT_EQ(c.numbers.dn, want.dn) << "move " << c.move;
  }
  return handed;
}

// Black's full-mode node on a renju game's position, its threat probes off so that no probe may
// settle it: expand() lists the moves.
struct FullModeNode {
  explicit FullModeNode(const char* moves)
      : pos(parsePosition(moves, PositionOptions{})), game(pos.board, pos.toMove, pos.rule, Color::Black, ProofMode::Full) {
    game.setThreatProbes(0, 0);
  }
  // The node's moves as expand() lists them (from the expansion cache after the first call).
  std::vector<proof::Child<Point>> listMoves() {
    std::vector<proof::Child<Point>> children;
    proof::Argument<Point> argument;
    EXPECT_EQ(game.expand(children, argument), proof::Expansion::Open);
    return children;
  }
  Position pos;
  ProofGame game;
};

TEST(HandedEstimates, FullModeAttackersMovesAtFirstAndCachedExpansions) {
  FullModeNode node("h8 h9 i9 j10 g8 i8 g10 h7 e8 g7 f9 d7 f8 d8 h11 i12");
  ProofGame& game = node.game;
  const std::vector<proof::Child<Point>> children = node.listMoves();
  const int handed = expectHandedEqualEstimates(game, children);
  EXPECT_EQ(handed, static_cast<int>(children.size()));
  // A quiet move (no three, no four) that wins elsewhere is tried sooner: its estimate falls.
  Point quiet = kNoPoint;
  std::uint32_t before = 0;
  for (const auto& c : children)
    if (c.numbers.pn > 2) quiet = c.move, before = c.numbers.pn;
  ASSERT_NE(quiet, kNoPoint);
  game.noteWin(quiet);
  const std::vector<proof::Child<Point>> again = node.listMoves();  // from the expansion cache
  ASSERT_EQ(again.size(), children.size());
  EXPECT_EQ(expectHandedEqualEstimates(game, again), handed);
  for (const auto& c : again) {
    if (c.move == quiet) {
      EXPECT_LT(c.numbers.pn, before);
    }
  }
}

TEST(HandedEstimates, VctAttackersMovesAtFirstAndCachedExpansions) {
  ProofGame game(boardOf("f8,h8,g7,g5/g8,f7,h7,h6"), Color::Black, Rule::Renju, Color::Black, ProofMode::Vct, 255, 3);
  std::vector<proof::Child<Point>> children;
  proof::Argument<Point> argument;
  ASSERT_EQ(game.expand(children, argument), proof::Expansion::Open);
  const int handed = expectHandedEqualEstimates(game, children);
  EXPECT_GT(handed, 0);
  EXPECT_EQ(handed, static_cast<int>(children.size()));
  std::vector<proof::Child<Point>> again;
  ASSERT_EQ(game.expand(again, argument), proof::Expansion::Open);
  EXPECT_EQ(expectHandedEqualEstimates(game, again), handed);
}

// Full mode lists the attacker's moves by how much they build (buildPotential, most first), so
// the search's ties among equal estimates (every quiet move's) go to the constructive moves, not
// to the board's corner; the cached expansion keeps that order.
TEST(HandedEstimates, FullModeAttackersMovesMostBuildingFirst) {
  FullModeNode node("h8 h9 i9 j10 g8 i8 g10 g9 e8 f9 d9 d8 e10 d11");
  const std::vector<proof::Child<Point>> children = node.listMoves();
  ASSERT_GT(children.size(), 100u);
  std::vector<int> potentials;
  for (const auto& c : children) potentials.push_back(buildPotential(node.pos.board, c.move, Color::Black, node.pos.rule));
  EXPECT_TRUE(std::is_sorted(potentials.rbegin(), potentials.rend()));
  EXPECT_GT(potentials.front(), potentials.back());  // the order is not the board's by accident
  const std::vector<proof::Child<Point>> again = node.listMoves();  // from the expansion cache
  ASSERT_EQ(again.size(), children.size());
  for (std::size_t i = 0; i < again.size(); ++i) EXPECT_EQ(again[i].move, children[i].move);
}

}  // namespace
}  // namespace tengen::gomoku
