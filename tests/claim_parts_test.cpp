// Claims checked by their parts: a win whose defender's replies are mirror images of each other is
// checked as the top plies and each distinct reply's stored proof, and says what the whole tree
// would. Two 7x7 freestyle positions: black's d4 makes two open threes (a plus of five stones, white
// in the corners: its own image under all 8 symmetries, and no reply loses at once); black's d6 in
// the proof set tests' position makes a four and an open three (its own mirror image, columns a-c
// against e-g; every reply but d2 loses to the five at once).
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "book/book.h"
#include "book/book_verify.h"
#include "book/claim_parts.h"
#include "book/position_key.h"
#include "book/stored_proof.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/solve.h"
#include "tests/temp_dir.h"

namespace tengen::book {
namespace {

using gomoku::Color;
using gomoku::Point;
using gomoku::Position;

constexpr int kSize = 7;

Position start(gomoku::Rule rule = gomoku::Rule::Freestyle, const char* stones = "c6,d3,d4,d5,e6/a1,b1,d7,f1,g1") {
  gomoku::PositionOptions o;
  o.rule = rule;
  o.size = kSize;
  return gomoku::parsePosition(stones, o);
}
constexpr const char* kPlus = "c4,d3,d5,e4/a1,a7,g1,g7";  // black's d4 then makes two open threes
Point at(const char* name) { return *gomoku::parsePoint(name, kSize); }

Position after(const Position& p, std::initializer_list<const char*> moves) {
  Position q = p;
  for (const char* m : moves) {
    q.board.place(at(m), q.toMove);
    q.toMove = gomoku::opponent(q.toMove);
  }
  return q;
}

// A book holding black's proof after `move` and each reply on columns a-d except those in `skip`,
// and the top: black's `move` at the start, and at the position after it every reply not skipped.
struct PartsBook {
  tests::TempDir dir{"claim-parts"};
  Book book{dir.sub("book"), Book::Access::Create};
  Position root;
  Position node;

  explicit PartsBook(std::set<std::string> skip = {}, const char* stones = kPlus, const char* move = "d4")
      : root(start(gomoku::Rule::Freestyle, stones)), node(after(root, {move})) {
    for (int col = 0; col <= kSize / 2; ++col)
      for (int row = 0; row < kSize; ++row) {
        const Point reply = node.board.point(col, row);
        if (!node.board.isEmpty(reply) || skip.count(gomoku::formatPoint(reply, kSize))) continue;
        Position part = node;
        part.board.place(reply, Color::White);
        part.toMove = Color::Black;
        gomoku::SolveOptions o;
        o.onlyAttacker = Color::Black;
        const gomoku::SolveResult r = gomoku::solve(part, o);
        EXPECT_EQ(r.value, gomoku::GameValue::BlackWins) << gomoku::formatPoint(reply, kSize);
        storeSolve(book, part, r);
      }
    std::vector<Point> replies;
    for (Point p = 0; p < node.board.cellCount(); ++p)
      if (node.board.isEmpty(p) && !skip.count(gomoku::formatPoint(p, kSize))) replies.push_back(p);
    storeRecords(book, recordsFromStep(root, Color::Black, true, {at(move)}, {}, at(move), 1, 3));
    storeRecords(book, recordsFromStep(node, Color::Black, true, replies, {}, gomoku::kNoPoint, 1, 2));
  }
};

// Every empty point of `p` but those named.
std::set<std::string> allBut(const Position& p, std::set<std::string> kept) {
  std::set<std::string> out;
  for (Point q = 0; q < p.board.cellCount(); ++q)
    if (p.board.isEmpty(q) && !kept.count(gomoku::formatPoint(q, kSize))) out.insert(gomoku::formatPoint(q, kSize));
  return out;
}

// The root's claim checked by its parts, and the whole tree rebuilt and verified as any claim:
// the same verdict over the same records. Returns the whole tree's claim.
StoredClaim expectPartsAgreeWithWhole(const PartsBook& b) {
  const StoredCheck byParts = checkStoredClaim(b.book, b.root.board, b.root.rule, b.root.toMove, Color::Black);
  EXPECT_TRUE(byParts.ok) << byParts.error;
  StoredClaim whole = rebuildStoredClaim(b.book, b.root.board, b.root.rule, b.root.toMove, Color::Black);
  EXPECT_TRUE(whole.ok) << whole.error;
  EXPECT_TRUE(gomoku::checkProof(b.root.board, b.root.toMove, b.root.rule, Color::Black, whole.tree).ok);
  EXPECT_EQ(std::set<std::string>(byParts.keys.begin(), byParts.keys.end()),
            std::set<std::string>(whole.keys.begin(), whole.keys.end()));
  return whole;
}

TEST(ClaimParts, AWinOverMirrorImageRepliesIsCheckedByItsPartsAsTheWholeTreeWouldBe) {
  PartsBook b;
  EXPECT_TRUE(checkedByParts(b.book, b.root.board, b.root.rule, b.root.toMove, Color::Black));
  EXPECT_TRUE(checkedByParts(b.book, b.node.board, b.node.rule, b.node.toMove, Color::Black));
  const StoredClaim whole = expectPartsAgreeWithWhole(b);
  ASSERT_TRUE(whole.ok);
  // The whole tree has a node for each of the 40 replies (7 positions up to the symmetries).
  std::size_t wholeReplies = 0;
  for (const auto& e : whole.tree.nodes[0].children) wholeReplies += whole.tree.nodes[static_cast<std::size_t>(e.node)].children.size();
  EXPECT_EQ(wholeReplies, 40u);
  // A position that is no mirror image of itself is checked whole.
  const Position b2 = after(b.node, {"b2"});
  EXPECT_FALSE(checkedByParts(b.book, b2.board, b2.rule, b2.toMove, Color::Black));
}

TEST(ClaimParts, PartsHandedOverAsTheyPassLeaveOnlyTheTopPositionsInTheCheck) {
  PartsBook b;
  const StoredCheck all = checkStoredClaim(b.book, b.root.board, b.root.rule, b.root.toMove, Color::Black);
  ASSERT_TRUE(all.ok) << all.error;
  std::vector<std::string> handed;
  int parts = 0;
  const StoredCheck top = checkStoredClaim(b.book, b.root.board, b.root.rule, b.root.toMove, Color::Black, 0, {},
                                           [&](const std::vector<std::string>& keys) {
                                             ++parts;
                                             handed.insert(handed.end(), keys.begin(), keys.end());
                                           });
  ASSERT_TRUE(top.ok) << top.error;
  // The root and black's move below it; then each of the 7 distinct replies' parts, in order.
  EXPECT_EQ(top.keys.size(), 2u);
  EXPECT_EQ(parts, 7);
  std::vector<std::string> together = top.keys;
  together.insert(together.end(), handed.begin(), handed.end());
  EXPECT_EQ(together, all.keys);
}

TEST(ClaimParts, RepliesLosingToAFiveAtOnceNeedNoPartAsInTheVerifier) {
  // After black's d6 (a four and an open three) only white's d2 needs a proof: every other reply
  // leaves black the five at d2. The book holds d2's part alone, as a proof would.
  const Position top = start();
  PartsBook b(allBut(after(top, {"d6"}), {"d2"}), "c6,d3,d4,d5,e6/a1,b1,d7,f1,g1", "d6");
  ASSERT_TRUE(checkedByParts(b.book, b.root.board, b.root.rule, b.root.toMove, Color::Black));
  expectPartsAgreeWithWhole(b);
  // Without d2's part the claim fails there, and only there.
  PartsBook none(allBut(after(top, {"d6"}), {}), "c6,d3,d4,d5,e6/a1,b1,d7,f1,g1", "d6");
  const StoredCheck missing = checkStoredClaim(none.book, none.root.board, none.root.rule, none.root.toMove, Color::Black);
  EXPECT_FALSE(missing.ok);
  EXPECT_NE(missing.error.find("the part after d2: "), std::string::npos) << missing.error;
}

TEST(ClaimParts, AMissingPartFailsTheClaimNamingTheReply) {
  // b2 and its images on columns a-d (b6; f2 and f6 are never solved): no proof after any of them.
  PartsBook b({"b2", "b6"});
  const StoredCheck check = checkStoredClaim(b.book, b.root.board, b.root.rule, b.root.toMove, Color::Black);
  EXPECT_FALSE(check.ok);
  EXPECT_NE(check.error.find("the part after b2: "), std::string::npos) << check.error;
  EXPECT_NE(check.error.find("no stored proof about black's win"), std::string::npos) << check.error;
  // verify marks the root unverified and says so.
  std::vector<std::string> lines;
  const VerifyTally tally = verifyClaimsAt(b.book, b.root.board, b.root.rule, b.root.toMove,
                                           [&](const std::string& l) { lines.push_back(l); });
  EXPECT_EQ(tally.failed, 1u);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_NE(lines[0].find("the part after b2"), std::string::npos) << lines[0];
}

TEST(ClaimParts, AForgedPartFailsTheVerifier) {
  // d2 blocks the four: black must play the open four. A forged record there claims the win with
  // no move, marked verified.
  PartsBook b({"d2"}, "c6,d3,d4,d5,e6/a1,b1,d7,f1,g1", "d6");
  const Position d2 = after(b.node, {"d2"});
  const auto forged = recordsFromStep(d2, Color::Black, true, {}, {}, gomoku::kNoPoint, 1, 0);
  storeRecords(b.book, forged);
  markVerified(b.book, {forged.front().first}, Color::Black, true);
  const StoredCheck check = checkStoredClaim(b.book, b.root.board, b.root.rule, b.root.toMove, Color::Black);
  EXPECT_FALSE(check.ok);
  EXPECT_NE(check.error.find("the part after d2: the verifier rejected"), std::string::npos) << check.error;
}

TEST(ClaimParts, OnlyPlainStepsWhereEveryEmptyPointIsAReply) {
  // White's claim where black is to move at a mirror image of itself (after d6 and white's d1 on
  // the axis): under renju black's fouls are no replies, so it is checked whole; in freestyle, by
  // parts. Only the stored steps' shape is read here (the claims are never checked).
  for (gomoku::Rule rule : {gomoku::Rule::Renju, gomoku::Rule::Freestyle}) {
    tests::TempDir dir("claim-parts");
    Book book(dir.sub("book"), Book::Access::Create);
    const Position p = after(start(rule), {"d6", "d1"});
    std::vector<Point> replies;
    for (Point q = 0; q < p.board.cellCount(); ++q)
      if (p.board.isEmpty(q)) replies.push_back(q);
    storeRecords(book, recordsFromStep(p, Color::White, true, replies, {}, gomoku::kNoPoint, 1, 2));
    EXPECT_EQ(checkedByParts(book, p.board, rule, p.toMove, Color::White), rule == gomoku::Rule::Freestyle);
  }
  // A step with an argument (a zone, a threat sequence) is checked whole.
  for (int kind : {0, 1}) {
    tests::TempDir dir("claim-parts");
    Book book(dir.sub("book"), Book::Access::Create);
    const Position node = after(start(), {"d6"});
    proof::Argument<Point> argument;
    argument.kind = kind;
    storeRecords(book, recordsFromStep(node, Color::Black, true, {}, argument, gomoku::kNoPoint, 1, 2));
    EXPECT_EQ(checkedByParts(book, node.board, node.rule, node.toMove, Color::Black), kind == 0);
  }
}

TEST(ClaimParts, AStopRequestEndsTheCheckBetweenPartsNeitherAcceptedNorRejected) {
  PartsBook b;
  int asked = 0;
  const StoredCheck stopped = checkStoredClaim(b.book, b.root.board, b.root.rule, b.root.toMove, Color::Black, 0,
                                               [&] { return ++asked > 3; });
  EXPECT_TRUE(stopped.stopped);
  EXPECT_FALSE(stopped.ok);
  EXPECT_TRUE(stopped.keys.empty());  // nothing to mark verified
  EXPECT_EQ(asked, 4);
  EXPECT_NE(stopped.error.find("stopped before the part after"), std::string::npos) << stopped.error;
  // Asked and never raised, the same check runs to its verdict.
  const StoredCheck whole = checkStoredClaim(b.book, b.root.board, b.root.rule, b.root.toMove, Color::Black, 0,
                                             [&] { return false; });
  EXPECT_TRUE(whole.ok) << whole.error;
  EXPECT_FALSE(whole.stopped);
}

TEST(ClaimParts, VerifyStoppedBetweenPartsOrClaimsLeavesTheClaimUnmarkedAndSaysWhere) {
  PartsBook b;
  const auto rootVerified = [&] {
    return b.book.get(canonicalKey(b.root.board, b.root.rule, b.root.toMove).bytes)->steps[0].verified();
  };
  ASSERT_FALSE(rootVerified());
  const VerifyReport none = [](const std::string& line) { ADD_FAILURE() << line; };
  int asked = 0;
  const VerifyTally between = verifyClaimsAt(b.book, b.root.board, b.root.rule, b.root.toMove, none, [&] { return ++asked > 3; });
  EXPECT_NE(between.stoppedAt.find("stopped before the part after"), std::string::npos) << between.stoppedAt;
  EXPECT_EQ(between.claims, 0u);
  EXPECT_EQ(between.failed, 0u);
  EXPECT_GT(between.positions, 0u);  // the parts checked before the stop, marked as they passed
  EXPECT_FALSE(rootVerified());
  const VerifyTally before = verifyAllClaims(b.book, none, [] { return true; });
  EXPECT_EQ(before.stoppedAt.rfind("before ", 0), 0u) << before.stoppedAt;
  EXPECT_EQ(before.claims, 0u);
  EXPECT_FALSE(rootVerified());
  // Never asked to stop, the same claim is checked and marked.
  const VerifyTally whole = verifyClaimsAt(b.book, b.root.board, b.root.rule, b.root.toMove, none, [] { return false; });
  EXPECT_TRUE(whole.stoppedAt.empty());
  EXPECT_EQ(whole.claims, 1u);
  EXPECT_EQ(whole.failed, 0u);
  EXPECT_TRUE(rootVerified());
}

TEST(ClaimParts, TheStepAboveAPositionCheckedWholeIsCheckedByTheRules) {
  PartsBook b;
  const StoredCheck step = checkStepAbove(b.book, b.root.board, b.root.rule, b.root.toMove, Color::Black);
  ASSERT_TRUE(step.ok) << step.error;
  EXPECT_EQ(step.keys, std::vector<std::string>{canonicalKey(b.root.board, b.root.rule, b.root.toMove).bytes});
  // No stored step of black's there: nothing to check.
  const StoredCheck none = checkStepAbove(b.book, b.node.board, b.node.rule, b.node.toMove, Color::Black);
  EXPECT_FALSE(none.ok);
  EXPECT_NE(none.error.find("no stored one-move win"), std::string::npos) << none.error;
  // Renju: black's h8 makes two open threes (f8 g8 h8, h6 h7 h8), a foul: no step, whatever is below.
  tests::TempDir dir("claim-parts");
  Book renju(dir.sub("book"), Book::Access::Create);
  gomoku::PositionOptions o;
  o.rule = gomoku::Rule::Renju;
  const Position foul = gomoku::parsePosition("f8,g8,h6,h7/a1,a3,a5,a7", o);
  const Point h8 = *gomoku::parsePoint("h8", 15);
  storeRecords(renju, recordsFromStep(foul, Color::Black, true, {h8}, {}, h8, 1, 1));
  const StoredCheck rejected = checkStepAbove(renju, foul.board, foul.rule, foul.toMove, Color::Black);
  EXPECT_FALSE(rejected.ok);
  EXPECT_NE(rejected.error.find("the attacker's move h8 is a foul"), std::string::npos) << rejected.error;
}

}  // namespace
}  // namespace tengen::book
