// Job-level proof-number search over a DAG: expansion with the prover's move lists or all legal
// moves, number backup (OR: min pn / sum dn; AND: sum pn / min dn, over distinct children, so a
// mirror-image pair of moves counts once), and most-proving leaf selection with flagging.
#include "coordinator/job_tree.h"

#include <algorithm>
#include <unordered_set>

#include "book/position_key.h"
#include "solver/gomoku/proof_game.h"
#include "solver/gomoku/threats.h"

namespace tengen::coordinator {

using proof::saturatingAdd;

JobTree::JobTree(const gomoku::Position& root, MoveListing listing) : root_(root), listing_(listing) {
  bool created = false;
  findOrCreate(root, {}, 0, created);
}

gomoku::Position JobTree::position(int id) const {
  gomoku::Position pos = root_;
  Color c = root_.toMove;
  for (Point p : node(id).path) {
    pos.board.place(p, c);
    c = gomoku::opponent(c);
  }
  pos.toMove = c;
  return pos;
}

int JobTree::findOrCreate(const gomoku::Position& pos, const std::vector<Point>& path, int depth, bool& created) {
  std::string key = book::canonicalKey(pos.board, pos.rule, pos.toMove).bytes;
  if (auto it = byKey_.find(key); it != byKey_.end()) {
    created = false;
    return it->second;
  }
  const int id = static_cast<int>(nodes_.size());
  Node& n = nodes_.emplace_back();
  n.path = path;
  n.key = key;
  n.toMove = pos.toMove;
  n.depth = depth;
  byKey_.emplace(std::move(key), id);
  created = true;
  return id;
}

proof::Expansion JobTree::listMoves(gomoku::Position& pos, Color attacker, std::vector<Point>& moves,
                                   proof::Argument<Point>& argument) const {
  // The prover's rules first: a node they decide on the spot (a five to play, a five to block
  // that cannot be blocked, a full board, no line left...) is a leaf with their argument.
  gomoku::ProofGame game(pos.board, pos.toMove, pos.rule, attacker, gomoku::ProofMode::Full);
  std::vector<proof::Child<Point>> kids;
  const proof::Expansion e = game.expand(kids, argument);
  if (e != proof::Expansion::Open) return e;
  if (listing_ == MoveListing::Prover) {
    for (const auto& k : kids) moves.push_back(k.move);
  } else {
    argument = {};
    // Every legal move (none makes five: the rules above decided such a node).
    for (Point p = 0; p < pos.board.cellCount(); ++p)
      if (pos.board.isEmpty(p) && gomoku::isLegal(pos.board, p, pos.toMove, pos.rule)) moves.push_back(p);
  }
  return e;
}

std::vector<std::string> JobTree::childKeys(int id, Color attacker) const {
  std::vector<std::string> keys;
  gomoku::Position pos = position(id);
  std::vector<Point> moves;
  proof::Argument<Point> argument;
  if (listMoves(pos, attacker, moves, argument) != proof::Expansion::Open) return keys;
  for (Point m : moves) {
    gomoku::Board child = pos.board;
    child.place(m, pos.toMove);
    keys.push_back(book::canonicalKey(child, pos.rule, gomoku::opponent(pos.toMove)).bytes);
  }
  return keys;
}

std::vector<int> JobTree::expand(int id, Color attacker) {
  std::vector<int> fresh;
  Question& q = node(id).question[gomoku::index(attacker)];
  if (q.expanded) return fresh;
  gomoku::Position pos = position(id);
  std::vector<Point> moves;
  proof::Argument<Point> argument;
  const proof::Expansion e = listMoves(pos, attacker, moves, argument);
  if (e != proof::Expansion::Open) {
    node(id).argument[gomoku::index(attacker)] = argument;
    q.numbers = e == proof::Expansion::Proven ? ProofNumbers::proven() : ProofNumbers::disproven();
    q.fixed = true;
    q.expanded = true;
    return fresh;
  }
  if (listing_ == MoveListing::Prover) node(id).argument[gomoku::index(attacker)] = argument;
  q.expanded = true;
  if (!node(id).edges.empty() || moves.empty()) {
    if (moves.empty() && node(id).edges.empty()) {
      // No move: the side to move is stuck; the attacker did not win (a full board is a draw).
      q.numbers = ProofNumbers::disproven();
      q.fixed = true;
    }
    return fresh;
  }
  const std::vector<Point> path = node(id).path;
  const int depth = node(id).depth + 1;
  for (Point m : moves) {
    gomoku::Position child = pos;
    child.board.place(m, pos.toMove);
    child.toMove = gomoku::opponent(pos.toMove);
    std::vector<Point> childPath = path;
    childPath.push_back(m);
    bool created = false;
    const int c = findOrCreate(child, childPath, depth, created);
    node(id).edges.push_back({m, c});
    if (created) fresh.push_back(c);
    auto& parents = node(c).parents;
    if (std::find(parents.begin(), parents.end(), id) == parents.end()) parents.push_back(id);
  }
  return fresh;
}

std::vector<int> JobTree::distinctChildren(int id) const {
  std::vector<int> out;
  for (const auto& e : node(id).edges)
    if (std::find(out.begin(), out.end(), e.child) == out.end()) out.push_back(e.child);
  return out;
}

ProofNumbers JobTree::combine(int id, Color attacker) const {
  const int a = gomoku::index(attacker);
  const bool isOr = node(id).toMove == attacker;
  ProofNumbers out{isOr ? proof::kInfinity : 0, isOr ? 0 : proof::kInfinity};
  for (int c : distinctChildren(id)) {
    const ProofNumbers n = node(c).question[a].numbers;
    if (isOr) {
      out.pn = std::min(out.pn, n.pn);
      out.dn = saturatingAdd(out.dn, n.dn);
    } else {
      out.pn = saturatingAdd(out.pn, n.pn);
      out.dn = std::min(out.dn, n.dn);
    }
  }
  return out;
}

void JobTree::backup(int id, Color attacker, std::vector<int>& settled) {
  const int a = gomoku::index(attacker);
  std::vector<int> work{id};
  while (!work.empty()) {
    const int v = work.back();
    work.pop_back();
    Question& q = node(v).question[a];
    bool changed = v == id;  // the starting node changed already (a job's answer) or is re-derived
    if (!q.fixed && q.expanded && !node(v).edges.empty()) {
      const ProofNumbers n = combine(v, attacker);
      if (n.pn != q.numbers.pn || n.dn != q.numbers.dn) {
        const bool wasSolved = q.solved();
        q.numbers = n;
        changed = true;
        if (!wasSolved && q.solved()) settled.push_back(v);
      }
    }
    if (changed)
      for (int p : node(v).parents) work.push_back(p);
  }
}

int JobTree::selectLeaf(int from, Color attacker, bool inFlight) const {
  const int a = gomoku::index(attacker);
  std::unordered_set<int> visited;
  std::vector<int> order;
  // Depth first, best child first: the first open leaf found is the most-proving one not in
  // flight (flagging: a subtree whose open leaves are all in flight is passed over).
  auto visit = [&](auto&& self, int v) -> int {
    if (!visited.insert(v).second) return -1;
    const Question& q = node(v).question[a];
    if (q.solved() || q.checking) return -1;
    // A node expanded while its job runs (see the coordinator's nextQuestion) is searched below.
    if (!q.expanded) return q.asked || q.pending != inFlight ? -1 : v;
    std::vector<int> kids = distinctChildren(v);
    const bool isOr = node(v).toMove == attacker;
    std::stable_sort(kids.begin(), kids.end(), [&](int x, int y) {
      const Question &qx = node(x).question[a], &qy = node(y).question[a];
      if (!isOr && leastTriedFirst_) {
        // An expanded child has had the largest job a question gets: it comes last.
        const std::uint64_t tx = qx.expanded ? ~0ull : qx.triedNodes, ty = qy.expanded ? ~0ull : qy.triedNodes;
        if (tx != ty) return tx < ty;
        return qx.numbers.pn < qy.numbers.pn;
      }
      return isOr ? qx.numbers.pn < qy.numbers.pn : qx.numbers.dn < qy.numbers.dn;
    });
    for (int c : kids) {
      const int leaf = self(self, c);
      if (leaf >= 0) return leaf;
    }
    return -1;
  };
  return visit(visit, from);
}

std::vector<bool> JobTree::stillOpen(Color attacker) const {
  const int a = gomoku::index(attacker);
  std::vector<bool> open(nodes_.size(), false);
  std::vector<int> todo{0};
  while (!todo.empty()) {
    const int v = todo.back();
    todo.pop_back();
    const Question& q = node(v).question[a];
    if (open[static_cast<std::size_t>(v)] || q.solved() || q.checking) continue;
    open[static_cast<std::size_t>(v)] = true;
    for (const Edge& e : node(v).edges) todo.push_back(e.child);
  }
  return open;
}

JobTree::Step JobTree::stepOf(int id, Color attacker) const {
  const int a = gomoku::index(attacker);
  const Node& n = node(id);
  const Question& q = n.question[a];
  Step step;
  const bool chooseOne = (n.toMove == attacker) == q.numbers.isProven();
  if (chooseOne) {
    // The choosing side's best: a child decided the same way, shortest first.
    const Edge* pick = nullptr;
    for (const auto& e : n.edges) {
      const Question& c = node(e.child).question[a];
      if (c.numbers.isProven() != q.numbers.isProven() || !c.solved()) continue;
      if (!pick || c.depth < node(pick->child).question[a].depth) pick = &e;
    }
    if (pick) {
      const Question& c = node(pick->child).question[a];
      step.moves = {pick->move};
      step.best = pick->move;
      step.size = saturatingAdd(1, c.size);
      step.depth = c.depth + 1;
    }
    return step;
  }
  // Every listed move; the best one resists longest.
  int longest = -1;
  std::unordered_set<int> counted;
  for (const auto& e : n.edges) {
    step.moves.push_back(e.move);
    const Question& c = node(e.child).question[a];
    if (counted.insert(e.child).second) step.size = saturatingAdd(step.size, c.size);
    if (c.depth > longest) {
      longest = c.depth;
      step.best = e.move;
    }
  }
  step.depth = longest + 1;
  return step;
}

}  // namespace tengen::coordinator
