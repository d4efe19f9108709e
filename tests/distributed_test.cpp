// The distributed solver in one process: the message protocol, the coordinator with in-process
// workers against the single-process prover, book build, resume after an interruption, and a
// coordinator that refuses a worker's false answer.
#include <gtest/gtest.h>

#include <atomic>
#include <bit>
#include <chrono>
#include <deque>
#include <filesystem>
#include <functional>
#include <mutex>
#include <random>
#include <sstream>
#include <thread>
#include <unordered_map>

#include "book/book.h"
#include "book/book_query.h"
#include "book/position_key.h"
#include "book/stored_proof.h"
#include "book/othello_entry.h"
#include "coordinator/coordinator.h"
#include "coordinator/job_tree.h"
#include "coordinator/othello_build.h"
#include "coordinator/worker_pool.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/simulation_hints.h"
#include "solver/gomoku/zobrist.h"
#include "solver/gomoku/solve.h"
#include "solver/gomoku/threats.h"
#include "solver/othello/endgame.h"
#include "solver/othello/proof_check.h"
#include "worker/game_jobs.h"
#include "worker/message_body.h"
#include "worker/gomoku_job.h"
#include "worker/othello_job.h"
#include "worker/protocol.h"
#include "tests/othello_random.h"
#include "tests/temp_dir.h"

namespace {

using namespace tengen;
using gomoku::Color;
using gomoku::GameValue;
namespace fs = std::filesystem;

// A place for a book that does not exist yet, in a folder of the test's own.
struct TempBook {
  tengen::tests::TempDir root{"dist-test"};
  std::string dir = root.sub("book");
};

gomoku::Position freestyle(const char* text, int size) {
  gomoku::PositionOptions o;
  o.rule = gomoku::Rule::Freestyle;
  o.size = size;
  return gomoku::parsePosition(text, o);
}

// Black wins by a VCT here (from the prover tests' renju set); small enough for tiny jobs.
const char* kRenjuWin = "g12,h12,i12,f11,h11,c10,h10,k9,h8,c7,g7/j12,g11,d10,e10,f10,g10,e9,h9,i9,j9,d8";

gomoku::Position renju(const char* text) { return gomoku::parsePosition(text, {}); }

// White wins here (D13 Yusei, tests/data/opening-lines.jsonl line 8, after 53 plies), and jobs of
// 1,000 nodes need a few hundred to show it: for the tests that need a run of many jobs (the
// first one above now falls in a handful, the prover listing the attacker's best building moves
// first).
const char* kRenjuManyJobs =
    "h8 h9 j6 g9 f9 i8 h7 g8 g10 i10 j11 h11 i9 h10 h13 g12 j9 f12 f6 g7 j10 j12 i11 g14 h12 k9 g13 f14 f13 e13 "
    "i13 j13 g11 f10 e11 k12 g6 h6 f7 f8 e9 k11 k10 i7 j8 l11 i12 l9 j14 k15 m10 i14 h15";

coordinator::RunSummary run(book::Book& book, const gomoku::Position& pos, coordinator::Goal goal, std::uint64_t jobNodes,
                            int workers = 2, std::uint64_t maxJobs = 0, int depth = 0) {
  coordinator::RunOptions o;
  o.goal = goal;
  o.depth = depth;
  o.jobBudget.maxNodes = jobNodes;
  o.jobBudget.hashMegabytes = 8;
  o.maxJobs = maxJobs;
  auto pool = coordinator::makeLocalPool(workers);
  return coordinator::runCoordinator(book, pos, *pool, o);
}

TEST(Protocol, MessagesRoundTrip) {
  const gomoku::Position pos = freestyle("c3 d4 c4", 6);
  worker::JobBudget budget{1234, 2.5, 16};
  const worker::JobRequest job = worker::makeJobRequest(42, pos, Color::White, budget);
  const auto decoded = worker::jobRequestOf(std::get<worker::GameJob>(worker::decodeMessage(worker::encodeMessage(worker::gameJobOf(job)))));
  EXPECT_EQ(decoded.jobId, 42u);
  EXPECT_EQ(decoded.maxNodes, 1234u);
  EXPECT_EQ(decoded.maxSeconds, 2.5);
  const gomoku::Position back = worker::jobPosition(decoded);
  EXPECT_EQ(back.board.hash(), pos.board.hash());
  EXPECT_EQ(back.toMove, Color::White);

  // A real answer with its tree survives the trip and still passes the verifier.
  const worker::JobReply reply = worker::runJob(job);
  ASSERT_EQ(reply.outcome, worker::JobOutcome::Disproven);  // white cannot force a win here
  const auto again = worker::jobReplyOf(std::get<worker::GameReply>(worker::decodeMessage(worker::encodeMessage(worker::gameReplyOf(reply)))));
  const auto tree = worker::fromWire(again.tree, 6);
  EXPECT_EQ(tree.size(), reply.tree.nodes.size());
  EXPECT_TRUE(gomoku::checkProof(pos.board, pos.toMove, pos.rule, Color::White, tree).ok);
  EXPECT_EQ(reply.engineQuestions, 0u) << "an unguided job asks no engine";
  EXPECT_EQ(reply.engineSeconds, 0.0);
  worker::JobReply guided = reply;
  guided.engineQuestions = 17;
  guided.engineSeconds = 2.5;
  const auto guidedAgain = worker::jobReplyOf(std::get<worker::GameReply>(worker::decodeMessage(worker::encodeMessage(worker::gameReplyOf(guided)))));
  EXPECT_EQ(guidedAgain.engineQuestions, 17u);
  EXPECT_EQ(guidedAgain.engineSeconds, 2.5);
  EXPECT_TRUE(std::holds_alternative<worker::StopRequest>(worker::decodeMessage(worker::encodeMessage(worker::StopRequest{}))));

  // A job with lent wins, a worker's request for one and the coordinator's answer.
  worker::JobRequest lending = job;
  lending.knownRun = 77;
  lending.knownWins = {{0x123456789abcdefull, 1, 0}, {42, 0, 1}};
  const auto lent = worker::jobRequestOf(std::get<worker::GameJob>(worker::decodeMessage(worker::encodeMessage(worker::gameJobOf(lending)))));
  EXPECT_EQ(lent.knownRun, 77u);
  ASSERT_EQ(lent.knownWins.size(), 2u);
  EXPECT_EQ(lent.knownWins[0].canonicalHash, 0x123456789abcdefull);
  EXPECT_EQ(lent.knownWins[0].toMove, 1);
  EXPECT_EQ(lent.knownWins[1].attacker, 1);
  const auto wanted = std::get<worker::ProofWanted>(worker::decodeMessage(worker::encodeMessage(worker::ProofWanted{42, worker::gameJobOf(job)})));
  EXPECT_EQ(wanted.jobId, 42u);
  EXPECT_EQ(worker::jobPosition(worker::jobRequestOf(wanted.position)).board.hash(), pos.board.hash());
  const auto given = std::get<worker::ProofGiven>(
      worker::decodeMessage(worker::encodeMessage(worker::ProofGiven{42, true, reply.tree})));
  EXPECT_TRUE(given.found);
  EXPECT_EQ(given.tree.nodes.size(), reply.tree.nodes.size());
}

// A guided proof under the coordinator (solve --hint-engine --workers): each worker makes its own
// oracle, once per game, and its jobs ask it during their searches; the answers are still the
// prover's own, verified.
const char* kKagetsu24 = "h8 h9 i9 j10 g8 i8 g10 h7 e8 g7 f9 d7 f8 d8 h11 i12 f7 f10 g11 g9 e11 f11 f12 h10";

struct CountingGuide {
  std::atomic<int> made{0}, asked{0};
  std::vector<std::pair<gomoku::Rule, int>> games;  // guarded by mutex
  std::mutex mutex;
  bool answers = true;
  worker::SearchGuide guide() {
    worker::SearchGuide g;
    g.afterNodes = 256;
    g.questions = 50;
    g.make = [this](gomoku::Rule rule, int size) -> gomoku::MoveOracle {
      ++made;
      {
        std::lock_guard lock(mutex);
        games.push_back({rule, size});
      }
      return [this](const gomoku::Board& b, Color c) -> std::optional<gomoku::Point> {
        ++asked;
        if (!answers) return std::nullopt;
        gomoku::Board copy = b;
        // Some legal move near the stones: a plausible, not a perfect, engine.
        for (gomoku::Point p = 0; p < copy.cellCount(); ++p)
          if (copy.isEmpty(p) && copy.hasStoneNear(p, 1) && gomoku::isLegal(copy, p, c, gomoku::Rule::Renju)) return p;
        return std::nullopt;
      };
    };
    return g;
  }
};

TEST(GuidedWorkers, AJobAsksItsWorkersOracleOnceTheGameIsKnownAndStillProvesVerified) {
  CountingGuide counting;
  worker::JobRunner runner(counting.guide());
  const gomoku::Position pos = renju(kKagetsu24);
  worker::JobBudget budget{200'000, 0, 16};
  const worker::JobReply first = runner.run(worker::makeJobRequest(1, pos, Color::Black, budget));
  ASSERT_EQ(first.outcome, worker::JobOutcome::Proven);
  EXPECT_TRUE(gomoku::checkProof(pos.board, pos.toMove, pos.rule, Color::Black, worker::fromWire(first.tree, 15)).ok);
  EXPECT_EQ(counting.made.load(), 1);
  EXPECT_GE(counting.asked.load(), 1) << "black is to move: the job's root asks";
  EXPECT_LE(counting.asked.load(), 50) << "at most the guide's questions a job";
  EXPECT_EQ(first.engineQuestions, static_cast<std::uint32_t>(counting.asked.load())) << "the reply counts the job's questions";
  EXPECT_GT(first.engineSeconds, 0.0) << "and the time they took";
  // Another job of the same game: the same oracle (one engine a worker); another game: a new one.
  const int askedBefore = counting.asked.load();
  const worker::JobReply second = runner.run(worker::makeJobRequest(2, pos, Color::Black, budget));
  EXPECT_EQ(counting.made.load(), 1);
  EXPECT_GT(counting.asked.load(), askedBefore);
  EXPECT_EQ(second.engineQuestions, static_cast<std::uint32_t>(counting.asked.load() - askedBefore)) << "each job's own questions";
  runner.run(worker::makeJobRequest(3, freestyle("c3 d4 c4", 6), Color::White, budget));
  EXPECT_EQ(counting.made.load(), 2);
  ASSERT_EQ(counting.games.size(), 2u);
  EXPECT_EQ(counting.games[0], std::make_pair(gomoku::Rule::Renju, 15));
  EXPECT_EQ(counting.games[1], std::make_pair(gomoku::Rule::Freestyle, 6));
}

TEST(GuidedWorkers, AnOracleThatNamesNothingLeavesTheJobAsUnguided) {
  CountingGuide counting;
  counting.answers = false;
  worker::JobRunner guided(counting.guide());
  const gomoku::Position pos = renju(kKagetsu24);
  worker::JobBudget budget{200'000, 0, 16};
  const worker::JobReply a = guided.run(worker::makeJobRequest(1, pos, Color::Black, budget));
  const worker::JobReply b = worker::runJob(worker::makeJobRequest(1, pos, Color::Black, budget));
  EXPECT_GE(counting.asked.load(), 1);
  EXPECT_EQ(a.outcome, b.outcome);
  EXPECT_EQ(a.nodes, b.nodes);
}

TEST(GuidedWorkers, EveryInProcessWorkerMakesItsOwnOracleAndTheRunProves) {
  CountingGuide counting;
  TempBook dir;
  book::Book book(dir.dir, book::Book::Access::Create);
  coordinator::RunOptions o;
  o.goal = coordinator::Goal::Solve;
  o.jobBudget.maxNodes = 200'000;
  o.jobBudget.hashMegabytes = 8;
  auto pool = coordinator::makeLocalPool(2, counting.guide());
  const coordinator::RunSummary s = coordinator::runCoordinator(book, renju(kKagetsu24), *pool, o);
  pool->stop();
  EXPECT_EQ(s.value, GameValue::BlackWins);
  EXPECT_GE(counting.made.load(), 1);
  EXPECT_LE(counting.made.load(), 2) << "one oracle a worker";
  EXPECT_GE(counting.asked.load(), 1);
}

// Black's win at `pos` as a worker's job proves it, sent through an encoded reply and read back
// (no nodes when the job did not prove it).
proof::ProofTree<gomoku::Point> blackWinThroughTheWire(const gomoku::Position& pos) {
  const worker::JobBudget budget{250'000, 60, 64};
  const worker::JobReply reply = worker::runJob(worker::makeJobRequest(7, pos, Color::Black, budget));
  EXPECT_EQ(reply.outcome, worker::JobOutcome::Proven);
  if (reply.outcome != worker::JobOutcome::Proven) return {};
  const auto again = worker::jobReplyOf(std::get<worker::GameReply>(worker::decodeMessage(worker::encodeMessage(worker::gameReplyOf(reply)))));
  return worker::fromWire(again.tree, pos.board.size());
}

TEST(Protocol, ProofsWithRelevanceZonesSurviveTheTrip) {
  // A renju position of the first Kagetsu line (white to move, black wins) whose proof leaves
  // white's replies out by a relevance zone: the win after a pass hangs under a pass edge, which
  // must cross the wire as a pass, not as a move off the board.
  const gomoku::Position pos = renju("e8,f7,f8,f9,g8,g10,g11,h8,h11,i9/d7,d8,f10,g7,h7,h9,i8,i12,j10");
  const auto tree = blackWinThroughTheWire(pos);
  ASSERT_FALSE(tree.nodes.empty());
  int passes = 0;
  for (const auto& node : tree.nodes)
    for (const auto& e : node.children) passes += e.move == gomoku::kPass;
  EXPECT_GT(passes, 0) << "the proof should hold a relevance zone";
  const auto check = gomoku::checkProof(pos.board, pos.toMove, pos.rule, Color::Black, tree);
  EXPECT_TRUE(check.ok) << check.error;
}

TEST(Protocol, ProofsWithThreatSequencesSurviveTheTrip) {
  // A freestyle position met below the first self-play game's ply 31
  // (tests/data/freestyle-lines.jsonl), black to move: the threat probe finds no win and a
  // threat-space sequence does; the leaf's gains must cross the wire and replay in the verifier.
  const gomoku::Position pos = freestyle(
      "e6,e7,f2,f5,f6,g3,g4,g7,h3,h6,h8,i6,i9,j2,j7,k5,k6,l5,m5/d7,e2,e5,f4,f8,g2,g5,g6,g8,h2,h5,h7,i2,i7,j5,j6,j10,k4,m4",
      15);
  const auto tree = blackWinThroughTheWire(pos);
  ASSERT_FALSE(tree.nodes.empty());
  int sequences = 0;
  for (const auto& node : tree.nodes) sequences += node.children.empty() && node.argument.kind == 5 && !node.argument.moves.empty();
  EXPECT_GT(sequences, 0) << "the proof should hold a threat-space sequence";
  const auto check = gomoku::checkProof(pos.board, pos.toMove, pos.rule, Color::Black, tree);
  EXPECT_TRUE(check.ok) << check.error;
}

TEST(Protocol, RefusesOtherVersionsAndDamage) {
  std::string bytes = worker::encodeMessage(worker::gameJobOf(worker::makeJobRequest(1, freestyle("", 5), Color::Black, {})));
  std::string other = bytes;
  other[6] = static_cast<char>(other[6] + 1);  // protocol version's last byte
  EXPECT_THROW(worker::decodeMessage(other), worker::ProtocolError);
  EXPECT_THROW(worker::decodeMessage(bytes.substr(0, 5)), worker::ProtocolError);
  EXPECT_THROW(worker::decodeMessage("hello world"), worker::ProtocolError);
  // Every truncation of a reply with a tree is refused, never half read.
  const std::string reply =
      worker::encodeMessage(worker::gameReplyOf(worker::runJob(worker::makeJobRequest(2, freestyle("c3 d4 c4", 6), Color::White, {}))));
  for (std::size_t cut = 0; cut < reply.size(); cut += 7) EXPECT_THROW(worker::decodeMessage(reply.substr(0, cut)), worker::ProtocolError) << cut;
  // A job about a finished game or a stone off the board comes back failed, not solved.
  worker::JobRequest bad = worker::makeJobRequest(3, freestyle("", 5), Color::Black, {});
  bad.black = {999};
  EXPECT_EQ(worker::runJob(bad).outcome, worker::JobOutcome::Failed);
}

TEST(Distributed, SolveMatchesTheSingleProcessProver) {
  struct Case {
    gomoku::Position pos;
    std::uint64_t jobNodes;
  };
  for (const Case& c : {Case{freestyle("", 6), 60}, Case{renju(kRenjuWin), 1000}}) {
    gomoku::SolveOptions single;
    single.hashMegabytes = 64;
    const GameValue expected = gomoku::solve(c.pos, single).value;
    ASSERT_NE(expected, GameValue::Unknown);
    TempBook dir;
    book::Book book(dir.dir, book::Book::Access::Create);
    const auto s = run(book, c.pos, coordinator::Goal::Solve, c.jobNodes);
    EXPECT_EQ(s.value, expected) << gomoku::formatStones(c.pos.board);
    EXPECT_GT(s.unknown, 0u) << "tiny jobs should have run out of budget and grown the tree";
    EXPECT_EQ(s.stoppedBy, "settled");
    // The stored root proof is rebuilt from the records alone and re-verified.
    const Color winner = expected == GameValue::WhiteWins ? Color::White : Color::Black;
    for (Color attacker : {winner, gomoku::opponent(winner)}) {
      if (expected != GameValue::Draw && attacker != winner) continue;
      const auto check = book::checkStoredClaim(book, c.pos.board, c.pos.rule, c.pos.toMove, attacker);
      EXPECT_TRUE(check.ok) << check.error;
    }
    EXPECT_EQ(static_cast<int>(book::queryBook(book, c.pos).result), static_cast<int>(expected));
  }
}

TEST(Distributed, WorkersStartOnTheRootsChildrenWhileItsFirstJobRuns) {
  // The root's first job is large enough to prove it alone; the second worker does not wait for
  // it but expands the root and asks about its children meanwhile.
  const gomoku::Position pos = renju(kRenjuWin);
  TempBook dir;
  book::Book book(dir.dir, book::Book::Access::Create);
  coordinator::RunOptions o;
  o.jobBudget.maxNodes = 200;
  o.jobBudget.hashMegabytes = 8;
  o.rootJobBudget = o.jobBudget;
  o.rootJobBudget->maxNodes = 1'000'000;
  auto pool = coordinator::makeLocalPool(2);
  const auto s = coordinator::runCoordinator(book, pos, *pool, o);
  EXPECT_EQ(s.value, GameValue::BlackWins);
  EXPECT_GE(s.jobs + s.withdrawnJobs, 2u) << "the idle worker took a child of the root";
  EXPECT_GT(s.treeNodes, 1u);
  const auto check = book::checkStoredClaim(book, pos.board, pos.rule, pos.toMove, Color::Black);
  EXPECT_TRUE(check.ok) << check.error;
}

// White's win on the first Suisei line after ten plies (black to move), as a campaign asks it:
// pass hints, jobs of 8 nodes growing 4 times up to 2048 before a position is split.
const char* const kPassHintLine = "h8 i9 f6 j9 f8 i10 i8 j8 f9 f7";
coordinator::RunOptions passHintRun() {
  coordinator::RunOptions o;
  o.onlyAttacker = Color::White;
  o.jobBudget.maxNodes = 8;
  o.jobBudget.hashMegabytes = 8;
  o.passHints = true;
  o.budgetGrowth = 4;
  o.maxJobNodes = 2048;
  return o;
}

TEST(Distributed, PassProofsGuideTheRepliesJobsGrowAndEveryAnswerIsVerified) {
  // White's win after a pass is proved first, and its moves go with the replies' jobs; a job that
  // comes back unknown is asked again, larger.
  const gomoku::Position pos = renju(kPassHintLine);
  TempBook dir;
  book::Book book(dir.dir, book::Book::Access::Create);
  const coordinator::RunOptions o = passHintRun();
  auto pool = coordinator::makeLocalPool(2);
  const auto s = coordinator::runCoordinator(book, pos, *pool, o);
  EXPECT_EQ(s.value, GameValue::WhiteWins);
  EXPECT_GE(s.passJobs, 1u);
  EXPECT_GE(s.passesProven, 1u);
  EXPECT_GE(s.hintedJobs, 1u);
  EXPECT_GE(s.jobsAskedAgain, 1u) << "an 8-node job came back unknown and was asked again, larger";
  const auto check = book::checkStoredClaim(book, pos.board, pos.rule, pos.toMove, Color::White);
  EXPECT_TRUE(check.ok) << check.error;
}

// An engine for the tests: the prover's best move for `attacker` to move, from a small search.
std::optional<gomoku::Point> proversMove(gomoku::Rule rule, const gomoku::Board& b, Color attacker) {
  gomoku::SolveOptions so;
  so.onlyAttacker = attacker;
  so.maxNodes = 20000;
  so.hashMegabytes = 8;
  const gomoku::SolveResult r = gomoku::solve(gomoku::Position{rule, b, attacker}, so);
  if (r.bestMove == gomoku::kNoPoint) return std::nullopt;
  return r.bestMove;
}

TEST(Distributed, AnEngineNamesTheAttackersMoveOnceAtEachPositionTheRunSplits) {
  // The pass-hint run above with an oracle for the splits: asked only at white's positions the run
  // expanded, once each, in the node's own frame (its move is legal there); a useless answer (the
  // first empty point, far from the fight) orders the jobs worse but proves the same, verified.
  const gomoku::Position pos = renju(kPassHintLine);
  for (const bool useless : {false, true}) {
    TempBook dir;
    book::Book book(dir.dir, book::Book::Access::Create);
    coordinator::RunOptions o = passHintRun();
    std::vector<std::uint64_t> asked;
    int wrongSide = 0, occupied = 0;
    o.splitOracle = [&](const gomoku::Board& b, Color toMove) -> std::optional<gomoku::Point> {
      asked.push_back(b.hash());
      // White (the attacker) moves after an odd number of stones.
      if (toMove != Color::White || b.stoneCount() % 2 != 1) ++wrongSide;
      if (useless) {
        for (gomoku::Point p = 0; p < b.cellCount(); ++p)
          if (b.isEmpty(p)) return p;
        return std::nullopt;
      }
      const auto move = proversMove(gomoku::Rule::Renju, b, Color::White);
      if (move && !b.isEmpty(*move)) ++occupied;
      return move;
    };
    auto pool = coordinator::makeLocalPool(2);
    const auto s = coordinator::runCoordinator(book, pos, *pool, o);
    EXPECT_EQ(s.value, GameValue::WhiteWins) << (useless ? "useless engine" : "engine");
    EXPECT_GE(asked.size(), 1u) << "a job of 2048 nodes came back unknown and its position was split";
    EXPECT_EQ(s.splitQuestions, asked.size());
    std::vector<std::uint64_t> distinct = asked;
    std::sort(distinct.begin(), distinct.end());
    EXPECT_EQ(std::unique(distinct.begin(), distinct.end()), distinct.end()) << "one question a position";
    EXPECT_EQ(wrongSide, 0);
    EXPECT_EQ(occupied, 0);
    const auto check = book::checkStoredClaim(book, pos.board, pos.rule, pos.toMove, Color::White);
    EXPECT_TRUE(check.ok) << check.error;
  }
}

TEST(Distributed, AJobWhosePassHintsMisleadStillProves) {
  // After h8 n8 g7 white passes: black's win is proved, and its winning moves go, shifted by white's
  // stone, with the job of each reply. White's f6 blocks black's diagonal: favoured, those moves
  // bury a 25,637-node proof (not proved in 400,000 nodes with them), so a hinted job searches
  // with them for a quarter of its budget and without them for the rest.
  gomoku::Position pass = freestyle("h8 n8 g7", 15);
  pass.toMove = Color::Black;
  gomoku::SolveOptions o;
  o.onlyAttacker = Color::Black;
  o.maxNodes = 400000;
  o.hashMegabytes = 64;
  const gomoku::SolveResult passed = gomoku::solve(pass, o);
  ASSERT_EQ(passed.value, GameValue::BlackWins);
  gomoku::ProofGame::Hints hints;
  gomoku::Board scratch = pass.board;
  gomoku::addSimulationHints(hints, scratch, Color::Black, Color::Black, passed.proofs.front().tree, 0);

  const gomoku::Position reply = freestyle("h8 n8 g7 f6", 15);
  const std::uint64_t delta = gomoku::zobristKey(Color::White, *gomoku::parsePoint("f6", 15));
  worker::JobBudget budget;
  budget.maxNodes = 400000;
  budget.hashMegabytes = 64;
  worker::JobRequest job = worker::makeJobRequest(1, reply, Color::Black, budget);
  for (const auto& [hash, moves] : hints) job.hints.push_back({hash ^ delta, static_cast<worker::WireCell>(moves.front())});
  ASSERT_TRUE(hints.count(reply.board.hash() ^ delta)) << "the pass proof's root move lands on the reply's root";
  const worker::JobReply answer = worker::runJob(job);
  EXPECT_EQ(answer.outcome, worker::JobOutcome::Proven);
  EXPECT_LE(answer.nodes, budget.maxNodes);
}

TEST(Distributed, AWithdrawnJobStopsAndTheNextRunsInFull) {
  // An in-process worker drops a job the coordinator withdraws, whether it is running or still
  // waiting in the inbox; a withdrawal of an earlier job does not touch the next one.
  auto pool = coordinator::makeLocalPool(1);
  worker::JobBudget endless;  // the empty 9x9 board, unbounded: runs until withdrawn
  endless.hashMegabytes = 8;
  const auto t0 = std::chrono::steady_clock::now();
  pool->send(0, worker::encodeMessage(worker::gameJobOf(worker::makeJobRequest(1, freestyle("", 9), Color::Black, endless))));
  pool->send(0, worker::encodeMessage(worker::gameJobOf(worker::makeJobRequest(2, freestyle("", 9), Color::Black, endless))));
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  pool->withdraw(0, 2);  // still in the inbox
  pool->withdraw(0, 1);  // running
  for (std::uint64_t id : {1, 2}) {
    const auto message = pool->receive(30);
    ASSERT_TRUE(message) << "job " << id << " did not stop";
    const auto reply = worker::jobReplyOf(std::get<worker::GameReply>(worker::decodeMessage(message->second)));
    EXPECT_EQ(reply.jobId, id);
    EXPECT_EQ(static_cast<int>(reply.outcome), static_cast<int>(worker::JobOutcome::Cancelled));
  }
  EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(), 30.0);
  worker::JobBudget small;
  small.maxNodes = 500;
  small.hashMegabytes = 8;
  pool->withdraw(0, 2);  // again, late: job 3 must not notice
  pool->send(0, worker::encodeMessage(worker::gameJobOf(worker::makeJobRequest(3, freestyle("", 9), Color::Black, small))));
  const auto message = pool->receive(30);
  ASSERT_TRUE(message);
  const auto reply = worker::jobReplyOf(std::get<worker::GameReply>(worker::decodeMessage(message->second)));
  EXPECT_EQ(reply.jobId, 3u);
  EXPECT_EQ(static_cast<int>(reply.outcome), static_cast<int>(worker::JobOutcome::Unknown));
  EXPECT_EQ(reply.nodes, 500u) << "job 3 ran its whole budget";
}

TEST(Distributed, ARunsNodeBudgetBoundsTheNodesItSpends) {
  // Jobs answer while others run: an answer's nodes count before its worker gets the next job.
  for (int workers : {2, 3}) {
    TempBook dir;
    book::Book book(dir.dir, book::Book::Access::Create);
    coordinator::RunOptions o;
    o.jobBudget.maxNodes = 150;
    o.jobBudget.hashMegabytes = 8;
    o.maxNodes = 2'000;
    o.onlyAttacker = Color::Black;
    auto pool = coordinator::makeLocalPool(workers);
    const auto s = coordinator::runCoordinator(book, freestyle("", 9), *pool, o);
    EXPECT_EQ(s.stoppedBy, "node limit");
    EXPECT_LE(s.nodes, o.maxNodes) << workers << " workers";
    EXPECT_GT(s.nodes, o.maxNodes / 2) << workers << " workers";
  }
}

TEST(Distributed, BookBuildGivesEveryPositionAValue) {
  TempBook dir;
  book::Book book(dir.dir, book::Book::Access::Create);
  const gomoku::Position root = freestyle("", 5);
  const auto s = run(book, root, coordinator::Goal::Build, 5000, 2, 0, 2);
  EXPECT_EQ(s.value, GameValue::Draw);
  EXPECT_EQ(s.unknown, 0u);
  // Every position within two plies, in any orientation, is in the book with a proven value
  // that agrees with the single-process prover.
  int checked = 0;
  for (gomoku::Point a = 0; a < 25; ++a)
    for (gomoku::Point b = 0; b < 25; ++b) {
      if (a == b) continue;
      gomoku::Position pos = root;
      pos.board.place(a, Color::Black);
      pos.board.place(b, Color::White);
      const auto answer = book::queryBook(book, pos);
      ASSERT_TRUE(answer.found);
      EXPECT_EQ(answer.result, book::Value::Draw);
      if ((a * 25 + b) % 97 == 0) {
        gomoku::SolveOptions single;
        single.hashMegabytes = 16;
        EXPECT_EQ(gomoku::solve(pos, single).value, GameValue::Draw);
        ++checked;
      }
    }
  EXPECT_GT(checked, 3);
}

TEST(Distributed, ResumesWithoutLosingOrRedoingWork) {
  TempBook dir;
  const gomoku::Position pos = renju(kRenjuManyJobs);
  std::vector<std::string> provenBefore;
  {
    book::Book book(dir.dir, book::Book::Access::Create);
    const auto first = run(book, pos, coordinator::Goal::Solve, 1000, 2, 60);  // interrupted by the job limit
    EXPECT_EQ(first.stoppedBy, "job limit");
    EXPECT_EQ(first.value, GameValue::Unknown);
    book.forEach([&](std::string_view key, const book::BookRecord* r, const std::string&) {
      if (r && (r->steps[0].present || r->steps[1].present)) provenBefore.emplace_back(key);
      return true;
    });
  }
  ASSERT_FALSE(provenBefore.empty());
  book::Book book(dir.dir, book::Book::Access::Create);
  const auto second = run(book, pos, coordinator::Goal::Solve, 1000, 2);
  EXPECT_EQ(second.value, GameValue::WhiteWins);
  EXPECT_GE(second.answeredFromBook, 50u) << "the second run should start from the first run's answers and job marks";
  for (const auto& key : provenBefore) {
    const auto r = book.get(key);
    ASSERT_TRUE(r);
    EXPECT_TRUE(r->steps[0].present || r->steps[1].present);
  }
  // A third run finds everything in the book: no job at all.
  const auto third = run(book, pos, coordinator::Goal::Solve, 1000, 2);
  EXPECT_EQ(third.value, GameValue::WhiteWins);
  EXPECT_EQ(third.jobs, 0u);
}

// A pool of one worker that answers each message at once with what `answer` makes of it.
class ScriptedPool : public coordinator::WorkerPool {
 public:
  ScriptedPool(std::string name, std::function<std::string(const std::string&)> answer)
      : name_(std::move(name)), answer_(std::move(answer)) {}
  int size() const override { return 1; }
  std::string describe() const override { return name_; }
  void send(int, std::string bytes) override { pending_ = answer_(bytes); }
  std::optional<std::pair<int, std::string>> receive(double) override {
    if (pending_.empty()) return std::nullopt;
    return std::make_pair(0, std::exchange(pending_, {}));
  }
  void stop() override {}

 private:
  std::string name_;
  std::function<std::string(const std::string&)> answer_;
  std::string pending_;
};

// A pool whose one worker answers every job with a forged proof: the coordinator must refuse
// it with the verifier and store nothing.
class LyingPool : public ScriptedPool {
 public:
  LyingPool()
      : ScriptedPool("a lying worker", [](const std::string& bytes) {
          const auto job = worker::jobRequestOf(std::get<worker::GameJob>(worker::decodeMessage(bytes)));
          worker::JobReply reply;
          reply.jobId = job.jobId;
          reply.outcome = worker::JobOutcome::Proven;
          reply.tree.attackerWins = true;
          reply.tree.nodes.resize(1);  // "the attacker wins here", with nothing behind it
          return worker::encodeMessage(worker::gameReplyOf(reply));
        }) {}
};

TEST(Distributed, RefusesAnAnswerTheVerifierRejects) {
  TempBook dir;
  book::Book book(dir.dir, book::Book::Access::Create);
  LyingPool pool;
  coordinator::RunOptions o;
  o.jobBudget.maxNodes = 100;
  try {
    coordinator::runCoordinator(book, freestyle("", 6), pool, o);
    FAIL() << "a forged proof was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("verifier refused"), std::string::npos) << e.what();
  }
  int entries = 0;
  book.forEach([&](std::string_view, const book::BookRecord*, const std::string&) { return ++entries, true; });
  EXPECT_EQ(entries, 0);
}

TEST(Distributed, WhereTheEnginesQuickMoveFailsItThinksAgainOnceAndItsNewMoveGoesFirst) {
  // Black to move holds an open three (h8 i8 j8): g8 or k8 makes an open four and wins. The worker
  // says "unknown" about the root, so the run splits it; the split oracle's quick move is o1, far
  // away, after which white blocks the three: its job comes back without a proof. The engine then
  // thinks again (here a real search), once at that node, names a winning move, and that move's
  // child is the next job. The run proves black's win, verified.
  const gomoku::Position pos = freestyle("h8 a1 i8 a2 j8 o15", 15);
  ASSERT_EQ(pos.toMove, Color::Black);
  const std::size_t rootStones = pos.board.history().size();
  std::vector<std::string> asked;  // the positions of the jobs, in order
  ScriptedPool pool("a worker that gives up on the root", [&](const std::string& bytes) {
    const auto job = worker::jobRequestOf(std::get<worker::GameJob>(worker::decodeMessage(bytes)));
    asked.push_back(gomoku::formatStones(worker::jobPosition(job).board));
    if (job.black.size() + job.white.size() == rootStones) {
      worker::JobReply unknown;
      unknown.jobId = job.jobId;
      return worker::encodeMessage(worker::gameReplyOf(unknown));
    }
    return worker::encodeMessage(worker::gameReplyOf(worker::runJob(job)));
  });
  TempBook dir;
  book::Book book(dir.dir, book::Book::Access::Create);
  coordinator::RunOptions o;
  o.onlyAttacker = Color::Black;
  o.jobBudget.maxNodes = 2000;
  o.jobBudget.hashMegabytes = 8;
  o.passHints = true;
  const gomoku::Point o1 = *gomoku::parsePoint("o1", 15), g8 = *gomoku::parsePoint("g8", 15),
                      k8 = *gomoku::parsePoint("k8", 15);
  std::vector<std::uint64_t> quick, again;
  std::vector<gomoku::Point> named;
  std::size_t jobsBeforeRethink = 0;
  o.splitOracle = [&](const gomoku::Board& b, Color) -> std::optional<gomoku::Point> {
    quick.push_back(b.hash());
    return b.isEmpty(o1) ? std::optional<gomoku::Point>(o1) : std::nullopt;
  };
  o.splitRethink = [&](const gomoku::Board& b, Color toMove) -> std::optional<gomoku::Point> {
    again.push_back(b.hash());
    jobsBeforeRethink = asked.size();
    EXPECT_EQ(toMove, Color::Black);
    const auto move = proversMove(gomoku::Rule::Freestyle, b, Color::Black);
    if (move) named.push_back(*move);
    return move;
  };
  const auto s = coordinator::runCoordinator(book, pos, pool, o);
  EXPECT_EQ(s.value, GameValue::BlackWins);
  std::string jobs;
  for (const auto& a : asked) jobs += " [" + a + "]";
  ASSERT_EQ(again.size(), 1u) << "asked again once, at the root; the jobs:" << jobs;
  EXPECT_EQ(again.front(), pos.board.hash());
  ASSERT_EQ(named.size(), 1u);
  EXPECT_TRUE(named.front() == g8 || named.front() == k8) << gomoku::formatPoint(named.front(), 15);
  EXPECT_EQ(s.splitRethinks, 1u);
  EXPECT_EQ(s.splitRethinksChanged, 1u);
  // The jobs: the root, o1's child (no proof; the run sends one more job meanwhile, so a worker
  // never waits), and once the engine has thought again, the named move's child next.
  gomoku::Board afterO1 = pos.board, afterNamed = pos.board;
  afterO1.place(o1, Color::Black);
  afterNamed.place(named.front(), Color::Black);
  ASSERT_GE(asked.size(), 3u) << jobs;
  EXPECT_EQ(asked[0], gomoku::formatStones(pos.board)) << jobs;
  EXPECT_EQ(asked[1], gomoku::formatStones(afterO1)) << jobs;
  ASSERT_GT(asked.size(), jobsBeforeRethink) << jobs;
  EXPECT_EQ(asked[jobsBeforeRethink], gomoku::formatStones(afterNamed)) << jobs;
  const auto check = book::checkStoredClaim(book, pos.board, pos.rule, pos.toMove, Color::Black);
  EXPECT_TRUE(check.ok) << check.error;
}

// Workers answering in the caller's thread, one message at a time: worker 0 forges a proof for
// every job it gets; every other worker (and worker 0 when asked to check) is honest. Records who
// ran which job and who checked which answer.
class HalfLyingPool : public coordinator::WorkerPool {
 public:
  explicit HalfLyingPool(int workers, bool lie) : workers_(workers), lie_(lie) {}
  int size() const override { return workers_; }
  std::string describe() const override { return "a half-lying pool"; }
  void send(int w, std::string bytes) override {
    const worker::Message m = worker::decodeMessage(bytes);
    if (const auto* envelope = std::get_if<worker::GameJob>(&m)) {
      const worker::JobRequest job = worker::jobRequestOf(*envelope);
      EXPECT_FALSE(job.checkHere) << "with another worker to check, the finder need not";
      ranBy[job.jobId] = w;
      worker::JobReply reply;
      if (lie_ && w == 0) {
        reply.jobId = job.jobId;
        reply.outcome = worker::JobOutcome::Proven;
        reply.tree.attackerWins = true;
        reply.tree.nodes.resize(1);
      } else {
        reply = worker::runJob(job);
      }
      replies_.push_back({w, worker::encodeMessage(worker::gameReplyOf(reply))});
    } else if (const auto* check = std::get_if<worker::CheckRequest>(&m)) {
      if (check->job.jobId == 0) {  // a claim the coordinator derived and rebuilt from the book
        ++claimChecks;
        worker::CheckReply verdict = worker::runCheck(*check);
        if (refuseClaims) {
          verdict.accepted = false;
          verdict.error = "refused for the test";
        }
        replies_.push_back({w, worker::encodeMessage(verdict)});
        return;
      }
      const auto finder = ranBy.find(check->job.jobId);
      EXPECT_TRUE(finder != ranBy.end());
      if (finder != ranBy.end()) {
        EXPECT_NE(finder->second, w) << "a worker was asked to check its own answer";
      }
      ++checks;
      replies_.push_back({w, worker::encodeMessage(worker::runCheck(*check))});
    }
  }
  std::optional<std::pair<int, std::string>> receive(double) override {
    if (replies_.empty()) return std::nullopt;
    auto r = std::move(replies_.front());
    replies_.pop_front();
    return r;
  }
  void stop() override {}
  std::unordered_map<std::uint64_t, int> ranBy;
  int checks = 0;
  int claimChecks = 0;
  bool refuseClaims = false;

 private:
  int workers_;
  bool lie_;
  std::deque<std::pair<int, std::string>> replies_;
};

TEST(Distributed, AnswersAreCheckedByAnotherWorker) {
  TempBook dir;
  book::Book book(dir.dir, book::Book::Access::Create);
  HalfLyingPool pool(3, false);
  coordinator::RunOptions o;
  o.jobBudget.maxNodes = 1000;
  o.jobBudget.hashMegabytes = 8;
  const gomoku::Position pos = renju(kRenjuManyJobs);
  const auto s = coordinator::runCoordinator(book, pos, pool, o);
  EXPECT_EQ(s.value, GameValue::WhiteWins);
  EXPECT_GT(pool.checks, 10);
  EXPECT_EQ(s.checkedByWorkers, s.proven + s.disproven) << "every proof or disproof was checked by a worker";
  EXPECT_EQ(s.checkSeconds, 0.0) << "the coordinator verified nothing itself";
  const auto check = book::checkStoredClaim(book, pos.board, pos.rule, pos.toMove, Color::White);
  EXPECT_TRUE(check.ok) << check.error;
}

// The first plies of a real renju game (D4 Kagetsu, black wins; tests/data/opening-lines.jsonl,
// line 1).
gomoku::Position kagetsuPlies(int plies) {
  std::istringstream in("h8 h9 i9 j10 g8 i8 g10 h7 e8 g7 f9 d7 f8 d8 h11 i12 f7 f10 g11 g9 e11 f11 f12 h10");
  std::string moves, move;
  for (int i = 0; i < plies && in >> move; ++i) moves += (moves.empty() ? "" : " ") + move;
  return renju(moves.c_str());
}

// Black's win at a position near the end of the Kagetsu line, proved in one process for a book.
gomoku::SolveResult blackWinProved(const gomoku::Position& pos) {
  gomoku::SolveOptions single;
  single.onlyAttacker = Color::Black;
  single.hashMegabytes = 64;
  single.maxNodes = 2'000'000;
  return gomoku::solve(pos, single);
}

// A run asking black's win with jobs too small to prove anything alone.
coordinator::RunOptions tenNodeJobs(bool lendProofs) {
  coordinator::RunOptions o;
  o.onlyAttacker = Color::Black;
  o.jobBudget.maxNodes = 10;
  o.jobBudget.hashMegabytes = 8;
  o.lendProofs = lendProofs;
  return o;
}

TEST(Distributed, WorkersTakeTheBooksVerifiedWinsAsLeaves) {
  // The book holds the verified proof of the position after 23 plies (white to move, black wins).
  // A job on the position before it (black to move) meets it one move down: lent, it proves the
  // root in a few nodes, where a job of the same size without it cannot.
  const gomoku::Position child = kagetsuPlies(23), root = kagetsuPlies(22);
  const gomoku::SolveResult proved = blackWinProved(child);
  ASSERT_EQ(proved.value, GameValue::BlackWins) << proved.verifyError;
  for (bool lend : {true, false}) {
    TempBook dir;
    book::Book book(dir.dir, book::Book::Access::Create);
    book::storeSolve(book, child, proved);
    const coordinator::RunOptions o = tenNodeJobs(lend);
    auto pool = coordinator::makeLocalPool(1);
    const auto s = coordinator::runCoordinator(book, root, *pool, o);
    EXPECT_EQ(s.value, GameValue::BlackWins) << "lend " << lend;
    if (lend) {
      EXPECT_GT(s.winsListed, 0u);
      EXPECT_GE(s.proofsLent, 1u);
      EXPECT_EQ(s.jobs, 1u) << "the root's first job proved it";
      EXPECT_EQ(s.proven, 1u);
      EXPECT_LE(s.nodes, 10u);
    } else {
      EXPECT_EQ(s.proofsAsked, 0u);
      EXPECT_EQ(s.proven, 0u) << "a 10-node job proves nothing alone";
      EXPECT_GT(s.settledByBackup, 0u) << "settled from the book's child instead";
    }
    // Either way the stored root proof is rebuilt from the records and re-verified.
    const auto check = book::checkStoredClaim(book, root.board, root.rule, root.toMove, Color::Black);
    EXPECT_TRUE(check.ok) << check.error;
  }
}

TEST(Distributed, ARootWhoseRepliesTheBookProvesIsSettledWithoutAJob) {
  // Every white reply to the position after 23 plies is proved and verified in the book (as after
  // a campaign whose last replies were solved apart and imported): the run settles the root from
  // them, with no job, and its derived step is rebuilt and verified at the end.
  const gomoku::Position root = kagetsuPlies(23);
  coordinator::JobTree listing(root, coordinator::MoveListing::Prover);
  const std::vector<int> replies = listing.expand(0, Color::Black);
  ASSERT_FALSE(replies.empty());
  for (bool allProved : {true, false}) {
    TempBook dir;
    book::Book book(dir.dir, book::Book::Access::Create);
    for (std::size_t i = 0; i < replies.size(); ++i) {
      if (!allProved && i + 1 == replies.size()) break;  // one reply left open
      const gomoku::Position child = listing.position(replies[i]);
      const gomoku::SolveResult proved = blackWinProved(child);
      ASSERT_EQ(proved.value, GameValue::BlackWins) << proved.verifyError;
      book::storeSolve(book, child, proved);
    }
    coordinator::RunOptions o = tenNodeJobs(false);
    o.maxJobs = 1;
    auto pool = coordinator::makeLocalPool(1);
    const auto s = coordinator::runCoordinator(book, root, *pool, o);
    if (allProved) {
      EXPECT_EQ(s.value, GameValue::BlackWins);
      EXPECT_EQ(s.jobs, 0u) << "the book's replies settle the root before any job";
      EXPECT_EQ(s.settledByBackup, 1u);
      EXPECT_EQ(s.claimsVerified, 1u);
      EXPECT_EQ(book::queryBook(book, root).result, book::Value::BlackWins) << "verified, not a claim";
      const auto check = book::checkStoredClaim(book, root.board, root.rule, root.toMove, Color::Black);
      EXPECT_TRUE(check.ok) << check.error;
    } else {
      EXPECT_EQ(s.jobs, 1u) << "a reply is open: the root is asked as a whole first";
      EXPECT_EQ(s.settledByBackup, 0u);
    }
  }
}

TEST(Distributed, AForgedLentWinIsRefusedNotStored) {
  // A win marked verified in the book that proves nothing: the position after 19 plies with none
  // of white's replies answered. A worker takes it as a leaf below the root (18 plies, black to
  // move, not provable by 20,000 nodes otherwise), and the verifier refuses the job's proof.
  const gomoku::Position child = kagetsuPlies(19), root = kagetsuPlies(18);
  for (int workers : {1, 2}) {
    TempBook dir;
    book::Book book(dir.dir, book::Book::Access::Create);
    const auto forged = book::recordsFromStep(child, Color::Black, true, {}, {}, gomoku::kNoPoint, 1, 0);
    book::storeRecords(book, forged);
    std::vector<std::string> keys;
    for (const auto& [key, record] : forged) keys.push_back(key);
    book::markVerified(book, keys, Color::Black, true);
    coordinator::RunOptions o;
    o.onlyAttacker = Color::Black;
    o.jobBudget.maxNodes = 20'000;
    o.jobBudget.hashMegabytes = 8;
    o.maxJobs = 1;
    auto pool = coordinator::makeLocalPool(workers);
    // One worker: its own check refuses the proof (the job fails); two: the other worker's does.
    std::string refusal;
    try {
      coordinator::runCoordinator(book, root, *pool, o);
    } catch (const std::runtime_error& e) {
      refusal = e.what();
    }
    EXPECT_NE(refusal.find("verifier"), std::string::npos) << workers << " workers: " << refusal;
    EXPECT_NE(refusal.find("neither in the tree nor refuted"), std::string::npos) << refusal;
    const auto answer = book::queryBook(book, root);
    EXPECT_NE(answer.result, book::Value::BlackWins) << workers << " workers";
  }
}

TEST(Distributed, AnotherWorkerRefusesAForgedAnswer) {
  TempBook dir;
  book::Book book(dir.dir, book::Book::Access::Create);
  HalfLyingPool pool(2, true);
  coordinator::RunOptions o;
  o.jobBudget.maxNodes = 100;
  o.jobBudget.hashMegabytes = 8;
  const gomoku::Position root = freestyle("", 6);  // a draw: worker 0's "black wins" is false
  try {
    coordinator::runCoordinator(book, root, pool, o);
    FAIL() << "a forged proof was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("refused worker 1's answer"), std::string::npos) << e.what();
  }
  EXPECT_GE(pool.checks, 1);
  // Whatever the honest worker proved may be stored; the forged win never is.
  const auto answer = book::queryBook(book, root);
  EXPECT_NE(answer.result, book::Value::BlackWins);
  if (const auto r = book.get(book::canonicalKey(root.board, root.rule, root.toMove).bytes)) {
    EXPECT_NE(r->claimed, book::Value::BlackWins) << "the forged win reached the book";
  }
}

// The claims the coordinator derives (positions its children settle) are rebuilt from the book
// and verified on workers; each ends verified in the book, and one refusal stops the run with
// the claim left unverified.
TEST(Distributed, DerivedClaimsAreVerifiedOnWorkers) {
  const gomoku::Position root = freestyle("", 6);
  coordinator::RunOptions o;
  o.goal = coordinator::Goal::Build;
  o.depth = 2;
  o.jobBudget.maxNodes = 1000;
  o.jobBudget.hashMegabytes = 8;
  {
    TempBook dir;
    book::Book book(dir.dir, book::Book::Access::Create);
    HalfLyingPool pool(2, false);
    const auto s = coordinator::runCoordinator(book, root, pool, o);
    EXPECT_EQ(s.value, GameValue::Draw);
    EXPECT_GT(s.settledByBackup, 0u);
    EXPECT_GT(pool.claimChecks, 0) << "derived claims were checked on workers";
    EXPECT_EQ(static_cast<std::uint64_t>(pool.claimChecks), s.claimsVerified);
    EXPECT_EQ(s.checkSeconds, 0.0) << "the coordinator verified nothing itself";
    const auto answer = book::queryBook(book, root);
    EXPECT_EQ(answer.result, book::Value::Draw) << "the root's derived draw is verified";
  }
  {
    TempBook dir;
    book::Book book(dir.dir, book::Book::Access::Create);
    HalfLyingPool pool(2, false);
    pool.refuseClaims = true;
    try {
      coordinator::runCoordinator(book, root, pool, o);
      FAIL() << "a refused claim was taken";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("failed verification (on worker"), std::string::npos) << e.what();
    }
    EXPECT_NE(book::queryBook(book, root).result, book::Value::Draw) << "the refused claim counts as proved";
  }
}

// In-process workers behind a wire that damages one message: the `damageAt`-th message in the
// chosen direction gets one byte changed.
class DamagingPool : public coordinator::WorkerPool {
 public:
  DamagingPool(int workers, bool replies, int damageAt, std::uint32_t seed)
      : inner_(coordinator::makeLocalPool(workers)), replies_(replies), damageAt_(damageAt), rng_(seed) {}
  int size() const override { return inner_->size(); }
  std::string describe() const override { return "a damaging wire"; }
  void send(int w, std::string bytes) override {
    if (!replies_) damage(bytes);
    inner_->send(w, std::move(bytes));
  }
  std::optional<std::pair<int, std::string>> receive(double t) override {
    auto m = inner_->receive(t);
    if (m && replies_) damage(m->second);
    return m;
  }
  void stop() override { inner_->stop(); }
  bool damaged = false;

 private:
  void damage(std::string& bytes) {
    if (count_++ != damageAt_) return;
    const std::size_t at = rng_() % bytes.size();
    bytes[at] = static_cast<char>(bytes[at] ^ (1 + rng_() % 255));
    damaged = true;
  }
  std::unique_ptr<coordinator::WorkerPool> inner_;
  bool replies_;
  int damageAt_, count_ = 0;
  std::mt19937 rng_;
};

TEST(Distributed, RefusesAMessageDamagedInFlight) {
  for (const bool replies : {true, false})
    for (std::uint32_t seed = 1; seed <= 10; ++seed) {
      TempBook dir;
      book::Book book(dir.dir, book::Book::Access::Create);
      DamagingPool pool(2, replies, static_cast<int>(seed % 6), seed);
      coordinator::RunOptions o;
      o.jobBudget.maxNodes = 60;
      o.jobBudget.hashMegabytes = 4;
      const gomoku::Position pos = freestyle("", 6);
      try {
        coordinator::runCoordinator(book, pos, pool, o);
        ADD_FAILURE() << "a damaged message was accepted (seed " << seed << (replies ? ", a reply)" : ", a job)");
      } catch (const std::runtime_error& e) {
        EXPECT_TRUE(pool.damaged) << e.what();
        // The checksum catches it; damage to the magic or the version is named as such first.
        const std::string why = e.what();
        EXPECT_TRUE(why.find("damaged in flight") != std::string::npos || why.find("not a tengen message") != std::string::npos ||
                    why.find("protocol version") != std::string::npos)
            << why << " (seed " << seed << (replies ? ", a reply)" : ", a job)");
      }
      pool.stop();
      // Whatever was stored before the damage is sound: every decided entry verifies.
      book.forEach([&](std::string_view key, const book::BookRecord* r, const std::string&) {
        if (!r || r->result == book::Value::Unknown) return true;
        const auto d = book::decodeKey(key);
        for (int c = 0; c < 2; ++c)
          if (r->steps[static_cast<std::size_t>(c)].present) {
            const auto check = book::checkStoredClaim(book, d.board, d.rule, d.toMove, static_cast<Color>(c));
            EXPECT_TRUE(check.ok) << check.error;
          }
        return true;
      });
    }
}

// Othello through the coordinator: the 4x4 start to depth 3 with two in-process workers.
coordinator::OthelloBuildSummary buildOthello(book::Book& book, const othello::Position& root, int depth,
                                              coordinator::WorkerPool& pool, std::uint64_t proofNodes = 200000) {
  coordinator::OthelloBuildOptions o;
  o.depth = depth;
  o.budget.proofNodes = proofNodes;
  o.budget.hashMegabytes = 8;
  return coordinator::runOthelloBuild(book, root, pool, o);
}

TEST(OthelloBuild, FourByFourStartIsAVerifiedWhiteWinByTenAndResumes) {
  TempBook dir;
  book::Book book(dir.dir, book::Book::Access::Create);
  auto pool = coordinator::makeLocalPool(2);
  const othello::Position start = othello::Position::start(4);
  const auto s = buildOthello(book, start, 3, *pool);
  ASSERT_TRUE(s.rootMargin);
  EXPECT_EQ(*s.rootMargin, -10);  // white wins 13-3 with the empties (published: 4x4 is a white win)
  EXPECT_TRUE(s.rootVerified);
  EXPECT_EQ(s.claimed, 0u);
  EXPECT_EQ(s.unknown, 0u);
  EXPECT_GT(s.jobs, 5u);
  EXPECT_EQ(s.proved, s.jobs);
  // Every entry verifies again from the book alone, and agrees with the endgame solver.
  std::size_t entries = 0;
  book.forEachGameEntry(book::kOthelloFamily, [&](std::string_view key, std::string_view bytes, const std::string&) {
    const book::OthelloEntry e = book::decodeOthelloEntry(bytes);
    EXPECT_TRUE(e.verified());
    EXPECT_EQ(book::othelloKey(e.position()).bytes, key);
    othello::EndgameSolver solver(16);
    EXPECT_EQ(solver.solve(e.position()).margin, e.margin);
    if (e.basis == book::OthelloBasis::Trees) {
      EXPECT_EQ(book::checkOthelloEntry(e), "");
    }
    ++entries;
    return true;
  });
  EXPECT_EQ(entries, s.positions);
  // A rerun asks nothing: every position is in the book.
  const auto again = buildOthello(book, start, 3, *pool);
  EXPECT_EQ(again.jobs, 0u);
  EXPECT_EQ(again.fromBook, s.positions);
  EXPECT_EQ(*again.rootMargin, -10);
}

TEST(OthelloBuild, MarginsWithoutProofsAreClaimsAndSoIsEverythingAbove) {
  TempBook dir;
  book::Book book(dir.dir, book::Book::Access::Create);
  auto pool = coordinator::makeLocalPool(1);
  const auto s = buildOthello(book, othello::Position::start(4), 2, *pool, /*proofNodes=*/0);
  ASSERT_TRUE(s.rootMargin);
  EXPECT_EQ(*s.rootMargin, -10);
  EXPECT_FALSE(s.rootVerified);
  EXPECT_EQ(s.proved, 0u);
  EXPECT_EQ(s.claimed, s.jobs);
  EXPECT_EQ(s.derivedVerified, 0u);
}

// A worker that adds two discs to every margin it sends, keeping the trees: the verifier refuses
// the first answer and nothing of it is stored.
class InflatingPool : public ScriptedPool {
 public:
  InflatingPool()
      : ScriptedPool("an inflating worker", [](const std::string& bytes) {
          auto reply = worker::runOthelloJob(worker::othelloJobOf(std::get<worker::GameJob>(worker::decodeMessage(bytes))));
          reply.margin += 2;
          return worker::encodeMessage(worker::gameReplyOf(reply));
        }) {}
};

TEST(OthelloBuild, RefusesAMarginItsTreesDoNotProve) {
  TempBook dir;
  book::Book book(dir.dir, book::Book::Access::Create);
  InflatingPool pool;
  try {
    buildOthello(book, othello::Position::start(4), 2, pool);
    FAIL() << "an inflated margin was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("the verifier refused"), std::string::npos) << e.what();
  }
  int stored = 0;
  book.forEachGameEntry(book::kOthelloFamily, [&](std::string_view, std::string_view, const std::string&) { return ++stored, true; });
  EXPECT_EQ(stored, 0);
}

// A worker that could not read its job answers with its reason, under no job id: the build stops
// and says why, and stores nothing.
TEST(OthelloBuild, AWorkerThatCannotReadItsJobStopsTheBuildWithItsReason) {
  TempBook dir;
  book::Book book(dir.dir, book::Book::Access::Create);
  ScriptedPool pool("a worker that reads nothing", [](const std::string&) {
    worker::GameReply failed;
    failed.error = "worker could not read a message: for the test";
    return worker::encodeMessage(failed);
  });
  try {
    buildOthello(book, othello::Position::start(4), 2, pool);
    FAIL() << "a build went on without its answers";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("could not read a message: for the test"), std::string::npos) << e.what();
  }
  int stored = 0;
  book.forEachGameEntry(book::kOthelloFamily, [&](std::string_view, std::string_view, const std::string&) { return ++stored, true; });
  EXPECT_EQ(stored, 0);
}

TEST(OthelloBuild, JobMessagesRoundTrip) {
  othello::Position p = othello::Position::start(6, othello::StartKind::Parallel, othello::Scoring::FewestDiscs);
  p.play(std::countr_zero(p.moves()));  // the start always has moves
  const auto job = worker::makeOthelloJob(9, p, {1.5, 777, 8});
  const auto back = worker::othelloJobOf(std::get<worker::GameJob>(worker::decodeMessage(worker::encodeMessage(worker::gameJobOf(job)))));
  EXPECT_EQ(worker::othelloJobPosition(back), p);
  EXPECT_EQ(back.proofNodes, 777u);
  EXPECT_EQ(back.maxSeconds, 1.5);
  worker::OthelloJobRequest bad = back;
  bad.white |= bad.black;  // discs overlap
  EXPECT_THROW(worker::othelloJobPosition(bad), worker::ProtocolError);
  EXPECT_EQ(worker::runOthelloJob(bad).outcome, worker::JobOutcome::Failed);
}

// The envelope: a worker runs a game's job through its table of games; a game it does not know,
// and a body that is not the named game's, come back as an error naming the job, never a guess.
TEST(GameJobs, TheWorkerLoopRunsAnEnvelopesGameAndNamesWhatItCannotRun) {
  auto pool = coordinator::makeLocalPool(1);
  const othello::Position p = othello::Position::start(4);
  pool->send(0, worker::encodeMessage(worker::gameJobOf(worker::makeOthelloJob(5, p, {0, 0, 8}))));
  auto message = pool->receive(30);
  ASSERT_TRUE(message);
  auto envelope = std::get<worker::GameReply>(worker::decodeMessage(message->second));
  EXPECT_EQ(envelope.jobId, 5u);
  EXPECT_EQ(envelope.game, "othello");
  EXPECT_TRUE(envelope.error.empty()) << envelope.error;
  const auto solved = worker::othelloReplyOf(envelope);
  EXPECT_EQ(solved.outcome, worker::JobOutcome::Proven);
  EXPECT_EQ(solved.margin, -10);  // the 4x4 start: white by 10 (OthelloBuild's root above)

  pool->send(0, worker::encodeMessage(worker::GameJob{6, "chess", "e4"}));
  message = pool->receive(30);
  ASSERT_TRUE(message);
  envelope = std::get<worker::GameReply>(worker::decodeMessage(message->second));
  EXPECT_EQ(envelope.jobId, 6u);
  EXPECT_NE(envelope.error.find("\"chess\""), std::string::npos) << envelope.error;
  const auto failed = worker::othelloReplyOf(envelope);  // an error reads as a failed job
  EXPECT_EQ(failed.outcome, worker::JobOutcome::Failed);
  EXPECT_EQ(failed.error, envelope.error);

  pool->send(0, worker::encodeMessage(worker::GameJob{7, "othello", "not an Othello request"}));
  message = pool->receive(30);
  ASSERT_TRUE(message);
  envelope = std::get<worker::GameReply>(worker::decodeMessage(message->second));
  EXPECT_EQ(envelope.jobId, 7u);
  EXPECT_NE(envelope.error.find("Othello job 7"), std::string::npos) << envelope.error;
  EXPECT_TRUE(envelope.reply.empty());

  // A five-in-a-row envelope holding Othello's request is refused as five-in-a-row's.
  worker::GameJob foreign = worker::gameJobOf(worker::makeOthelloJob(8, p, {0, 0, 8}));
  foreign.game = "gomoku";
  pool->send(0, worker::encodeMessage(foreign));
  message = pool->receive(30);
  ASSERT_TRUE(message);
  const auto refused = worker::jobReplyOf(std::get<worker::GameReply>(worker::decodeMessage(message->second)));
  EXPECT_EQ(refused.jobId, 8u);
  EXPECT_EQ(refused.outcome, worker::JobOutcome::Failed);
  EXPECT_NE(refused.error.find("five-in-a-row job 8 damaged"), std::string::npos) << refused.error;

  // Checks go to the game's runner too: Othello's answers are the coordinator's to check, and a
  // game nobody runs is named.
  for (const char* game : {"othello", "chess"}) {
    worker::CheckRequest check;
    check.checkId = 11;
    check.job = worker::GameJob{3, game, "x"};
    pool->send(0, worker::encodeMessage(check));
    message = pool->receive(30);
    ASSERT_TRUE(message);
    const auto verdict = std::get<worker::CheckReply>(worker::decodeMessage(message->second));
    EXPECT_EQ(verdict.checkId, 11u);
    EXPECT_FALSE(verdict.accepted);
    EXPECT_NE(verdict.error.find(std::string(game) == "othello" ? "checked by the coordinator" : "\"chess\""),
              std::string::npos)
        << verdict.error;
  }
}

// Bodies of random bytes (a peer that passed the checksum with garbage): each game's runner answers
// every one with an error, never a crash or a search.
TEST(GameJobs, RandomBodiesComeBackAsErrors) {
  worker::GameJobs games;
  std::mt19937_64 rng(55);
  for (const char* game : {"gomoku", "othello"})
    for (int i = 0; i < 300; ++i) {
      std::string body(rng() % 200, '\0');
      for (char& c : body) c = static_cast<char>(rng());
      const worker::GameReply reply = games.run(worker::GameJob{rng(), game, body}, {});
      EXPECT_FALSE(reply.error.empty()) << game << " " << i;
      EXPECT_TRUE(reply.reply.empty());
    }
}

// A length in a body (of a string, of a vector) longer than the body itself is refused before the
// reader allocates it: a body claiming 2^40 bytes costs nothing. A bool must be 0 or 1.
TEST(GameJobs, ALengthLongerThanItsBodyOrABadTruthValueIsRefused) {
  EXPECT_EQ(worker::decodeBody<std::string>(worker::encodeBody(std::string("tengen"))), "tengen");
  EXPECT_EQ(worker::decodeBody<std::vector<std::int16_t>>(worker::encodeBody(std::vector<std::int16_t>{3, -1, 7})),
            (std::vector<std::int16_t>{3, -1, 7}));
  std::string claim = worker::encodeBody(std::string("tengen"));
  const std::uint64_t huge = std::uint64_t{1} << 40;
  claim.replace(0, sizeof huge, reinterpret_cast<const char*>(&huge), sizeof huge);  // the string's length
  EXPECT_THROW(worker::decodeBody<std::string>(claim), std::length_error);
  std::string vector = worker::encodeBody(std::vector<std::int16_t>{3, -1, 7});
  vector.replace(0, sizeof huge, reinterpret_cast<const char*>(&huge), sizeof huge);  // the vector's count
  EXPECT_THROW(worker::decodeBody<std::vector<std::int16_t>>(vector), std::length_error);
  // Nor is a byte other than 0 or 1 read as a truth value.
  EXPECT_TRUE(worker::decodeBody<bool>(worker::encodeBody(true)));
  EXPECT_THROW(worker::decodeBody<bool>(std::string(1, '\x39')), std::domain_error);
}

TEST(GameJobs, AnEnvelopeIsReadOnlyAsItsOwnGameAndItsOwnJob) {
  const othello::Position p = othello::Position::start(4);  // solved at once
  worker::GameJob job = worker::gameJobOf(worker::makeOthelloJob(8, p, {0, 0, 8}));
  EXPECT_EQ(worker::othelloJobPosition(worker::othelloJobOf(job)), p);
  worker::GameJob other = job;
  other.game = "gomoku";
  try {
    worker::othelloJobOf(other);
    ADD_FAILURE() << "a five-in-a-row envelope was read as Othello's";
  } catch (const worker::ProtocolError& e) {
    EXPECT_STREQ(e.what(), "job 8 is of the game \"gomoku\", not an Othello job 8");
  }
  other = job;
  other.jobId = 9;  // the body still says job 8
  EXPECT_THROW(worker::othelloJobOf(other), worker::ProtocolError);
  other = job;
  other.request.resize(other.request.size() / 2);  // cut short
  EXPECT_THROW(worker::othelloJobOf(other), worker::ProtocolError);
  worker::GameReply reply = worker::gameReplyOf(worker::runOthelloJob(worker::othelloJobOf(job)));
  reply.game = "gomoku";
  EXPECT_THROW(worker::othelloReplyOf(reply), worker::ProtocolError);
}


// A split solve: one position's moves as jobs (and its first move's, `levels` deep). Its margin is
// the endgame solver's, the best move reaches it, later moves are only tested against the best so
// far, and the root's two trees, composed from the jobs' trees, pass the plain-rules verifier again here.
coordinator::OthelloSplitSummary splitOthello(const othello::Position& p, coordinator::WorkerPool& pool,
                                              std::uint64_t proofNodes, int levels = 3) {
  coordinator::OthelloSplitOptions o;
  o.levels = levels;
  o.budget.hashMegabytes = 8;
  o.budget.proofNodes = proofNodes;
  return coordinator::runOthelloSplit(p, pool, o);
}

TEST(OthelloSplit, MarginsAreTheSolversAndTheComposedProofsVerify) {
  std::mt19937 rng(2026);
  auto pool = coordinator::makeLocalPool(2);
  std::uint64_t bounds = 0, deeper = 0;
  for (int i = 0; i < 16; ++i) {
    const othello::Position p = othello::randomPosition(rng, 6, 12 + i % 4);
    if (!p.moves()) continue;
    othello::EndgameSolver solver(16);
    const int margin = solver.solve(p).margin;
    // Every other position split at the root only: one job per move.
    const int levels = i % 2 ? 1 : 3;
    const auto s = splitOthello(p, *pool, 1000000, levels);
    ASSERT_TRUE(s.exact);
    EXPECT_EQ(s.margin, margin) << i;
    EXPECT_EQ(s.moves, static_cast<std::uint64_t>(std::popcount(p.moves())));
    if (levels == 1) {
      EXPECT_EQ(s.jobs, s.moves);
    }
    EXPECT_EQ(s.jobs, s.exactJobs + s.boundJobs);
    bounds += s.boundJobs;
    deeper += s.splitPositions > 1;
    othello::Position after = p;
    after.play(s.best);
    EXPECT_EQ(-solver.solve(after).margin, margin) << "the best move reaches the margin";
    ASSERT_FALSE(s.line.empty());
    EXPECT_EQ(s.line[0], s.best);
    othello::Position end = p;
    for (const auto m : s.line) end.play(m);
    EXPECT_TRUE(end.ended());
    ASSERT_TRUE(s.proof.proved) << s.proof.error;
    EXPECT_TRUE(othello::checkOthelloProof(p, p.toMove(), margin, s.proof.atLeast).ok);
    EXPECT_TRUE(othello::checkOthelloProof(p, p.toMove(), margin + 1, s.proof.notAbove).ok);
    // And the trees prove nothing stronger.
    EXPECT_FALSE(othello::checkOthelloProof(p, p.toMove(), margin + 2, s.proof.atLeast).ok);
  }
  EXPECT_GT(bounds, 0u) << "no move was settled by a bound: the ceilings are not used";
  EXPECT_GT(deeper, 3u) << "the first move was seldom split: the levels are not used";
}

TEST(OthelloSplit, OneWorkerIsDeterministicAndWithoutProofsNoneIsClaimed) {
  std::mt19937 rng(7);
  const othello::Position p = othello::randomPosition(rng, 8, 16);
  ASSERT_TRUE(p.moves());
  // A worker keeps its table from job to job: each run on workers of its own.
  const auto a = splitOthello(p, *coordinator::makeLocalPool(1), 0);
  const auto b = splitOthello(p, *coordinator::makeLocalPool(1), 0);
  ASSERT_TRUE(a.exact);
  EXPECT_EQ(a.margin, b.margin);
  EXPECT_EQ(a.nodes, b.nodes);
  EXPECT_EQ(a.best, b.best);
  EXPECT_FALSE(a.proof.proved);
  othello::EndgameSolver solver(16);
  EXPECT_EQ(a.margin, solver.solve(p).margin);
}

TEST(OthelloSplit, RefusesAMarginItsTreesDoNotProve) {
  InflatingPool pool;
  std::mt19937 rng(11);
  const othello::Position p = othello::randomPosition(rng, 6, 12);
  ASSERT_TRUE(p.moves());
  try {
    splitOthello(p, pool, 1000000);
    FAIL() << "an inflated margin was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("the verifier refused"), std::string::npos) << e.what();
  }
}

TEST(OthelloSplit, CeilingsAndLinesCrossTheWire) {
  std::mt19937 rng(5);
  const othello::Position p = othello::randomPosition(rng, 6, 12);
  othello::EndgameSolver solver(16);
  const int margin = solver.solve(p).margin;
  worker::OthelloJobRequest job = worker::makeOthelloJob(3, p, {0, 0, 8});
  job.wantLine = true;
  job.ceiling = margin - 2;  // reached: a lower bound comes back, no line
  auto back = worker::othelloJobOf(std::get<worker::GameJob>(worker::decodeMessage(worker::encodeMessage(worker::gameJobOf(job)))));
  EXPECT_EQ(back.ceiling, margin - 2);
  EXPECT_TRUE(back.wantLine);
  auto reply = worker::othelloReplyOf(
      std::get<worker::GameReply>(worker::decodeMessage(worker::encodeMessage(worker::gameReplyOf(worker::runOthelloJob(back))))));
  EXPECT_TRUE(reply.lowerBound);
  EXPECT_GE(reply.margin, margin - 2);
  EXPECT_LE(reply.margin, margin);
  EXPECT_TRUE(reply.line.empty());
  job.ceiling = margin + 1;  // not reached: exact, with its line
  reply = worker::othelloReplyOf(
      std::get<worker::GameReply>(worker::decodeMessage(worker::encodeMessage(worker::gameReplyOf(worker::runOthelloJob(job))))));
  EXPECT_FALSE(reply.lowerBound);
  EXPECT_EQ(reply.margin, margin);
  othello::Position end = p;
  for (const auto m : reply.line) end.play(m);
  EXPECT_TRUE(end.ended());
  EXPECT_EQ(end.finalMargin() * (end.toMove() == p.toMove() ? 1 : -1), margin) << "the line ends at the margin";
}

}  // namespace
