// A run's closing check: every step the coordinator derived from its children is rebuilt from the
// book and re-checked by the independent verifier (on idle workers when there are two or more).
#include "coordinator/run.h"

#include <algorithm>
#include <stdexcept>

#include "book/claim_parts.h"
#include "book/stored_proof.h"

namespace tengen::coordinator {

void Run::verifyStored() {
  std::sort(backedUp_.begin(), backedUp_.end(), [&](const auto& a, const auto& b) {
    return tree_.node(a.first).depth < tree_.node(b.first).depth;
  });
  // Only the claims' own keys are ever looked up in `covered`: a checked tree's other keys are
  // not kept (a check by parts visits millions).
  std::unordered_set<std::string> claimKeys, covered[2];
  for (const auto& [id, c] : backedUp_) claimKeys.insert(tree_.node(id).key);
  const auto cover = [&](int a, const std::vector<std::string>& keys) {
    for (const auto& k : keys)
      if (claimKeys.count(k)) covered[a].insert(k);
  };
  for (const auto& [id, c] : backedUp_) {
    if (stopping()) break;
    const int a = gomoku::index(c);
    if (covered[a].count(tree_.node(id).key)) continue;
    const gomoku::Position pos = tree_.position(id);
    // A claim checked by its parts (mirror-image replies) is checked here: its parts' trees
    // are rebuilt one at a time, never as one tree to send, and each part marked as it passes.
    if (!crossCheck_ || book::checkedByParts(book_, pos.board, pos.rule, pos.toMove, c)) {
      const book::StoredCheck check = book::checkStoredClaim(
          book_, pos.board, pos.rule, pos.toMove, c, 0, [&] { return stopping(); },
          [&](const std::vector<std::string>& keys) {
            book::markVerified(book_, keys, c, true);
            cover(a, keys);
          });
      if (check.stopped) break;
      if (!check.ok)
        throw std::runtime_error("a stored proof failed verification at " + describe(pos, c) + ": " + check.error);
      book::markVerified(book_, check.keys, c, true);
      cover(a, check.keys);
      ++summary_.claimsVerified;
      if (id == 0) summary_.rootClaimChecked = true;
      continue;
    }
    book::StoredClaim claim = book::rebuildStoredClaim(book_, pos.board, pos.rule, pos.toMove, c);
    if (!claim.ok)
      throw std::runtime_error("a stored proof failed verification at " + describe(pos, c) + ": " + claim.error);
    cover(a, claim.keys);
    const std::uint64_t checkId = ++lastCheckId_;
    claimChecks_.push_back({checkId, id, c, std::move(claim.keys),
                            worker::encodeMessage(worker::makeCheckRequest(
                                checkId, worker::makeJobRequest(0, pos, c, {}), worker::toWire(claim.tree))),
                            -1});
    awaitClaimChecks(0);
  }
  while (!stopping() && (!claimChecks_.empty() || !claimsOut_.empty())) awaitClaimChecks(0.2);
}

void Run::awaitClaimChecks(double wait) {
  while (!claimChecks_.empty() && !idle_.empty()) {
    const std::size_t w = *idle_.begin();
    ClaimCheck item = std::move(claimChecks_.front());
    claimChecks_.pop_front();
    summary_.bytesSent += item.request.size();
    ++summary_.messages;
    markBusy(w);
    item.checker = static_cast<int>(w);
    pool_.send(item.checker, std::move(item.request));
    claimsOut_.emplace(item.checkId, std::move(item));
  }
  if (claimsOut_.empty()) return;
  const auto waitStart = Clock::now();
  const auto message = pool_.receive(wait);
  summary_.waitSeconds += since(waitStart);
  if (!message) return;
  const auto [w, bytes] = *message;
  const std::string who = "worker " + std::to_string(w + 1);
  const worker::Message decoded = decodeFrom(who, bytes);
  if (lendProof(w, decoded)) return;
  const auto* verdict = std::get_if<worker::CheckReply>(&decoded);
  const auto it = verdict ? claimsOut_.find(verdict->checkId) : claimsOut_.end();
  if (it == claimsOut_.end() || it->second.checker != w)
    throw std::runtime_error(who + ": a message that is no verdict on a check it was sent");
  ClaimCheck item = std::move(it->second);
  claimsOut_.erase(it);
  freeWorker(w);
  summary_.workerCheckSeconds += verdict->seconds;
  if (!verdict->accepted) {
    const gomoku::Position pos = tree_.position(item.node);
    throw std::runtime_error("a stored proof failed verification (on worker " + std::to_string(w + 1) + ") at " +
                             describe(pos, item.attacker) + ": " + verdict->error);
  }
  book::markVerified(book_, item.keys, item.attacker, true);
  ++summary_.claimsVerified;
  if (item.node == 0) summary_.rootClaimChecked = true;
}

}  // namespace tengen::coordinator
