// An Othello job on the wire: the request turned into a position and a margin job
// (solver/othello/margin_job.h), the answer into a reply, both in and out of the GameJob envelope.
// The worker does not check the trees: the coordinator re-checks them with the plain-rules
// verifier before it stores a proof.
#include "worker/othello_job.h"

#include <chrono>

#include "worker/game_envelope.h"
#include "worker/message_body.h"
#include "worker/shutdown.h"
#include "worker/wire_tree.h"

BOOST_CLASS_VERSION(tengen::worker::OthelloJobRequest, 2)
BOOST_CLASS_VERSION(tengen::worker::OthelloJobReply, 2)

namespace boost::serialization {

template <class Archive>
void serialize(Archive& ar, tengen::worker::OthelloJobRequest& j, unsigned version) {
  ar & j.jobId & j.size & j.black & j.white & j.whiteToMove & j.fewestWins & j.maxSeconds & j.proofNodes &
      j.hashMegabytes;
  if (version >= 2) ar & j.ceiling & j.wantLine;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::OthelloJobReply& r, unsigned version) {
  ar & r.jobId & r.outcome & r.margin & r.best & r.hasProof & r.atLeast & r.notAbove & r.nodes & r.seconds & r.error;
  if (version >= 2) ar & r.lowerBound & r.line;
}

}  // namespace boost::serialization

namespace tengen::worker {

OthelloJobRequest makeOthelloJob(std::uint64_t jobId, const othello::Position& p, const OthelloJobBudget& budget) {
  OthelloJobRequest job;
  job.jobId = jobId;
  job.size = static_cast<std::uint8_t>(p.size());
  job.black = p.discs(othello::Disc::Black);
  job.white = p.discs(othello::Disc::White);
  job.whiteToMove = p.toMove() == othello::Disc::White;
  job.fewestWins = p.scoring() == othello::Scoring::FewestDiscs;
  job.maxSeconds = budget.maxSeconds;
  job.proofNodes = budget.proofNodes;
  job.hashMegabytes = budget.hashMegabytes;
  return job;
}

othello::Position othelloJobPosition(const OthelloJobRequest& job) {
  if (job.size != 4 && job.size != 6 && job.size != 8)
    throw ProtocolError("Othello job " + std::to_string(job.jobId) + ": board size " + std::to_string(job.size));
  try {
    return othello::Position(job.size, job.black, job.white, job.whiteToMove ? othello::Disc::White : othello::Disc::Black,
                             job.fewestWins ? othello::Scoring::FewestDiscs : othello::Scoring::MostDiscs);
  } catch (const std::invalid_argument& e) {
    throw ProtocolError("Othello job " + std::to_string(job.jobId) + ": " + e.what());
  }
}

proof::ProofTree<othello::Square> othelloTreeFromWire(const WireTree& wire) {
  return treeFromWire<othello::Square>(wire, [](WireCell s) {
    if (s < othello::kPass || s >= 64) throw ProtocolError("an Othello proof tree move is not a square");
    return static_cast<othello::Square>(s);
  });
}

othello::MarginAnswer othelloAnswerOf(const OthelloJobReply& reply) {
  othello::MarginAnswer a;
  a.nodes = reply.nodes;
  a.exact = reply.outcome == JobOutcome::Proven;
  if (!a.exact) return a;
  a.lowerBound = reply.lowerBound;
  a.margin = reply.margin;
  a.best = reply.best;
  a.line.assign(reply.line.begin(), reply.line.end());
  a.hasProof = reply.hasProof;
  if (reply.hasProof) {
    a.atLeast = othelloTreeFromWire(reply.atLeast);
    if (!reply.lowerBound) a.notAbove = othelloTreeFromWire(reply.notAbove);
  }
  return a;
}

OthelloJobReply runOthelloJob(const OthelloJobRequest& job) {
  const auto start = std::chrono::steady_clock::now();
  OthelloJobReply reply;
  reply.jobId = job.jobId;
  try {
    const othello::Position p = othelloJobPosition(job);
    othello::MarginJob margin;
    margin.maxSeconds = job.maxSeconds;
    margin.proofNodes = job.proofNodes;
    margin.hashMegabytes = job.hashMegabytes;
    margin.ceiling = job.ceiling;
    margin.wantLine = job.wantLine;
    margin.cancel = &stopFlag();
    // One runner per worker thread: its table outlives the job (see MarginJobRunner).
    thread_local othello::MarginJobRunner runner;
    const othello::MarginAnswer a = runner.run(p, margin);
    reply.nodes = a.nodes;
    if (!a.exact) {
      reply.outcome = stopRequested() ? JobOutcome::Cancelled : JobOutcome::Unknown;
    } else {
      reply.outcome = JobOutcome::Proven;
      reply.lowerBound = a.lowerBound;
      reply.margin = a.margin;
      reply.best = static_cast<std::int16_t>(a.best);
      for (const othello::Square s : a.line) reply.line.push_back(static_cast<std::int16_t>(s));
      reply.hasProof = a.hasProof;
      if (a.hasProof) {
        reply.atLeast = treeToWire(a.atLeast);
        if (!a.lowerBound) reply.notAbove = treeToWire(a.notAbove);
      }
    }
  } catch (const std::exception& e) {
    reply.outcome = JobOutcome::Failed;
    reply.error = e.what();
  }
  reply.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return reply;
}

namespace {

constexpr GameCodec<OthelloJobRequest, OthelloJobReply> kCodec{kOthelloGame, "an Othello"};

}  // namespace

GameJob gameJobOf(const OthelloJobRequest& job) { return kCodec.wrap(job); }
OthelloJobRequest othelloJobOf(const GameJob& job) { return kCodec.request(job); }
GameReply gameReplyOf(const OthelloJobReply& reply) { return kCodec.wrap(reply); }
OthelloJobReply othelloReplyOf(const GameReply& reply) { return kCodec.reply(reply); }

namespace {

class OthelloRunner : public GameJobRunner {
 public:
  GameReply run(const GameJob& job, const JobContext&) override {
    return kCodec.run(job, runOthelloJob);
  }
  CheckReply check(const CheckRequest& request) override {
    CheckReply refused;
    refused.checkId = request.checkId;
    refused.error = "Othello answers are checked by the coordinator, not by another worker";
    return refused;
  }
};

}  // namespace

std::unique_ptr<GameJobRunner> makeOthelloRunner(const SearchGuide&) { return std::make_unique<OthelloRunner>(); }

}  // namespace tengen::worker
