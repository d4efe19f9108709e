// A run's tree: listing nodes, taking what the book knows of them, ordering an attacker's moves
// (hints, the engine at the splits), and storing what the children settle.
#include "coordinator/run.h"

#include <set>

#include "book/book_error.h"
#include "book/position_key.h"
#include "coordinator/job_mark.h"
#include "solver/gomoku/symmetry.h"
#include "solver/gomoku/zobrist.h"

namespace tengen::coordinator {

void Run::buildTree() {
  std::vector<int> all{0};
  for (std::size_t i = 0; i < all.size(); ++i) {
    const int id = all[i];
    if (tree_.node(id).depth >= options_.depth) continue;
    for (Color c : {Color::Black, Color::White})
      for (int child : tree_.expand(id, c)) all.push_back(child);
  }
  adopt(all);
  for (int id : all)
    for (Color c : {Color::Black, Color::White}) {
      const Question& q = tree_.node(id).question[gomoku::index(c)];
      if (q.fixed && !q.recorded) recordRuleLeaf(id, c);
    }
  // Deepest first: answers near the leaves settle inner positions before their own jobs run.
  for (auto it = all.rbegin(); it != all.rend(); ++it) {
    sweep_.push_back({*it, tree_.node(*it).toMove});
    sweep_.push_back({*it, gomoku::opponent(tree_.node(*it).toMove)});
  }
}

void Run::expandNode(int id, Color attacker) {
  adopt(tree_.expand(id, attacker));
  rankChildren(id, attacker);
}

void Run::rankChildren(int id, Color attacker) {
  if (!options_.passHints || tree_.node(id).toMove != attacker) return;
  const Question& self = tree_.node(id).question[gomoku::index(attacker)];
  if (!self.expanded || self.solved()) return;
  std::set<Point> hinted;
  const auto [above, move] = passAbove(id, attacker);
  if (above >= 0) {
    const auto it = passes_.find(above);
    const std::uint64_t hash = tree_.position(id).board.hash() ^ gomoku::zobristKey(gomoku::opponent(attacker), move);
    if (it != passes_.end())
      if (const auto h = it->second.hints.find(hash); h != it->second.hints.end()) hinted.insert(h->second.begin(), h->second.end());
    for (int sibling : tree_.distinctChildren(above))
      if (const auto w = winningMove_.find(sibling); w != winningMove_.end() && sibling != id) hinted.insert(w->second);
  }
  if (const auto m = engineMoveAt(id, attacker)) hinted.insert(*m);
  if (hinted.empty()) return;
  const int a = gomoku::index(attacker);
  for (const auto& e : tree_.node(id).edges) {
    Question& q = tree_.node(e.child).question[a];
    if (q.fixed || q.asked || q.triedNodes || q.pending || q.expanded) continue;
    if (hinted.count(e.move)) q.numbers.pn = 1;
    else if (q.numbers.pn == 1) q.numbers.pn = kUnhintedPn;
  }
  backup(id, attacker);
}

std::optional<Point> Run::engineMoveAt(int id, Color attacker) {
  if (!options_.splitOracle) return std::nullopt;
  auto it = engineMove_.find(id);
  if (it == engineMove_.end()) {
    ++summary_.splitQuestions;
    it = engineMove_.emplace(id, options_.splitOracle(tree_.position(id).board, attacker)).first;
  }
  return it->second;
}

void Run::rethinkAbove(int child, Color attacker) {
  if (!options_.splitRethink) return;
  for (int parent : tree_.node(child).parents) {
    if (tree_.node(parent).toMove != attacker || rethought_.count(parent)) continue;
    const auto first = engineMove_.find(parent);
    if (first == engineMove_.end() || !first->second) continue;
    bool viaFirst = false;
    for (const auto& e : tree_.node(parent).edges) viaFirst |= e.child == child && e.move == *first->second;
    if (!viaFirst) continue;  // not its engine move: a later answer may still be
    rethought_.insert(parent);
    ++summary_.splitRethinks;
    const std::optional<Point> again = options_.splitRethink(tree_.position(parent).board, attacker);
    if (!again || *again == *first->second) continue;
    ++summary_.splitRethinksChanged;
    first->second = again;
    rankChildren(parent, attacker);
  }
}

void Run::rankBelow(int id, Color attacker) {
  if (!options_.passHints) return;
  for (int child : tree_.distinctChildren(id)) rankChildren(child, attacker);
}

void Run::adopt(std::vector<int> fresh) {
  std::vector<std::pair<int, Color>> changed, expandedHere;
  for (std::size_t i = 0; i < fresh.size(); ++i) {
    const int id = fresh[i];
    std::optional<book::BookRecord> record;
    try {
      record = book_.get(tree_.node(id).key);
    } catch (const book::RecordError& e) {
      // Damaged: never an answer. Asked again, said, and the new answer's write replaces it.
      const std::string stones = gomoku::formatStones(tree_.position(id).board);
      summary_.unreadableRecords.push_back((stones == "/" ? std::string("the empty board") : "position " + stones) + ": " +
                                           e.what());
    }
    for (Color c : {Color::Black, Color::White}) {
      Question& q = tree_.node(id).question[gomoku::index(c)];
      // Only a verified step answers a question; an unverified claim (an import not yet
      // re-checked, a derived step of a run cut off before its closing check) is asked again.
      const book::ProofStep* step = record ? record->provedStep(gomoku::index(c)) : nullptr;
      if (step) {
        if (step->attackerWins && tree_.node(id).toMove == c && step->best >= 0) {
          // The winning move, from the book's canonical frame into the node's own.
          const gomoku::Position pos = tree_.position(id);
          const int symmetry = book::canonicalKey(pos.board, pos.rule, pos.toMove).symmetry;
          winningMove_[id] = gomoku::applySymmetry(gomoku::inverseSymmetry(symmetry), step->best, pos.board.size());
        }
        q.numbers = step->attackerWins ? ProofNumbers::proven() : ProofNumbers::disproven();
        q.fixed = q.recorded = true;
        q.size = step->size;
        q.depth = step->depth;
        ++summary_.answeredFromBook;
        changed.push_back({id, c});
        continue;
      }
      const auto mark = book_.jobState(jobStateKey(tree_.node(id).key, c));
      const auto decoded = mark ? decodeMark(*mark) : std::nullopt;
      if (!decoded || !covers(*decoded, options_.jobBudget)) continue;
      if (askAgain(decoded->maxNodes)) {
        // Asked before, with less than the run allows: asked again, larger, before expanded.
        q.triedNodes = decoded->maxNodes;
        if (!q.expanded) q.numbers = {std::max(1u, decoded->pn), std::max(1u, decoded->dn)};
        changed.push_back({id, c});
        continue;
      }
      q.asked = true;
      if (!q.expanded) q.numbers = {std::max(1u, decoded->pn), std::max(1u, decoded->dn)};
      ++summary_.answeredFromBook;
      if (options_.goal == Goal::Solve) {
        for (int child : tree_.expand(id, c)) fresh.push_back(child);
        if (q.fixed) recordRuleLeaf(id, c);
        expandedHere.push_back({id, c});
      }
      changed.push_back({id, c});
    }
  }
  // Children were adopted after their parents: back up from the last one.
  for (auto it = changed.rbegin(); it != changed.rend(); ++it) backup(it->first, it->second);
  for (const auto& [id, c] : expandedHere) rankChildren(id, c);
}

void Run::settleRootFromBook() {
  const Question& q = tree_.node(0).question[gomoku::index(attacker_)];
  if (q.solved() || q.expanded || tree_.node(0).toMove == attacker_) return;
  const std::vector<std::string> keys = tree_.childKeys(0, attacker_);
  if (keys.empty()) return;
  for (const std::string& key : keys) {
    std::optional<book::BookRecord> record;
    try {
      record = book_.get(key);
    } catch (const book::RecordError&) {
      return;  // damaged: adopting it says so, and its question is asked again
    }
    const book::ProofStep* step = record ? record->provedStep(gomoku::index(attacker_)) : nullptr;
    if (!step || !step->attackerWins) return;
  }
  expandNode(0, attacker_);
}

void Run::backup(int id, Color c) {
  std::vector<int> settled;
  tree_.backup(id, c, settled);
  for (int v : settled) recordBackup(v, c);
}

void Run::recordBackup(int id, Color c) {
  Question& q = tree_.node(id).question[gomoku::index(c)];
  if (q.recorded) return;
  const JobTree::Step step = tree_.stepOf(id, c);
  const bool chooseOne = (tree_.node(id).toMove == c) == q.numbers.isProven();
  const proof::Argument<Point> none;
  const auto records = book::recordsFromStep(tree_.position(id), c, q.numbers.isProven(), step.moves,
                                             chooseOne ? none : tree_.node(id).argument[gomoku::index(c)],
                                             step.best, step.size, step.depth);
  summary_.positionsStored += book::storeRecords(book_, records);
  q.recorded = true;
  q.size = step.size;
  q.depth = step.depth;
  ++summary_.settledByBackup;
  backedUp_.push_back({id, c});
}

void Run::recordRuleLeaf(int id, Color c) {
  Question& q = tree_.node(id).question[gomoku::index(c)];
  const auto records = book::recordsFromStep(tree_.position(id), c, q.numbers.isProven(), {},
                                             tree_.node(id).argument[gomoku::index(c)], gomoku::kNoPoint, 1, 0);
  summary_.positionsStored += book::storeRecords(book_, records);
  q.recorded = true;
  backedUp_.push_back({id, c});
  backup(id, c);
}

}  // namespace tengen::coordinator
