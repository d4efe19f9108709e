// Jobs for the prover: one attacker's question about one position, answered with a tree that
// the worker's own solve() has already passed through the independent verifier.
#include "worker/gomoku_job.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>

#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/rules.h"
#include "worker/game_envelope.h"
#include "worker/message_body.h"
#include "worker/shutdown.h"
#include "worker/wire_tree.h"

BOOST_CLASS_VERSION(tengen::worker::JobRequest, 4)
BOOST_CLASS_VERSION(tengen::worker::WireHint, 1)
BOOST_CLASS_VERSION(tengen::worker::KnownWin, 1)
BOOST_CLASS_VERSION(tengen::worker::JobReply, 2)

namespace boost::serialization {

template <class Archive>
void serialize(Archive& ar, tengen::worker::JobRequest& j, unsigned version) {
  ar & j.jobId & j.rule & j.size & j.black & j.white & j.toMove & j.attacker & j.maxNodes & j.maxSeconds &
      j.hashMegabytes;
  if (version >= 2) ar & j.checkHere;
  if (version >= 3) ar & j.knownRun & j.knownWins;
  if (version >= 4) ar & j.hints;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::WireHint& h, unsigned) {
  ar & h.boardHash & h.move;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::KnownWin& w, unsigned) {
  ar & w.canonicalHash & w.toMove & w.attacker;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::JobReply& r, unsigned version) {
  ar & r.jobId & r.outcome & r.tree & r.pn & r.dn & r.nodes & r.seconds & r.error;
  if (version >= 2) ar & r.engineQuestions & r.engineSeconds;
}

}  // namespace boost::serialization

namespace tengen::worker {

using gomoku::Color;
using gomoku::Point;

JobRequest makeJobRequest(std::uint64_t jobId, const gomoku::Position& position, Color attacker,
                          const JobBudget& budget) {
  JobRequest job;
  job.jobId = jobId;
  job.rule = static_cast<std::uint8_t>(position.rule);
  job.size = static_cast<std::uint8_t>(position.board.size());
  for (const auto& placed : position.board.history())
    (placed.color == Color::Black ? job.black : job.white).push_back(placed.point);
  job.toMove = static_cast<std::uint8_t>(position.toMove);
  job.attacker = static_cast<std::uint8_t>(attacker);
  job.maxNodes = budget.maxNodes;
  job.maxSeconds = budget.maxSeconds;
  job.hashMegabytes = budget.hashMegabytes;
  return job;
}

CheckRequest makeCheckRequest(std::uint64_t checkId, const JobRequest& job, WireTree tree) {
  CheckRequest request;
  request.checkId = checkId;
  request.job = gameJobOf(job);
  request.tree = std::move(tree);
  return request;
}

gomoku::Position jobPosition(const JobRequest& job) {
  if (job.rule > 2) throw ProtocolError("job " + std::to_string(job.jobId) + ": unknown rule");
  if (job.size < gomoku::kMinSize || job.size > gomoku::kMaxSize)
    throw ProtocolError("job " + std::to_string(job.jobId) + ": board size out of range");
  if (job.toMove > 1 || job.attacker > 1) throw ProtocolError("job " + std::to_string(job.jobId) + ": bad colour");
  gomoku::Position pos{static_cast<gomoku::Rule>(job.rule), gomoku::Board(job.size), static_cast<Color>(job.toMove)};
  const int cells = job.size * job.size;
  for (Color c : {Color::Black, Color::White})
    for (WireCell p : c == Color::Black ? job.black : job.white) {
      if (p < 0 || p >= cells || !pos.board.isEmpty(p))
        throw ProtocolError("job " + std::to_string(job.jobId) + ": a stone is off the board or doubled");
      pos.board.place(p, c);
    }
  if (gomoku::findFinishedGame(pos.board, pos.rule))
    throw ProtocolError("job " + std::to_string(job.jobId) + ": the game is already over");
  return pos;
}

WireTree toWire(const proof::ProofTree<Point>& tree) { return treeToWire(tree); }

proof::ProofTree<Point> fromWire(const WireTree& wire, int boardSize) {
  const int cells = boardSize * boardSize;
  return treeFromWire<Point>(wire, [cells](WireCell p) {
    // A pass edge carries a relevance zone's win after a pass (the verifier checks it as such).
    if (p == gomoku::kPass) return gomoku::kPass;
    if (p < 0 || p >= cells) throw ProtocolError("a proof tree move is off the board");
    return static_cast<Point>(p);
  });
}

JobReply runJob(const JobRequest& job) { return JobRunner().run(job); }

namespace {

// A pass proof's hints help where the opponent's stone leaves the proof's lines standing (a far
// Suisei fifth move: 6,032-10,712 nodes with them against 514,065-583,686 without) and mislead
// where it breaks them (after h8 n8 g7 and white's f6, the end of black's diagonal: 25,637 nodes
// without them, not proved in 400,000 with them). A hinted job so searches with the hints for a
// quarter of its budget, where a right hint's proof is found, then without them for the rest.
// Every search pays a first look and a threat-space search before its budget counts: a job
// smaller than kSplitFrom (a test's tiny jobs) would pay them twice for little, and keeps its hints.
constexpr int kHintedShare = 4;
constexpr std::uint64_t kSplitFrom = 65536;

gomoku::SolveResult solveHinted(const gomoku::Position& pos, const gomoku::SolveOptions& options) {
  if (!options.hints || options.maxNodes < kSplitFrom) return gomoku::solve(pos, options);
  gomoku::SolveOptions hinted = options;
  hinted.maxNodes = options.maxNodes / kHintedShare;
  if (hinted.maxSeconds > 0) hinted.maxSeconds = options.maxSeconds / kHintedShare;
  const gomoku::SolveResult first = gomoku::solve(pos, hinted);
  if (!first.proofs.empty() || first.verifyError.find("rejected") != std::string::npos || options.cancel->load())
    return first;
  gomoku::SolveOptions plain = options;
  plain.hints = nullptr;
  plain.maxNodes = options.maxNodes - std::min(options.maxNodes - 1, first.nodes);
  if (plain.maxSeconds > 0) plain.maxSeconds = std::max(0.001, options.maxSeconds - first.seconds);
  gomoku::SolveResult second = gomoku::solve(pos, plain);
  second.nodes += first.nodes;
  second.zoneNodes += first.zoneNodes;
  second.seconds += first.seconds;
  return second;
}

}  // namespace

std::shared_ptr<const gomoku::KnownProofs> JobRunner::lentProofs(const JobRequest& job, ProofSource source) {
  const auto rule = static_cast<gomoku::Rule>(job.rule);
  if (job.knownRun == 0 || !source) {
    known_.reset();
    knownRun_ = 0;
    return nullptr;
  }
  if (!known_ || knownRun_ != job.knownRun || known_->rule() != rule || known_->size() != job.size) {
    known_ = std::make_shared<gomoku::KnownProofs>(rule, job.size);
    knownRun_ = job.knownRun;
    known_->setLoader([this, rule](const gomoku::Board& board, Color toMove,
                                   Color attacker) -> std::shared_ptr<const gomoku::KnownProofs::Tree> {
      if (!source_) return nullptr;
      ProofWanted want;
      want.jobId = jobId_;
      want.position = gameJobOf(makeJobRequest(jobId_, gomoku::Position{rule, board, toMove}, attacker, {}));
      const auto wire = source_(want);
      if (!wire) return nullptr;
      try {
        // Whatever comes back is only a leaf: the job's proof is verified whole, this tree with it.
        return std::make_shared<gomoku::KnownProofs::Tree>(fromWire(*wire, board.size()));
      } catch (const ProtocolError&) {
        return nullptr;
      }
    });
  }
  for (const KnownWin& w : job.knownWins)
    if (w.toMove <= 1 && w.attacker <= 1)
      known_->addLoadable(w.canonicalHash, static_cast<Color>(w.toMove), static_cast<Color>(w.attacker));
  source_ = std::move(source);
  jobId_ = job.jobId;
  return known_;
}

namespace {

struct EngineTally {
  std::atomic<std::uint32_t> questions{0};
  std::atomic<std::uint64_t> nanoseconds{0};
};

}  // namespace

const gomoku::MoveOracle& JobRunner::oracleFor(const gomoku::Position& pos) {
  const int game = static_cast<int>(pos.rule) * 64 + pos.board.size();
  if (guide_.make && game != oracleGame_) {
    oracle_ = guide_.make(pos.rule, pos.board.size());
    oracleGame_ = game;
  }
  return oracle_;
}

JobReply JobRunner::run(const JobRequest& job, const std::atomic<bool>* withdrawn, ProofSource source) {
  JobReply reply;
  reply.jobId = job.jobId;
  try {
    const gomoku::Position pos = jobPosition(job);
    gomoku::SolveOptions options;
    options.onlyAttacker = static_cast<Color>(job.attacker);
    options.maxNodes = job.maxNodes;
    options.maxSeconds = job.maxSeconds;
    options.hashMegabytes = std::max<std::uint32_t>(1, job.hashMegabytes);
    if (!table_ || tableMegabytes_ != options.hashMegabytes) {
      table_.reset();
      table_ = std::make_unique<proof::TranspositionTable>(options.hashMegabytes);
      tableMegabytes_ = static_cast<std::uint32_t>(options.hashMegabytes);
    }
    options.table = table_.get();
    options.known = lentProofs(job, std::move(source));
    options.checkProofs = job.checkHere;
    if (!job.hints.empty()) {
      auto hints = std::make_shared<gomoku::ProofGame::Hints>();
      for (const auto& h : job.hints)
        if (h.move >= 0 && h.move < pos.board.cellCount()) (*hints)[h.boardHash].push_back(h.move);
      options.hints = std::move(hints);
    }
    // What the engine costs the job, counted around each question. With --hint-wait 0 it answers
    // on a thread of its own, hence atomics, held by the oracle so no answer outlives its tally.
    auto engine = std::make_shared<EngineTally>();
    if (const gomoku::MoveOracle& oracle = oracleFor(pos)) {
      options.oracle = [oracle, engine](const gomoku::Board& board, Color toMove) {
        const auto start = std::chrono::steady_clock::now();
        const std::optional<gomoku::Point> move = oracle(board, toMove);
        engine->nanoseconds += static_cast<std::uint64_t>(
            std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count());
        ++engine->questions;
        return move;
      };
      options.oracleAfterNodes = guide_.afterNodes;
      options.oracleQuestions = guide_.questions;
      options.oracleInBackground = guide_.inBackground;
    }
    options.cancel = withdrawn ? withdrawn : &stopFlag();  // a stopping run does not wait for its jobs
    const gomoku::SolveResult r = solveHinted(pos, options);
    source_ = {};  // the channel it asks through is the running job's only
    reply.nodes = r.nodes;
    reply.seconds = r.seconds;
    reply.engineQuestions = engine->questions.load();
    reply.engineSeconds = static_cast<double>(engine->nanoseconds.load()) * 1e-9;
    if (!r.proofs.empty()) {
      reply.tree = toWire(r.proofs.front().tree);
      reply.outcome = r.proofs.front().tree.attackerWins ? JobOutcome::Proven : JobOutcome::Disproven;
    } else if (r.verifyError.find("rejected") != std::string::npos) {
      // A tree the verifier refused is a prover bug: report it, never a value.
      reply.outcome = JobOutcome::Failed;
      reply.error = r.verifyError;
    } else if (options.cancel->load()) {
      reply.outcome = JobOutcome::Cancelled;
    } else {
      reply.outcome = JobOutcome::Unknown;
      if (r.rootNumbers) {
        reply.pn = r.rootNumbers->pn;
        reply.dn = r.rootNumbers->dn;
      }
    }
  } catch (const std::exception& e) {
    reply.outcome = JobOutcome::Failed;
    reply.error = e.what();
  }
  return reply;
}

}  // namespace tengen::worker

namespace tengen::worker {

CheckReply runCheck(const CheckRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  CheckReply reply;
  reply.checkId = request.checkId;
  try {
    const JobRequest job = jobRequestOf(request.job);
    const gomoku::Position pos = jobPosition(job);
    const auto tree = fromWire(request.tree, pos.board.size());
    if (tree.nodes.empty()) throw ProtocolError("an empty proof tree");
    const gomoku::ProofCheck check =
        gomoku::checkProof(pos.board, pos.toMove, pos.rule, static_cast<Color>(job.attacker), tree);
    reply.accepted = check.ok;
    reply.error = check.error;
  } catch (const std::exception& e) {
    reply.accepted = false;
    reply.error = e.what();
  }
  reply.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return reply;
}

namespace {

constexpr GameCodec<JobRequest, JobReply> kCodec{kFiveInARowGame, "a five-in-a-row"};

}  // namespace

GameJob gameJobOf(const JobRequest& job) { return kCodec.wrap(job); }
JobRequest jobRequestOf(const GameJob& job) { return kCodec.request(job); }
GameReply gameReplyOf(const JobReply& reply) { return kCodec.wrap(reply); }
JobReply jobReplyOf(const GameReply& reply) { return kCodec.reply(reply); }

namespace {

class FiveInARowRunner : public GameJobRunner {
 public:
  explicit FiveInARowRunner(SearchGuide guide) : runner_(std::move(guide)) {}
  GameReply run(const GameJob& job, const JobContext& context) override {
    return kCodec.run(job, [&](const JobRequest& r) { return runner_.run(r, context.withdrawn, context.askCoordinator); });
  }
  CheckReply check(const CheckRequest& request) override { return runCheck(request); }

 private:
  JobRunner runner_;
};

}  // namespace

std::unique_ptr<GameJobRunner> makeFiveInARowRunner(const SearchGuide& guide) {
  return std::make_unique<FiveInARowRunner>(guide);
}

}  // namespace tengen::worker
