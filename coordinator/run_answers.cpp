// A run's answers: a worker's message checked against what it was sent, unknown answers marked
// and split, proofs verified (on another worker, or here) before they are stored and backed up.
#include "coordinator/run.h"

#include <stdexcept>

#include "book/stored_proof.h"
#include "coordinator/job_mark.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/simulation_hints.h"

namespace tengen::coordinator {

void Run::freeWorker(int w) {
  WorkerState& ws = workers_[static_cast<std::size_t>(w)];
  ws.busy = false;
  idle_.insert(static_cast<std::size_t>(w));
  ws.idleSince = Clock::now();
  lastProgressAt_ = ws.idleSince;
}

worker::Message Run::decodeFrom(const std::string& who, const std::string& bytes) {
  summary_.bytesReceived += bytes.size();
  ++summary_.messages;
  try {
    return worker::decodeMessage(bytes);
  } catch (const worker::ProtocolError& e) {
    throw std::runtime_error(who + ": " + e.what());
  }
}

void Run::receiveMessage(int workerIndex, const std::string& bytes) {
  const std::string who = "worker " + std::to_string(workerIndex + 1);
  worker::Message message = decodeFrom(who, bytes);
  if (lendProof(workerIndex, message)) return;
  if (const auto* envelope = std::get_if<worker::GameReply>(&message)) {
    worker::JobReply reply = [&] {
      try {
        return worker::jobReplyOf(*envelope);
      } catch (const worker::ProtocolError& e) {
        throw std::runtime_error(who + ": " + e.what());
      }
    }();
    const auto it = inFlight_.find(reply.jobId);
    if (it == inFlight_.end() || it->second.worker != workerIndex)
      throw std::runtime_error(who + ": " + (reply.error.empty() ? "an answer to no job it was sent" : reply.error));
    const Accepted accepted{it->second, std::move(reply)};
    inFlight_.erase(it);
    ++answering_;
    // Counted before the worker gets new work: a run's node budget bounds what it spent.
    summary_.nodes += accepted.reply.nodes;
    freeWorker(workerIndex);
    dispatch();
    apply(accepted);
    return;
  }
  if (auto* verdict = std::get_if<worker::CheckReply>(&message)) {
    const auto it = checksOut_.find(verdict->checkId);
    if (it == checksOut_.end() || it->second.checker != workerIndex)
      throw std::runtime_error(who + ": a check's verdict for no check it was sent");
    Unchecked item = std::move(it->second);
    checksOut_.erase(it);
    freeWorker(workerIndex);
    summary_.workerCheckSeconds += verdict->seconds;
    ++summary_.checkedByWorkers;
    dispatch();
    const gomoku::Position pos = tree_.position(item.job.node);
    if (!verdict->accepted)
      throw std::runtime_error("the verifier on worker " + std::to_string(workerIndex + 1) + " refused worker " +
                               std::to_string(item.job.worker + 1) + "'s answer for " + describe(pos, item.job.attacker) +
                               ": " + verdict->error);
    storeProof(item.job, std::move(item.proof));
    return;
  }
  throw std::runtime_error(who + " sent something other than an answer");
}

void Run::apply(const Accepted& accepted) {
  --answering_;
  const InFlight& job = accepted.job;
  const worker::JobReply* reply = &accepted.reply;
  if (job.pass) {
    if (reply->outcome == worker::JobOutcome::Failed)
      throw std::runtime_error("worker " + std::to_string(job.worker + 1) + " failed on a pass question: " + reply->error);
    if (reply->outcome == worker::JobOutcome::Cancelled) passes_.erase(job.node);  // asked again
    else applyPass(job, *reply);
    return;
  }
  ++summary_.jobs;
  summary_.workerSeconds += reply->seconds;
  summary_.engineQuestions += reply->engineQuestions;
  summary_.engineSeconds += reply->engineSeconds;
  Question& q = tree_.node(job.node).question[gomoku::index(job.attacker)];
  const gomoku::Position pos = tree_.position(job.node);
  if (reply->outcome != worker::JobOutcome::Proven && reply->outcome != worker::JobOutcome::Disproven)
    q.pending = false;  // a proof stays pending until it is checked and stored
  const std::string stateKey = jobStateKey(tree_.node(job.node).key, job.attacker);

  switch (reply->outcome) {
    case worker::JobOutcome::Cancelled:
      --summary_.jobs;  // it ran for nothing: asked again by the next run
      return;
    case worker::JobOutcome::Failed:
      throw std::runtime_error("worker " + std::to_string(job.worker + 1) + " failed on " +
                               describe(pos, job.attacker) + ": " + reply->error);
    case worker::JobOutcome::Unknown: {
      ++summary_.unknown;
      const JobMark mark{job.budget.maxNodes, job.budget.maxSeconds, reply->pn, reply->dn};
      book::KeyedRecords records;
      if (job.attacker == pos.toMove) {
        gomoku::SolveResult r;
        r.rootNumbers = ProofNumbers{reply->pn, reply->dn};
        records = book::recordsFromSolve(pos, r);
      }
      summary_.positionsStored += book::storeRecords(book_, records, {{stateKey, encodeMark(mark)}});
      if (!q.expanded && !q.solved()) q.numbers = {std::max(1u, reply->pn), std::max(1u, reply->dn)};
      if (askAgain(job.budget.maxNodes) && !q.expanded && !q.solved()) {
        // Asked again with a larger budget before its node is split into jobs.
        q.triedNodes = std::max(q.triedNodes, job.budget.maxNodes);
        ++summary_.jobsAskedAgain;
        backup(job.node, job.attacker);
        return;
      }
      q.asked = true;
      if (job.attacker != pos.toMove) rethinkAbove(job.node, job.attacker);
      if (options_.goal == Goal::Solve) {
        expandNode(job.node, job.attacker);
        if (q.fixed && !q.recorded) recordRuleLeaf(job.node, job.attacker);
      }
      backup(job.node, job.attacker);
      withdrawMoot();
      return;
    }
    case worker::JobOutcome::Proven:
    case worker::JobOutcome::Disproven: break;
    default:
      throw std::runtime_error("worker " + std::to_string(job.worker + 1) + " sent an answer of unknown kind " +
                               std::to_string(static_cast<int>(reply->outcome)));
  }
  const bool wins = reply->outcome == worker::JobOutcome::Proven;
  (wins ? summary_.proven : summary_.disproven) += 1;
  gomoku::ProofRecord proof{job.attacker, {}};
  try {
    proof.tree = worker::fromWire(reply->tree, pos.board.size());
  } catch (const worker::ProtocolError& e) {
    throw std::runtime_error("worker " + std::to_string(job.worker + 1) + " on " + describe(pos, job.attacker) + ": " + e.what());
  }
  if (proof.tree.nodes.empty() || proof.tree.attackerWins != wins)
    throw std::runtime_error("worker " + std::to_string(job.worker + 1) + " sent an empty or mislabelled proof for " +
                             describe(pos, job.attacker));
  // Never trust the wire: the independent verifier checks every answer before it is stored, in
  // another worker when there is one (so the coordinator only stores), else here.
  if (crossCheck_) {
    q.checking = true;
    withdrawMoot();
    toCheck_.push_back({job, accepted.reply.jobId, accepted.reply.tree, std::move(proof), -1});
    return;
  }
  const auto checkStart = Clock::now();
  const gomoku::ProofCheck check = gomoku::checkProof(pos.board, pos.toMove, pos.rule, job.attacker, proof.tree);
  summary_.checkSeconds += since(checkStart);
  if (!check.ok)
    throw std::runtime_error("the verifier refused worker " + std::to_string(job.worker + 1) + "'s answer for " +
                             describe(pos, job.attacker) + ": " + check.error);
  storeProof(job, std::move(proof));
}

void Run::applyPass(const InFlight& job, const worker::JobReply& reply) {
  Pass& p = passes_[job.node];
  p.answered = true;
  if (reply.outcome != worker::JobOutcome::Proven) return;
  gomoku::Position pos = tree_.position(job.node);
  try {
    const auto tree = worker::fromWire(reply.tree, pos.board.size());
    gomoku::addSimulationHints(p.hints, pos.board, job.attacker, job.attacker, tree, 0);
    ++summary_.passesProven;
    rankBelow(job.node, job.attacker);
  } catch (const worker::ProtocolError&) {
    // Not a tree: no hints (the searches below go on unguided).
  }
}

void Run::storeProof(const InFlight& job, gomoku::ProofRecord proof) {
  Question& q = tree_.node(job.node).question[gomoku::index(job.attacker)];
  q.pending = q.checking = false;
  const gomoku::Position pos = tree_.position(job.node);
  const bool wins = proof.tree.attackerWins;
  if (q.solved() && q.numbers.isProven() != wins)
    throw std::runtime_error("contradiction at " + describe(pos, job.attacker) +
                             ": a job and the positions below it disagree");
  gomoku::SolveResult r;
  r.proofs.push_back(std::move(proof));
  r.verified = true;
  const std::uint32_t size = static_cast<std::uint32_t>(r.proofs[0].tree.size());
  const int depth = r.proofs[0].tree.nodes[0].depth;
  const auto storeStart = Clock::now();
  const book::KeyedRecords records = book::recordsFromSolve(pos, r);
  summary_.positionsStored += book::storeRecords(book_, records);
  // The attacker's winning move here, a candidate for its siblings' positions (passHints).
  if (wins && pos.toMove == job.attacker && !r.proofs[0].tree.nodes[0].children.empty()) {
    winningMove_[job.node] = r.proofs[0].tree.nodes[0].children.front().move;
    for (int parent : tree_.node(job.node).parents) rankBelow(parent, job.attacker);
  }
  if (knownRun_ && wins) addLendable(book::provedWinsIn(records, pos.rule, pos.board.size()));
  summary_.storeSeconds += since(storeStart);
  q.numbers = wins ? ProofNumbers::proven() : ProofNumbers::disproven();
  q.fixed = q.recorded = true;
  q.size = size;
  q.depth = depth;
  if (!wins && pos.toMove != job.attacker) rethinkAbove(job.node, job.attacker);
  backup(job.node, job.attacker);
  withdrawMoot();
}

void Run::withdrawMoot() {
  if (options_.goal != Goal::Solve || inFlight_.empty()) return;
  const bool decided = rootDecided();
  std::vector<bool> open[2];
  for (auto& [jobId, job] : inFlight_) {
    if (job.withdrawn) continue;
    auto& o = open[gomoku::index(job.attacker)];
    if (!decided && o.empty()) o = tree_.stillOpen(job.attacker);
    if (!decided && o[static_cast<std::size_t>(job.node)]) continue;
    job.withdrawn = true;
    ++summary_.withdrawnJobs;
    pool_.withdraw(job.worker, jobId);
  }
}

}  // namespace tengen::coordinator
