// A run's lent proofs: the verified wins workers may take as leaves, and a win's tree sent to the
// worker whose search met it.
#include "coordinator/run.h"

namespace tengen::coordinator {

void Run::addLendable(const std::vector<book::ProvedWin>& wins) {
  for (const book::ProvedWin& w : wins)
    lendable_.push_back({w.canonicalHash, static_cast<std::uint8_t>(w.toMove), static_cast<std::uint8_t>(w.attacker)});
  summary_.winsListed += wins.size();
}

bool Run::lendProof(int workerIndex, const worker::Message& message) {
  const auto* want = std::get_if<worker::ProofWanted>(&message);
  if (!want) return false;
  ++summary_.proofsAsked;
  worker::ProofGiven given;
  given.jobId = want->jobId;
  try {
    const worker::JobRequest asked = worker::jobRequestOf(want->position);
    const gomoku::Position pos = worker::jobPosition(asked);
    const gomoku::Position root = tree_.position(0);
    if (pos.rule == root.rule && pos.board.size() == root.board.size())
      if (const auto tree = book::provedWinTree(book_, pos.board, pos.rule, pos.toMove,
                                                static_cast<Color>(asked.attacker))) {
        given.found = true;
        given.tree = worker::toWire(*tree);
        ++summary_.proofsLent;
      }
  } catch (const worker::ProtocolError&) {
    // Not a position: nothing to lend (the worker's search goes on without it).
  }
  const std::string bytes = worker::encodeMessage(given);
  summary_.bytesSent += bytes.size();
  ++summary_.messages;
  pool_.send(workerIndex, bytes);
  return true;
}

}  // namespace tengen::coordinator
