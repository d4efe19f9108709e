// From proof trees to records and back. Records hold moves in the canonical frame of their
// key; the symmetry in each PositionKey maps between that frame and the tree's board.
#include "book/stored_proof.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "book/claim_parts.h"
#include "book/position_key.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/proof_game.h"
#include "solver/gomoku/symmetry.h"

namespace tengen::book {
namespace {

using gomoku::Board;
using gomoku::Color;
using gomoku::Point;
using Tree = proof::ProofTree<Point>;

Cell toBook(Point p, int symmetry, int size) {
  if (p == gomoku::kPass) return kPassCell;
  return p == gomoku::kNoPoint ? kNoCell : static_cast<Cell>(gomoku::applySymmetry(symmetry, p, size));
}
Point fromBook(Cell c, int symmetry, int size) {
  if (c == kPassCell) return gomoku::kPass;
  return fromKeyFrame(c, symmetry, size);
}

// A position in a pass scope, as a hash (a collision could only fail a check).
std::uint64_t placeOf(const Board& board, Color toMove, std::uint64_t scope) {
  return board.hash() ^ (toMove == Color::White ? 1 : 0) ^ (scope * 0x9E3779B97F4A7C15ULL);
}

// The scope of a zone node's win after its pass: its own stored key and the step it stores there
// (moves and argument, in the key's frame), so a zone node whose stored step came from another
// proof never meets this one's continuation. FNV-1a, fixed for all time since scopes are stored;
// a collision could only make a rebuilt tree fail the verifier, never pass it.
std::uint64_t passScopeOf(std::string_view zoneNodeKey, const ProofStep& step) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  const auto mix = [&h](std::uint64_t byte) { h = (h ^ (byte & 0xFF)) * 0x100000001b3ULL; };
  const auto cells = [&mix](const std::vector<Cell>& list) {
    mix(list.size());
    mix(list.size() >> 8);
    for (Cell c : list) {
      mix(static_cast<std::uint64_t>(static_cast<std::uint16_t>(c)));
      mix(static_cast<std::uint64_t>(static_cast<std::uint16_t>(c)) >> 8);
    }
  };
  for (char c : zoneNodeKey) mix(static_cast<unsigned char>(c));
  cells(step.moves);
  mix(static_cast<std::uint64_t>(step.argumentKind));
  cells(step.argumentMoves);
  return h ? h : 1;
}

// Distinct nodes reachable from each node of a DAG, by one marked walk per node.
std::vector<std::uint32_t> subtreeSizes(const Tree& tree) {
  const std::size_t n = tree.nodes.size();
  std::vector<std::uint32_t> sizes(n, 0);
  std::vector<std::uint32_t> mark(n, 0);
  std::vector<int> stack;
  for (std::size_t root = 0; root < n; ++root) {
    const auto stamp = static_cast<std::uint32_t>(root + 1);
    std::uint32_t count = 0;
    stack.assign(1, static_cast<int>(root));
    mark[root] = stamp;
    while (!stack.empty()) {
      const int v = stack.back();
      stack.pop_back();
      ++count;
      for (const auto& e : tree.nodes[static_cast<std::size_t>(v)].children)
        if (mark[static_cast<std::size_t>(e.node)] != stamp) {
          mark[static_cast<std::size_t>(e.node)] = stamp;
          stack.push_back(e.node);
        }
    }
    sizes[root] = count;
  }
  return sizes;
}

// Walks one tree from the root position, making a record for each distinct position; a zone
// node's win after its pass goes into the scope of the zone node and its step (passScopeOf).
class TreeWriter {
 public:
  TreeWriter(const gomoku::Position& root, const gomoku::ProofRecord& proof, KeyedRecords& out)
      : root_(root), proof_(proof), out_(out), sizes_(subtreeSizes(proof.tree)) {}

  void run() {
    Board board = root_.board;
    visit(0, board, root_.toMove, 0);
  }

 private:
  void visit(int index, Board& board, Color toMove, std::uint64_t scope) {
    // A node is written once per position and scope it is reached in (a hand-made or hostile
    // tree may reach one node in two positions).
    const std::uint64_t where = placeOf(board, toMove, scope);
    if (!visited_.insert({where, index}).second) return;
    const auto& node = proof_.tree.nodes[static_cast<std::size_t>(index)];
    const int n = board.size();
    const PositionKey plain = canonicalKey(board, root_.rule, toMove);
    const std::string key = scopedKey(plain.bytes, scope);
    ProofStep step;
    step.present = true;
    step.attackerWins = proof_.tree.attackerWins;
    for (const auto& e : node.children) step.moves.push_back(toBook(e.move, plain.symmetry, n));
    step.argumentKind = node.argument.kind;
    for (Point p : node.argument.moves) step.argumentMoves.push_back(toBook(p, plain.symmetry, n));
    const bool passes = std::any_of(node.children.begin(), node.children.end(),
                                    [](const Tree::Edge& e) { return e.move == gomoku::kPass; });
    const std::uint64_t passScope = passes ? passScopeOf(key, step) : 0;  // only a zone node passes
    if (seenKeys_.insert(key).second) {
      step.best = toBook(bestChild(node), plain.symmetry, n);
      step.size = sizes_[static_cast<std::size_t>(index)];
      step.depth = static_cast<std::uint16_t>(std::min(node.depth, 65535));
      step.markVerified(true);  // solve() reports a proof only after this installation's verifier accepted it
      BookRecord record;
      record.steps[gomoku::index(proof_.attacker)] = std::move(step);
      record.toolVersion = std::string(toolVersion());
      settle(record, gomoku::index(toMove));
      out_.emplace_back(key, std::move(record));
    }
    for (const auto& e : node.children) {
      if (e.move == gomoku::kPass) {  // the same stones, the other side to move, in this node's scope
        visit(e.node, board, gomoku::opponent(toMove), passScope);
        continue;
      }
      board.place(e.move, toMove);
      visit(e.node, board, gomoku::opponent(toMove), scope);
      board.undo();
    }
  }

  struct PlaceHash {
    std::size_t operator()(const std::pair<std::uint64_t, int>& v) const {
      return static_cast<std::size_t>(v.first ^ (static_cast<std::uint64_t>(v.second) * 0xff51afd7ed558ccdULL));
    }
  };

  // The move to play along this tree: the one kept child where a side chose, otherwise the
  // reply that resists longest; at a threat-space sequence's leaf, its first threat.
  Point bestChild(const Tree::Node& node) const {
    const Tree::Edge* pick = nullptr;
    for (const auto& e : node.children) {
      if (e.move == gomoku::kPass) continue;  // a proof device, never a move to play
      if (!pick || proof_.tree.nodes[static_cast<std::size_t>(e.node)].depth >
                       proof_.tree.nodes[static_cast<std::size_t>(pick->node)].depth)
        pick = &e;
    }
    if (!pick && node.children.empty() && node.argument.kind == gomoku::ProofGame::kThreatSequence &&
        !node.argument.moves.empty())
      return node.argument.moves.front();
    return pick ? pick->move : gomoku::kNoPoint;
  }

  const gomoku::Position& root_;
  const gomoku::ProofRecord& proof_;
  KeyedRecords& out_;
  std::vector<std::uint32_t> sizes_;
  std::unordered_set<std::pair<std::uint64_t, int>, PlaceHash> visited_;
  std::unordered_set<std::string> seenKeys_;
};

// Rebuilds the tree of one claim from the records, depth first, sharing transposed positions.
class TreeReader {
 public:
  TreeReader(const Book& book, gomoku::Rule rule, Color attacker, bool attackerWins, const PreferredMoves* prefer = nullptr)
      : book_(book), rule_(rule), attacker_(attacker), wins_(attackerWins), prefer_(prefer) {}

  bool build(Board& board, Color toMove, std::uint64_t passScope, Tree& tree, StoredCheck& out) {
    tree_ = &tree;
    out_ = &out;
    tree.attackerWins = wins_;
    return node(board, toMove, passScope) == 0;
  }

 private:
  // The node index of this position in this scope (built on first sight), or -1 on failure.
  int node(Board& board, Color toMove, std::uint64_t scope) {
    const std::uint64_t where = placeOf(board, toMove, scope);
    if (auto it = seen_.find(where); it != seen_.end()) return it->second;
    const PositionKey key = canonicalKey(board, rule_, toMove);
    std::string stored = scopedKey(key.bytes, scope);
    std::optional<BookRecord> record;
    try {
      record = book_.get(stored);
      // A book written before scopes kept a win after a pass under the plain key.
      if (!record && scope != 0) record = book_.get(stored = key.bytes);
    } catch (const RecordError& e) {
      return fail(board, toMove, e.what());
    }
    if (!record) return fail(board, toMove, "the proof continues here but the book has no record");
    const ProofStep& step = record->steps[gomoku::index(attacker_)];
    if (!step.present || step.attackerWins != wins_)
      return fail(board, toMove, "the proof continues here but the record has no matching step");
    const bool passes = std::find(step.moves.begin(), step.moves.end(), kPassCell) != step.moves.end();
    const std::uint64_t passScope = passes ? passScopeOf(scopedKey(key.bytes, scope), step) : 0;
    out_->keys.push_back(std::move(stored));
    const int n = board.size();
    const int index = static_cast<int>(tree_->nodes.size());
    tree_->nodes.emplace_back();
    seen_[where] = index;
    std::vector<Point> moves;
    if (const auto preferred = preferredMove(board, toMove, scope)) {
      moves.push_back(*preferred);  // an attacker's node: one move, no argument
    } else {
      tree_->nodes[static_cast<std::size_t>(index)].argument.kind = step.argumentKind;
      for (Cell c : step.argumentMoves)
        tree_->nodes[static_cast<std::size_t>(index)].argument.moves.push_back(fromBook(c, key.symmetry, n));
      for (Cell c : step.moves) moves.push_back(fromBook(c, key.symmetry, n));
    }
    for (const Point move : moves) {
      const bool pass = move == gomoku::kPass;
      if (!pass && (move < 0 || move >= board.cellCount() || !board.isEmpty(move)))
        return fail(board, toMove, "a stored move is off the board or on a stone");
      if (!pass) board.place(move, toMove);
      const int child = node(board, gomoku::opponent(toMove), pass ? passScope : scope);
      if (!pass) board.undo();
      if (child < 0) return -1;
      auto& self = tree_->nodes[static_cast<std::size_t>(index)];
      self.children.push_back({move, child});
      self.depth = std::max(self.depth, tree_->nodes[static_cast<std::size_t>(child)].depth + 1);
    }
    return index;
  }

  // The caller's move at this attacker's node, when it names one and the book holds the position
  // after it as the same verified win (the child is then rebuilt from the book like any other).
  std::optional<Point> preferredMove(Board& board, Color toMove, std::uint64_t scope) const {
    if (!prefer_ || scope != 0 || toMove != attacker_ || !wins_) return std::nullopt;
    const auto it = prefer_->find(board.hash());
    if (it == prefer_->end() || it->second < 0 || it->second >= board.cellCount() || !board.isEmpty(it->second))
      return std::nullopt;
    board.place(it->second, toMove);
    std::optional<BookRecord> child;
    try {
      child = book_.get(canonicalKey(board, rule_, gomoku::opponent(toMove)).bytes);
    } catch (const RecordError&) {
    }
    board.undo();
    if (!child) return std::nullopt;
    // Verified only: the preference never trades a checked step for a claim the verifier may refuse.
    const ProofStep& step = child->steps[gomoku::index(attacker_)];
    if (!step.present || step.attackerWins != wins_ || !step.verified()) return std::nullopt;
    return it->second;
  }

  int fail(const Board& board, Color toMove, const std::string& why) {
    out_->error = "at " + gomoku::formatStones(board) + " (" + std::string(gomoku::colorName(toMove)) +
                  " to move): " + why;
    return -1;
  }

  const Book& book_;
  gomoku::Rule rule_;
  Color attacker_;
  bool wins_;
  const PreferredMoves* prefer_;
  Tree* tree_ = nullptr;
  StoredCheck* out_ = nullptr;
  std::unordered_map<std::uint64_t, int> seen_;
};

}  // namespace

KeyedRecords recordsFromSolve(const gomoku::Position& root, const gomoku::SolveResult& result) {
  KeyedRecords out;
  for (const auto& proof : result.proofs) TreeWriter(root, proof, out).run();
  if (result.proofs.empty() && result.rootNumbers) {
    BookRecord record;
    record.pn = result.rootNumbers->pn;
    record.dn = result.rootNumbers->dn;
    record.toolVersion = std::string(toolVersion());
    out.emplace_back(canonicalKey(root.board, root.rule, root.toMove).bytes, std::move(record));
  }
  return out;
}

KeyedRecords recordsFromProof(const gomoku::Position& root, const gomoku::ProofRecord& proof) {
  KeyedRecords out;
  TreeWriter(root, proof, out).run();
  return out;
}

std::vector<std::string> mergeWithBook(const Book& book, const KeyedRecords& incoming, KeyedRecords& merged,
                                       MergePolicy policy) {
  std::vector<std::string> conflicts;
  std::unordered_map<std::string, std::size_t> at;  // key -> index in merged
  merged.clear();
  for (const auto& [key, record] : incoming) {
    auto it = at.find(key);
    if (it == at.end()) {
      BookRecord base;
      try {
        if (auto stored = book.get(key)) base = std::move(*stored);
      } catch (const RecordError&) {
        // An unreadable record is replaced by the new proof's record: a repair, not a loss.
      }
      it = at.emplace(key, merged.size()).first;
      merged.emplace_back(key, std::move(base));
    }
    BookRecord& into = merged[it->second].second;
    if (auto why = mergeRecord(into, record, keyToMove(key), policy)) {
      const DecodedKey decoded = decodeKey(key);
      conflicts.push_back("contradiction at " + gomoku::formatStones(decoded.board) + " (" +
                          std::string(gomoku::colorName(decoded.toMove)) + " to move, " +
                          std::string(gomoku::ruleName(decoded.rule)) + " " + std::to_string(decoded.board.size()) +
                          "x" + std::to_string(decoded.board.size()) + "): " + *why);
    }
  }
  return conflicts;
}

KeyedRecords recordsFromStep(const gomoku::Position& pos, Color attacker, bool attackerWins,
                            const std::vector<Point>& moves, const proof::Argument<Point>& argument, Point best,
                            std::uint32_t size, int depth) {
  const int n = pos.board.size();
  const PositionKey key = canonicalKey(pos.board, pos.rule, pos.toMove);
  BookRecord record;
  ProofStep& step = record.steps[gomoku::index(attacker)];
  step.present = true;
  step.attackerWins = attackerWins;
  for (Point m : moves) step.moves.push_back(toBook(m, key.symmetry, n));
  step.argumentKind = argument.kind;
  for (Point p : argument.moves) step.argumentMoves.push_back(toBook(p, key.symmetry, n));
  step.best = toBook(best, key.symmetry, n);
  step.size = size;
  step.depth = static_cast<std::uint16_t>(std::clamp(depth, 0, 65535));
  step.markVerified(false);  // until the verifier has rebuilt it from the children's records
  record.toolVersion = std::string(toolVersion());
  settle(record, gomoku::index(pos.toMove));
  KeyedRecords out;
  out.emplace_back(key.bytes, std::move(record));
  return out;
}

std::size_t storeRecords(Book& book, const KeyedRecords& incoming,
                         const std::vector<std::pair<std::string, std::string>>& jobStates, MergePolicy policy) {
  KeyedRecords merged;
  const auto conflicts = mergeWithBook(book, incoming, merged, policy);
  if (!conflicts.empty())
    throw BookError("book " + book.dir() + ": nothing stored; " + conflicts.front() +
                    (conflicts.size() > 1 ? " (and " + std::to_string(conflicts.size() - 1) + " more)" : ""));
  book.write(merged, jobStates);
  return merged.size();
}

std::size_t storeSolve(Book& book, const gomoku::Position& root, const gomoku::SolveResult& result) {
  return storeRecords(book, recordsFromSolve(root, result));
}

StoredClaim rebuildStoredClaim(const Book& book, const Board& board, gomoku::Rule rule, Color toMove, Color attacker,
                               std::uint64_t passScope, const PreferredMoves* prefer) {
  StoredClaim out;
  const std::string key = scopedKey(canonicalKey(board, rule, toMove).bytes, passScope);
  std::optional<BookRecord> record;
  try {
    record = book.get(key);
  } catch (const RecordError& e) {
    out.error = e.what();
    return out;
  }
  if (!record || !record->steps[gomoku::index(attacker)].present) {
    out.error = "no stored proof about " + std::string(gomoku::colorName(attacker)) + "'s win here";
    return out;
  }
  const bool wins = record->steps[gomoku::index(attacker)].attackerWins;
  Board scratch = board;
  out.ok = TreeReader(book, rule, attacker, wins, prefer).build(scratch, toMove, passScope, out.tree, out);
  return out;
}

StoredCheck checkStoredClaim(const Book& book, const Board& board, gomoku::Rule rule, Color toMove, Color attacker,
                             std::uint64_t passScope, const CheckStop& stop, const PartChecked& partChecked) {
  // Mirror-image replies: each checked once (claim_parts.h), not rebuilt up to 8 times.
  if (passScope == 0)
    if (auto byParts = checkClaimByParts(book, board, rule, toMove, attacker, stop, partChecked))
      return std::move(*byParts);
  StoredClaim claim = rebuildStoredClaim(book, board, rule, toMove, attacker, passScope);
  StoredCheck out = std::move(static_cast<StoredCheck&>(claim));
  if (!out.ok) return out;
  const gomoku::ProofCheck check = gomoku::checkProof(board, toMove, rule, attacker, claim.tree);
  out.ok = check.ok;
  if (!check.ok) out.error = "the verifier rejected the stored proof: " + check.error;
  return out;
}

void markVerified(Book& book, const std::vector<std::string>& keys, Color attacker, bool verified) {
  KeyedRecords changed;
  std::unordered_set<std::string> seen;
  for (const auto& key : keys) {
    if (!seen.insert(key).second) continue;
    std::optional<BookRecord> record = book.get(key);
    if (!record) continue;
    ProofStep& step = record->steps[gomoku::index(attacker)];
    if (!step.present || step.verified() == verified) continue;
    step.markVerified(verified);
    changed.emplace_back(key, std::move(*record));
  }
  book.write(changed);
}

}  // namespace tengen::book
