// The two VCT cuts taken from quintet, on hand-made freestyle positions where each must and must
// not fire: a short VCF of the attacker's to move settles its node with the line as the node's
// proof (within the move limit only), and a short VCF of the defender's to move refutes the
// attacker's last move.
#include <gtest/gtest.h>

#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/proof_game.h"
#include "test_boards.h"

namespace tengen::gomoku {
namespace {

using testing::boardOf;
using testing::pt;

// X's closed three h8 i8 j8 (O on g8) and X's k9 k10: k8 is a four (its one five point l8) and
// then k7 or k11 an open four on column k. No one-move VCF: no straight four, no double four.
constexpr const char* kTwoFourVcf = "h8,i8,j8,k9,k10/g8,a1,a3,a5,a7";

// A freestyle VCT with black attacking and `toMove` to play, expanded once.
struct Expanded {
  proof::Expansion expansion;
  std::vector<proof::Child<Point>> children;
  proof::Argument<Point> argument;
};
Expanded expandVct(const char* stones, Color toMove, int moveLimit) {
  ProofGame game(boardOf(stones, 15, Rule::Freestyle), toMove, Rule::Freestyle, Color::Black, ProofMode::Vct,
                 moveLimit);
  Expanded e;
  e.expansion = game.expand(e.children, e.argument);
  return e;
}

TEST(VctCuts, AttackersShortVcfSettlesItsNodeWithAVerifiedLine) {
  const Expanded e = expandVct(kTwoFourVcf, Color::Black, 2);
  ASSERT_EQ(e.expansion, proof::Expansion::Proven);
  ASSERT_TRUE(e.argument.treeIsNode);
  ASSERT_TRUE(e.argument.tree);
  const auto& tree = *e.argument.tree;
  EXPECT_TRUE(tree.attackerWins);
  ASSERT_EQ(tree.nodes.size(), 4u);  // four, block, open four, the lost defender's node
  EXPECT_EQ(tree.nodes[0].children[0].move, pt("k8"));
  EXPECT_EQ(tree.nodes[1].children[0].move, pt("l8"));
  EXPECT_EQ(tree.nodes[0].depth, 3);
  const Board board = boardOf(kTwoFourVcf, 15, Rule::Freestyle);
  const ProofCheck check = checkProof(board, Color::Black, Rule::Freestyle, Color::Black, tree);
  EXPECT_TRUE(check.ok) << check.error;
}

TEST(VctCuts, AttackersVcfLongerThanTheMovesLeftDoesNotFire) {
  // One attacker move left: a two-four VCF is beyond the limit, the node keeps its moves.
  const Expanded e = expandVct(kTwoFourVcf, Color::Black, 1);
  EXPECT_EQ(e.expansion, proof::Expansion::Open);
  EXPECT_FALSE(e.argument.tree);
}

// Black (the attacker) has an open three c12 d12 e12 on row 12; white, to move, has the same
// two-four VCF as above with the colours swapped (with k10: fires; without: white's k8 four
// leads nowhere).
constexpr const char* kDefenderVcf = "c12,d12,e12,g8,a1/h8,i8,j8,k9,k10";
constexpr const char* kDefenderNoVcf = "c12,d12,e12,g8,a1/h8,i8,j8,k9,a3";

TEST(VctCuts, DefendersShortVcfRefutesTheAttackersMove) {
  EXPECT_EQ(expandVct(kDefenderVcf, Color::White, 10).expansion, proof::Expansion::Disproven);
}

TEST(VctCuts, DefenderWithoutAShortVcfMustAnswerTheThreat) {
  const Expanded e = expandVct(kDefenderNoVcf, Color::White, 10);
  ASSERT_EQ(e.expansion, proof::Expansion::Open);
  // The answers to the open three: its ends and the far ends, and white's four k8 among them.
  bool blocksB12 = false, fourK8 = false;
  for (const auto& c : e.children) {
    blocksB12 |= c.move == pt("b12");
    fourK8 |= c.move == pt("k8");
  }
  EXPECT_TRUE(blocksB12);
  EXPECT_TRUE(fourK8);
}

TEST(VctCuts, ANodeDecidedByTheLimitSaysSoWhenAKeptGameMeetsItAgain) {
  // The null-move search keeps one game across its searches (reset() to each new board): an
  // expansion read back from its cache must still report that the move limit decided it, or a
  // deepening search would stop at a limit that was in fact the cause.
  const Board board = boardOf(kTwoFourVcf, 15, Rule::Freestyle);
  ProofGame game(board, Color::Black, Rule::Freestyle, Color::Black, ProofMode::Vct, 1);
  auto expandAfterOneExchange = [&] {
    game.play(pt("k8"));
    game.play(pt("l8"));  // black to move with no moves left
    std::vector<proof::Child<Point>> children;
    proof::Argument<Point> argument;
    const proof::Expansion e = game.expand(children, argument);
    game.undo();
    game.undo();
    return e;
  };
  EXPECT_EQ(expandAfterOneExchange(), proof::Expansion::Disproven);
  EXPECT_TRUE(game.limitReached());
  game.reset(board, Color::Black, 1);
  EXPECT_FALSE(game.limitReached());
  EXPECT_EQ(expandAfterOneExchange(), proof::Expansion::Disproven);  // from the cache this time
  EXPECT_TRUE(game.limitReached());
}

}  // namespace
}  // namespace tengen::gomoku
