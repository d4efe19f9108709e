// Simulation across positions: the moves of a proof after the defender passes, moved onto a reply
// far from the fight, find that reply's proof in fewer nodes, and the proof is checked as any.
#include <gtest/gtest.h>

#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/simulation_hints.h"
#include "solver/gomoku/solve.h"
#include "solver/gomoku/zobrist.h"

namespace tengen::gomoku {
namespace {

// The first Suisei line after ten plies (black to move; white wins: the horizon walk proves it).
constexpr const char* kSuisei10 = "h8 i9 f6 j9 f8 i10 i8 j8 f9 f7";

SolveResult whiteWin(const Position& p, std::shared_ptr<const ProofGame::Hints> hints = nullptr) {
  SolveOptions o;
  o.onlyAttacker = Color::White;
  o.maxNodes = 200000;
  o.hashMegabytes = 16;
  o.hints = std::move(hints);
  return solve(p, o);
}

TEST(SimulationHints, APassProofsMovesFindAFarReplysProofInFewerNodes) {
  const Position root = parsePosition(kSuisei10, {});
  ASSERT_EQ(root.toMove, Color::Black);
  Position pass = root;
  pass.toMove = Color::White;
  const SolveResult passed = whiteWin(pass);
  ASSERT_EQ(passed.value, GameValue::WhiteWins);
  ProofGame::Hints hints;
  Board scratch = pass.board;
  for (const auto& p : passed.proofs)
    if (p.attacker == Color::White) addSimulationHints(hints, scratch, Color::White, Color::White, p.tree, 0);
  EXPECT_EQ(scratch.hash(), pass.board.hash()) << "the board comes back unchanged";
  ASSERT_FALSE(hints.empty());
  EXPECT_EQ(hints.count(pass.board.hash()), 1u) << "the root's winning move is a hint";

  for (const char* far : {"a1", "o15", "m2"}) {
    Position reply = root;
    const Point m = *parsePoint(far, 15);
    reply.board.place(m, Color::Black);
    reply.toMove = Color::White;
    auto moved = std::make_shared<ProofGame::Hints>();
    for (const auto& [hash, moves] : hints) (*moved)[hash ^ zobristKey(Color::Black, m)] = moves;
    EXPECT_EQ(moved->count(reply.board.hash()), 1u) << far << ": the pass proof's root lands on the reply's root";
    const SolveResult alone = whiteWin(reply), guided = whiteWin(reply, moved);
    EXPECT_EQ(alone.value, GameValue::WhiteWins) << far;
    EXPECT_EQ(guided.value, GameValue::WhiteWins) << far;
    EXPECT_TRUE(guided.verified) << far;
    EXPECT_LT(guided.nodes, alone.nodes) << far;
  }
}

TEST(SimulationHints, ADisproofOrAnEmptyTreeGivesNoHints) {
  ProofGame::Hints hints;
  Board b(15);
  proof::ProofTree<Point> disproof;
  disproof.attackerWins = false;
  disproof.nodes.resize(1);
  addSimulationHints(hints, b, Color::Black, Color::Black, disproof, 0);
  addSimulationHints(hints, b, Color::Black, Color::Black, proof::ProofTree<Point>{}, 0);
  EXPECT_TRUE(hints.empty());
}

}  // namespace
}  // namespace tengen::gomoku
