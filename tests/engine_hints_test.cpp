// A guided proof's hints from an engine: which positions the engine is asked about, which of its
// answers become hints, and an outside engine driven through the Gomocup protocol (tengen's own
// binary, and small scripts that misbehave).
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <fstream>
#include <mutex>
#include <thread>
#include <functional>
#include <set>
#include <string>

#include "engine/engine_hints.h"
#include "engine/external_engine.h"
#include "solver/gomoku/move_oracle.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/solve.h"
#include "tests/temp_dir.h"

namespace tengen {
namespace {

using gomoku::Board;
using gomoku::Color;
using gomoku::Point;

gomoku::Position position(const std::string& moves, gomoku::Rule rule = gomoku::Rule::Renju) {
  gomoku::PositionOptions o;
  o.rule = rule;
  return gomoku::parsePosition(moves, o);
}

Point pt(const std::string& name) { return *gomoku::parsePoint(name, 15); }

TEST(EngineHints, TheAttackersPositionsAreAskedAndTheDefendersRepliesNearTheStonesFollowed) {
  // Black to move after two stones; black attacks: asked at the root, then (three plies) after
  // each white reply within two cells of a stone to black's named move.
  const gomoku::Position root = position("h8 h9");
  std::set<std::uint64_t> seen;
  int whiteToMove = 0;
  const engine::MoveOracle oracle = [&](const Board& b, Color c) -> std::optional<Point> {
    EXPECT_TRUE(seen.insert(b.hash()).second) << "a position asked twice";
    EXPECT_EQ(c, Color::Black);
    whiteToMove += c == Color::White;
    for (Point p : {pt("h7"), pt("g7"), pt("j7")})  // the first of these that is empty
      if (b.isEmpty(p)) return p;
    return std::nullopt;
  };
  engine::EngineHintOptions o;
  o.plies = 3;
  o.attacker = Color::Black;
  const engine::EngineHints h = engine::engineHints(root, oracle, o);
  // After h7, white's replies within two cells of h7, h8, h9: a 5x7 block less the 3 stones.
  EXPECT_EQ(h.asked, 1 + 32);
  EXPECT_EQ(h.answered, h.asked);
  EXPECT_EQ(whiteToMove, 0);
  Board b = root.board;
  ASSERT_TRUE(h.hints->count(b.hash()));
  EXPECT_EQ(h.hints->at(b.hash()), std::vector<Point>{pt("h7")});
  b.place(pt("h7"), Color::Black);
  b.place(pt("h10"), Color::White);
  ASSERT_TRUE(h.hints->count(b.hash()));
  EXPECT_EQ(h.hints->at(b.hash()), std::vector<Point>{pt("g7")});
  b.undo();
  b.place(pt("a1"), Color::White);  // too far from the stones to be followed
  EXPECT_FALSE(h.hints->count(b.hash()));
}

TEST(EngineHints, AFoulOrAnOccupiedPointNamedIsNoHint) {
  // Black's h8 would be a double three (renju): the engine naming it gives no hint.
  gomoku::PositionOptions blackToMove;
  blackToMove.toMove = Color::Black;
  const gomoku::Position foul = gomoku::parsePosition("f8,g8,h6,h7/a1,a2,o1,o15", blackToMove);
  Board scratch = foul.board;
  ASSERT_EQ(gomoku::forbiddenKind(scratch, pt("h8"), Color::Black, gomoku::Rule::Renju),
            gomoku::ForbiddenKind::DoubleThree);
  engine::EngineHintOptions o;
  o.plies = 1;
  o.attacker = Color::Black;
  const auto foulHints = engine::engineHints(foul, [&](const Board&, Color) { return pt("h8"); }, o);
  EXPECT_EQ(foulHints.asked, 1);
  EXPECT_EQ(foulHints.answered, 0);
  EXPECT_TRUE(foulHints.hints->empty());
  const auto takenHints = engine::engineHints(foul, [&](const Board&, Color) { return pt("f8"); }, o);
  EXPECT_EQ(takenHints.answered, 0);
}

// Black to move after 22 moves of a Kagetsu game: black wins, in some two thousand nodes.
const char* const kKagetsuPly22 = "h8 h9 i9 j10 g8 i8 g10 h7 e8 g7 f9 d7 f8 d8 h11 i12 f7 f10 g11 g9 e11 f11";

// Black's win asked, with an oracle that records its questions and answers with `answer`.
struct OracleRun {
  gomoku::SolveResult result;
  std::vector<std::pair<std::uint64_t, Color>> questions;  // board hash, side to move
};
OracleRun solveWithOracle(std::uint64_t afterNodes, int maxQuestions, std::function<std::optional<Point>(const Board&)> answer) {
  OracleRun run;
  gomoku::SolveOptions o;
  o.maxNodes = 1000000;
  o.onlyAttacker = Color::Black;
  o.oracle = [&](const Board& b, Color c) -> std::optional<Point> {
    run.questions.emplace_back(b.hash(), c);
    return answer(b);
  };
  o.oracleAfterNodes = afterNodes;
  o.oracleQuestions = maxQuestions;
  run.result = gomoku::solve(position(kKagetsuPly22), o);
  return run;
}

TEST(OracleInSearch, AskedOnceAtEachAttackersNodeTheSearchComesBackTo) {
  const OracleRun run = solveWithOracle(64, 1000, [](const Board&) { return std::nullopt; });
  EXPECT_EQ(run.result.value, gomoku::GameValue::BlackWins);
  EXPECT_TRUE(run.result.verified) << run.result.verifyError;
  ASSERT_GT(run.questions.size(), 1u);  // the root, and nodes below it the search came back to
  std::set<std::uint64_t> seen;
  for (const auto& [hash, toMove] : run.questions) {
    EXPECT_EQ(toMove, Color::Black);  // the attacker's nodes only
    EXPECT_TRUE(seen.insert(hash).second) << "a position asked twice";
  }
  // The search without answers is the plain one: the same nodes as with no oracle at all.
  const OracleRun none = solveWithOracle(std::uint64_t{1} << 40, 1000, [](const Board&) { return std::nullopt; });
  EXPECT_EQ(none.questions.size(), 1u);  // the root only
  EXPECT_EQ(none.result.nodes, run.result.nodes);
  // At most the questions allowed.
  EXPECT_EQ(solveWithOracle(64, 2, [](const Board&) { return std::nullopt; }).questions.size(), 2u);
}

TEST(OracleInSearch, BelowTheRootAskedOnceTheSearchHasSpentEnoughThere) {
  // Two plies below the root, black (the attacker) to move: listed without a question, and
  // asked only when the search comes back having spent 100 nodes below it.
  const gomoku::Position pos = position(kKagetsuPly22);
  gomoku::ProofGame game(pos.board, pos.toMove, pos.rule, Color::Black, gomoku::ProofMode::Full);
  int asked = 0;
  game.setOracle([&](const Board&, Color c) -> std::optional<Point> {
    EXPECT_EQ(c, Color::Black);
    ++asked;
    return std::nullopt;
  }, 100, 10);
  game.play(pt("a15"));
  game.play(pt("o1"));
  std::vector<proof::Child<Point>> children;
  proof::Argument<Point> argument;
  for (const std::uint64_t spent : {0, 0, 99}) {
    game.noteEffort(spent);
    ASSERT_EQ(game.expand(children, argument), proof::Expansion::Open);
    EXPECT_EQ(asked, 0) << spent;
  }
  for (const std::uint64_t spent : {100, 5000}) {
    game.noteEffort(spent);
    ASSERT_EQ(game.expand(children, argument), proof::Expansion::Open);
    EXPECT_EQ(asked, 1) << spent;
  }
}

TEST(OracleInSearch, AMoveNamedIsFavouredNotTakenOnTrust) {
  // At the search's root (listed once a search, so asked at once), the named move is marked
  // favoured, and no other; the node is asked once.
  const gomoku::Position pos = position(kKagetsuPly22);
  gomoku::ProofGame game(pos.board, pos.toMove, pos.rule, Color::Black, gomoku::ProofMode::Full);
  int asked = 0;
  game.setOracle([&](const Board&, Color) -> std::optional<Point> { ++asked; return pt("o15"); }, 0, 10);
  std::vector<proof::Child<Point>> children;
  proof::Argument<Point> argument;
  for (int visit = 0; visit < 2; ++visit) {
    ASSERT_EQ(game.expand(children, argument), proof::Expansion::Open);
    EXPECT_EQ(asked, 1);
    int favoured = 0;
    for (const auto& c : children) {
      favoured += c.favoured;
      if (c.favoured) {
        EXPECT_EQ(c.move, pt("o15"));
      }
    }
    EXPECT_EQ(favoured, 1);
  }
  // A far corner wins nothing: favoured, the search still proves the win by another move, and
  // the proof is verified.
  const OracleRun misled = solveWithOracle(64, 1000, [](const Board& b) -> std::optional<Point> {
    if (b.isEmpty(pt("o15"))) return pt("o15");
    return std::nullopt;
  });
  EXPECT_FALSE(misled.questions.empty());
  EXPECT_EQ(misled.result.value, gomoku::GameValue::BlackWins);
  EXPECT_TRUE(misled.result.verified) << misled.result.verifyError;
  EXPECT_NE(misled.result.bestMove, pt("o15"));
}

// Questions in the background (SolveOptions::oracleInBackground): the search goes on while the
// oracle thinks; the answer is favoured from the node's next visit, and a node reached while a
// question is in flight is asked at a later visit.
TEST(OracleInBackground, TheAnswerIsFavouredFromTheNextVisitAndABusyOracleIsAskedLater) {
  const gomoku::Position pos = position(kKagetsuPly22);
  gomoku::ProofGame game(pos.board, pos.toMove, pos.rule, Color::Black, gomoku::ProofMode::Full);
  std::mutex mutex;
  std::condition_variable released;
  bool release = false;
  std::atomic<int> asked{0};
  const gomoku::MoveOracle oracle = [&](const Board&, Color) -> std::optional<Point> {
    ++asked;
    std::unique_lock lock(mutex);
    released.wait(lock, [&] { return release; });
    return pt("o15");
  };
  game.setOracle(oracle, 100, 10, std::make_shared<gomoku::BackgroundOracle>(oracle));
  std::vector<proof::Child<Point>> children;
  proof::Argument<Point> argument;
  const auto favouredMoves = [&] {
    std::vector<Point> f;
    for (const auto& c : children)
      if (c.favoured) f.push_back(c.move);
    return f;
  };
  // Two attacker's nodes two plies below the root, each listed once.
  game.play(pt("a15"));
  game.play(pt("o1"));
  ASSERT_EQ(game.expand(children, argument), proof::Expansion::Open);
  game.undo();
  game.play(pt("o2"));
  ASSERT_EQ(game.expand(children, argument), proof::Expansion::Open);
  game.undo();
  game.play(pt("o1"));
  // The search comes back to the first having spent enough below it: asked, not waited for.
  game.noteEffort(100);
  ASSERT_EQ(game.expand(children, argument), proof::Expansion::Open);
  for (int i = 0; i < 1000 && asked.load() == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(asked.load(), 1);
  EXPECT_TRUE(favouredMoves().empty()) << "no answer yet";
  // The second, while the question is in flight: not asked.
  game.undo();
  game.play(pt("o2"));
  ASSERT_EQ(game.expand(children, argument), proof::Expansion::Open);
  EXPECT_EQ(asked.load(), 1);
  {
    std::lock_guard lock(mutex);
    release = true;
  }
  released.notify_all();
  // Back at the first: the answer is taken and favoured there (and only there).
  game.undo();
  game.play(pt("o1"));
  std::vector<Point> favoured;
  for (int i = 0; i < 5000 && favoured.empty(); ++i) {
    ASSERT_EQ(game.expand(children, argument), proof::Expansion::Open);
    favoured = favouredMoves();
    if (favoured.empty()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  EXPECT_EQ(favoured, std::vector<Point>{pt("o15")});
  EXPECT_EQ(asked.load(), 1);
  // The second, come back to with the oracle free again: asked now.
  game.undo();
  game.play(pt("o2"));
  ASSERT_EQ(game.expand(children, argument), proof::Expansion::Open);
  for (int i = 0; i < 1000 && asked.load() < 2; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(asked.load(), 2);
}

TEST(OracleInBackground, AnswersReachOnlyTheirAskerAndAWaitedQuestionGetsItsOwn) {
  std::atomic<int> calls{0};
  gomoku::BackgroundOracle background([&](const Board& b, Color) -> std::optional<Point> {
    ++calls;
    return static_cast<Point>(b.stoneCount());  // tells the questions apart
  });
  Board board;
  int me = 0, other = 0;
  background.ask(&me, 7, board, Color::Black);
  EXPECT_TRUE(background.busy());
  std::optional<gomoku::BackgroundOracle::Answer> answer;
  for (int i = 0; i < 5000 && !answer; ++i) {
    answer = background.takeAnswer(&me);
    if (!answer) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->key, 7u);
  EXPECT_EQ(answer->move, std::optional<Point>(0));
  EXPECT_FALSE(background.busy());
  // Another asker's answer is dropped, not handed to this one.
  background.ask(&other, 8, board, Color::Black);
  while (background.busy() && !background.takeAnswer(&me)) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_FALSE(background.busy());
  // A question waited for, asked while another is in flight, gets its own answer.
  background.ask(&me, 9, board, Color::Black);
  board.place(pt("h8"), Color::Black);
  EXPECT_EQ(background.askAndWait(board, Color::White), std::optional<Point>(1));
  EXPECT_FALSE(background.takeAnswer(&me)) << "the question in flight's answer was dropped";
  EXPECT_EQ(calls.load(), 4);
}

TEST(OracleInBackground, AnOracleThatNamesNothingLeavesTheSearchAsItIsAndAMisleadingOneTheValue) {
  const auto run = [](bool background, std::function<std::optional<Point>(const Board&)> answer) {
    gomoku::SolveOptions o;
    o.maxNodes = 1000000;
    o.onlyAttacker = Color::Black;
    o.oracle = [answer](const Board& b, Color) { return answer(b); };
    o.oracleAfterNodes = 64;
    o.oracleQuestions = 1000;
    o.oracleInBackground = background;
    return gomoku::solve(position(kKagetsuPly22), o);
  };
  const auto nothing = [](const Board&) -> std::optional<Point> { return std::nullopt; };
  const gomoku::SolveResult plain = run(false, nothing), behind = run(true, nothing);
  EXPECT_EQ(behind.value, gomoku::GameValue::BlackWins);
  EXPECT_EQ(behind.nodes, plain.nodes);
  const gomoku::SolveResult misled = run(true, [](const Board& b) -> std::optional<Point> {
    if (b.isEmpty(pt("o15"))) return pt("o15");
    return std::nullopt;
  });
  EXPECT_EQ(misled.value, gomoku::GameValue::BlackWins);
  EXPECT_TRUE(misled.verified) << misled.verifyError;
  EXPECT_NE(misled.bestMove, pt("o15"));
}

// A script standing in for an engine, written to a temporary folder.
std::string script(const tests::TempDir& dir, const std::string& name, const std::string& body) {
  const std::string path = dir.sub(name);
  std::ofstream(path) << "#!/bin/sh\n" << body;
  return "sh " + path;
}

// An engine script that answers START with OK, then reads commands through `arms` (cases of a
// shell `case "$line" in`, with a counter n starting at 0).
std::string engineScript(const tests::TempDir& dir, const std::string& name, const std::string& arms) {
  return script(dir, name, "read line; echo OK\nn=0\nwhile read line; do\n  case \"$line\" in\n" + arms + "  esac\ndone\n");
}

// Black (to move) has four in a row, h8-h11, open at h7 and h12.
gomoku::Position openFour(gomoku::Rule rule) { return position("h8 a1 h9 a3 h10 a5 h11 a7", rule); }
bool endOfTheFour(const std::optional<Point>& move) { return move == pt("h7") || move == pt("h12"); }

TEST(ExternalEngine, TengensOwnEngineNamesTheWinningFive) {
  engine::ExternalEngine e(std::string(TENGEN_BINARY) + " engine", 15, gomoku::Rule::Renju, 200);
  const gomoku::Position pos = openFour(gomoku::Rule::Renju);
  const auto move = e.move(pos.board, pos.toMove);
  EXPECT_TRUE(endOfTheFour(move)) << (move ? gomoku::formatPoint(*move, 15) : "none");
  EXPECT_EQ(e.announcedMate(), std::optional<int>(1));  // it says "ev +M1" for the five
  EXPECT_TRUE(e.answering());
}

TEST(ExternalEngine, BarredPointsGetTheEnginesNextChoice) {
  engine::ExternalEngine e(std::string(TENGEN_BINARY) + " engine", 15, gomoku::Rule::Freestyle, 200);
  // With one end of the four barred, the other; with both, a move elsewhere.
  const gomoku::Position pos = openFour(gomoku::Rule::Freestyle);
  EXPECT_EQ(e.move(pos.board, pos.toMove, {pt("h7")}), std::optional<Point>(pt("h12")));
  EXPECT_EQ(e.move(pos.board, pos.toMove, {pt("h12")}), std::optional<Point>(pt("h7")));
  const auto elsewhere = e.move(pos.board, pos.toMove, {pt("h7"), pt("h12")});
  ASSERT_TRUE(elsewhere.has_value());
  EXPECT_FALSE(endOfTheFour(elsewhere)) << gomoku::formatPoint(*elsewhere, 15);
  // The block held for those questions only.
  EXPECT_TRUE(endOfTheFour(e.move(pos.board, pos.toMove)));
  EXPECT_TRUE(e.answering());
}

TEST(ExternalEngine, AWinAnnouncedWithTheMoveIsRead) {
  // Rapfi's form: the last score said before the move counts, a message without one does not.
  const tests::TempDir dir("hint-engine");
  engine::ExternalEngine e(engineScript(dir, "mates.sh",
                   "    DONE) n=$((n+1)); case $n in\n"
                   "      1) echo 'MESSAGE Speed 9K | Eval 489 | Node 5K'; echo 'MESSAGE Speed 9K | Eval +M33 | Node 9K';\n"
                   "         echo 'MESSAGE Bestline K8 L9'; echo '7,7';;\n"
                   "      2) echo 'MESSAGE Speed 9K | Eval +M33 | Node 5K'; echo 'MESSAGE Speed 9K | Eval 489 | Node 9K'; echo '7,7';;\n"
                   "      *) echo '7,7';; esac;;\n"), 15, gomoku::Rule::Freestyle, 100);
  const gomoku::Position empty = position("", gomoku::Rule::Freestyle);
  EXPECT_EQ(e.move(empty.board, empty.toMove), std::optional<Point>(pt("h8")));
  EXPECT_EQ(e.announcedMate(), std::optional<int>(33));
  e.move(empty.board, empty.toMove);
  EXPECT_EQ(e.announcedMate(), std::nullopt);  // the win was taken back before the move
  e.move(empty.board, empty.toMove);
  EXPECT_EQ(e.announcedMate(), std::nullopt);  // nothing said: the last question's is not kept
}

TEST(ExternalEngine, ABarredPointNamedAnywayIsNoAnswerAndTheBlockIsLifted) {
  // Names h8 (7,7) to each BOARD until it reads YXBLOCKRESET, then i7 (8,8); YXBLOCK's own DONE
  // gets no answer.
  const tests::TempDir dir("hint-engine");
  engine::ExternalEngine e(engineScript(dir, "deaf.sh",
                                                 "    YXBLOCKRESET) n=1;;\n"
                                                 "    YXBLOCK) b=1;;\n"
                                                 "    DONE) if [ \"$b\" = 1 ]; then b=0; elif [ $n -eq 0 ]; then echo '7,7'; else echo '8,8'; fi;;\n"), 15, gomoku::Rule::Freestyle, 100);
  const gomoku::Position pos = position("a1", gomoku::Rule::Freestyle);
  EXPECT_FALSE(e.move(pos.board, pos.toMove, {pt("h8")}).has_value());
  EXPECT_EQ(e.move(pos.board, pos.toMove), std::optional<Point>(pt("i7")));
  EXPECT_TRUE(e.answering());
}

TEST(ExternalEngine, AnEngineThatEndsAtOnceIsAClearError) {
  const tests::TempDir dir("hint-engine");
  try {
    engine::ExternalEngine e(script(dir, "gone.sh", "exit 3\n"), 15, gomoku::Rule::Renju, 100);
    FAIL() << "no error";
  } catch (const engine::EngineError& error) {
    EXPECT_NE(std::string(error.what()).find("did not answer START 15 (it exited with status 3)"), std::string::npos)
        << error.what();
  }
  try {
    engine::ExternalEngine e(script(dir, "small.sh", "read line; echo 'ERROR only 20x20'; cat > /dev/null\n"), 15,
                             gomoku::Rule::Renju, 100);
    FAIL() << "no error";
  } catch (const engine::EngineError& error) {
    EXPECT_NE(std::string(error.what()).find("refused START 15: ERROR only 20x20"), std::string::npos) << error.what();
  }
}

TEST(ExternalEngine, MessagesAreReadPastAndBadAnswersGiveNoMove) {
  // To each DONE: a message, then the first time a point that is taken, the second time text.
  const tests::TempDir dir("hint-engine");
  engine::ExternalEngine e(engineScript(dir, "fixed.sh",
                                                 "    DONE) n=$((n+1)); echo 'MESSAGE thinking';\n"
                                                 "      if [ $n -eq 1 ]; then echo '7,7'; else echo 'pass'; fi;;\n"), 15, gomoku::Rule::Freestyle, 100);
  const gomoku::Position pos = position("h8", gomoku::Rule::Freestyle);  // h8 is 7,7
  EXPECT_FALSE(e.move(pos.board, pos.toMove).has_value());  // a stone is there
  EXPECT_TRUE(e.answering());
  // "pass" is no point: read past like a message, until the time runs out (the move's 0.1 s and
  // a grace): then the engine is not asked again.
  EXPECT_FALSE(e.move(pos.board, pos.toMove).has_value());
  EXPECT_FALSE(e.answering());
  EXPECT_FALSE(e.move(pos.board, pos.toMove).has_value());
}

TEST(ExternalEngine, ABoardTheEngineDroppedIsSentAgain) {
  // Like an engine still finishing its last move: the first BOARD is dropped, so each stone line
  // and DONE is an unknown command; the second is answered.
  const tests::TempDir dir("hint-engine");
  engine::ExternalEngine e(engineScript(dir, "busy.sh",
                   "    INFO*) ;;\n"
                   "    BOARD) n=$((n+1));;\n"
                   "    DONE) if [ $n -eq 1 ]; then echo 'ERROR Unknown command: DONE'; else echo '8,6'; fi;;\n"
                   "    *) if [ $n -eq 1 ]; then echo \"ERROR Unknown command: $line\"; fi;;\n"), 15, gomoku::Rule::Freestyle, 100);
  const gomoku::Position pos = position("h8 h9", gomoku::Rule::Freestyle);
  EXPECT_EQ(e.move(pos.board, pos.toMove), std::optional<Point>(pt("i9")));  // 8,6 counts from the top
  EXPECT_TRUE(e.answering());
}

TEST(ExternalEngine, AFoulTheEngineNamesIsNoMoveOfItsOracle) {
  // The engine always names h8 (7,7), a double three for black here (renju): its answer comes
  // back from move(), but the oracle the prover asks gives none.
  const tests::TempDir dir("hint-engine");
  engine::ExternalEngine e(engineScript(dir, "foul.sh", "    DONE) echo '7,7';;\n"), 15, gomoku::Rule::Renju, 100);
  gomoku::PositionOptions blackToMove;
  blackToMove.toMove = Color::Black;
  const gomoku::Position foul = gomoku::parsePosition("f8,g8,h6,h7/a1,a2,o1,o15", blackToMove);
  EXPECT_EQ(e.move(foul.board, Color::Black), std::optional<Point>(pt("h8")));
  EXPECT_FALSE(engine::oracleOf(e)(foul.board, Color::Black).has_value());
  EXPECT_EQ(engine::oracleOf(e)(foul.board, Color::White), std::optional<Point>(pt("h8")));  // white may
}

TEST(ExternalEngine, HintsFromTengensEngineLeaveTheProvedValueAsItIs) {
  // A guided proof proves what an unguided one proves, and its proof is verified. Black to move
  // after 24 moves of a Kagetsu game: black wins; the engine is asked at the root.
  const gomoku::Position pos = position("h8 h9 i9 j10 g8 i8 g10 h7 e8 g7 f9 d7 f8 d8 h11 i12 f7 f10 g11 g9 e11 f11 f12 h10");
  engine::ExternalEngine e(std::string(TENGEN_BINARY) + " engine", 15, gomoku::Rule::Renju, 100);
  engine::EngineHintOptions o;
  o.plies = 1;
  const engine::EngineHints h = engine::engineHints(pos, engine::oracleOf(e), o);
  EXPECT_EQ(h.asked, 1);  // white's win is asked too, but with black to move it has no position within one ply
  EXPECT_GT(h.answered, 0);
  gomoku::SolveOptions plain;
  plain.maxNodes = 1000000;
  gomoku::SolveOptions guided = plain;
  guided.hints = h.hints;
  const gomoku::SolveResult a = gomoku::solve(pos, plain), b = gomoku::solve(pos, guided);
  EXPECT_EQ(a.value, gomoku::GameValue::BlackWins);
  EXPECT_EQ(b.value, gomoku::GameValue::BlackWins);
  EXPECT_TRUE(b.verified) << b.verifyError;
}

}  // namespace
}  // namespace tengen
