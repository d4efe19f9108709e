// The coordinator's loop: pick questions (most-proving leaves, or a depth-limited sweep), send
// them as jobs, take answers as they come, have each proof checked by a worker other than its
// finder (or check it here when there is only one worker), store and back them up. Unanswered
// jobs leave a job-state mark beside the book's records.
#include "coordinator/coordinator.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <deque>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

#include "book/book_error.h"
#include "book/book_proofs.h"
#include "book/claim_parts.h"
#include "book/position_key.h"
#include "book/stored_proof.h"
#include "coordinator/job_tree.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/simulation_hints.h"
#include "solver/gomoku/symmetry.h"
#include "solver/gomoku/zobrist.h"
#include "worker/protocol.h"

namespace tengen::coordinator {
namespace {

using Clock = std::chrono::steady_clock;
using gomoku::ProofGame;
using gomoku::GameValue;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// A finished job that decided nothing: which budget it had and the numbers it reached. Kept in
// the book's job-state column family, so a resumed run does not repeat it.
struct JobMark {
  std::uint64_t maxNodes = 0;
  double maxSeconds = 0;
  std::uint32_t pn = 1, dn = 1;
};

std::string jobStateKey(const std::string& positionKey, Color attacker) {
  return positionKey + (attacker == Color::Black ? "#b" : "#w");
}

std::string encodeMark(const JobMark& m) {
  std::ostringstream out;
  out << "v1 " << m.maxNodes << ' ' << m.maxSeconds << ' ' << m.pn << ' ' << m.dn;
  return out.str();
}

std::optional<JobMark> decodeMark(const std::string& text) {
  std::istringstream in(text);
  std::string version;
  JobMark m;
  if (!(in >> version >> m.maxNodes >> m.maxSeconds >> m.pn >> m.dn) || version != "v1") return std::nullopt;
  return m;
}

// Whether a job with the mark's budget was at least as big as one with `b` (0 means unlimited).
bool covers(const JobMark& m, const worker::JobBudget& b) {
  const bool nodes = m.maxNodes == 0 || (b.maxNodes != 0 && m.maxNodes >= b.maxNodes);
  const bool time = m.maxSeconds <= 0 || (b.maxSeconds > 0 && m.maxSeconds >= b.maxSeconds);
  return nodes && time;
}

std::string describe(const gomoku::Position& pos, Color attacker) {
  return gomoku::formatStones(pos.board) + " (" + std::string(gomoku::colorName(pos.toMove)) + " to move; " +
         std::string(gomoku::colorName(attacker)) + "'s win)";
}

class Run {
 public:
  Run(book::Book& book, const gomoku::Position& root, WorkerPool& pool, const RunOptions& options)
      : book_(book),
        tree_(root, options.goal == Goal::Build ? MoveListing::AllMoves : MoveListing::Prover),
        pool_(pool),
        options_(options),
        workers_(static_cast<std::size_t>(pool.size())),
        crossCheck_(pool.size() >= 2),
        lentUpTo_(static_cast<std::size_t>(pool.size()), 0) {
    tree_.setLeastTriedFirst(options.goal == Goal::Solve && options.budgetGrowth > 1);
  }

  RunSummary run() {
    start_ = Clock::now();
    for (std::size_t w = 0; w < workers_.size(); ++w) {
      workers_[w].idleSince = start_;
      idle_.insert(w);
    }
    if (options_.goal == Goal::Build) buildTree();
    else adopt({0});
    attacker_ = options_.onlyAttacker.value_or(tree_.root().toMove);
    if (options_.goal == Goal::Solve) settleRootFromBook();
    if (options_.lendProofs) {
      // Any number but 0 names the run; workers keep one run's wins across its jobs.
      std::random_device seed;
      knownRun_ = (static_cast<std::uint64_t>(seed()) << 32 | seed()) | 1;
      const gomoku::Position root = tree_.position(0);
      addLendable(book::provedWinsOf(book_, root.rule, root.board.size(), &root.board));
    }
    loop();
    const auto checkStart = Clock::now();
    verifyStored();
    summary_.finalCheckSeconds = since(checkStart);
    summary_.value = rootValue();
    summary_.rootSettled = summary_.value != GameValue::Unknown;
    summary_.seconds = since(start_);
    summary_.treeNodes = tree_.size();
    summary_.openReplies = openReplies();
    double idle = 0, idleWithWork = 0;
    for (auto& w : workers_) {
      if (!w.busy) w.idle += since(w.idleSince);
      idle += w.idle;
      idleWithWork += w.idleWithWork;
    }
    const double capacity = summary_.seconds * static_cast<double>(workers_.size());
    summary_.idleFraction = capacity > 0 ? idle / capacity : 0;
    summary_.idleWithWorkFraction = capacity > 0 ? idleWithWork / capacity : 0;
    summary_.coordinatorBusyFraction =
        summary_.seconds > 0 ? std::max(0.0, 1.0 - summary_.waitSeconds / summary_.seconds) : 0;
    report(false);
    if (options_.sample) options_.sample(progress());
    return summary_;
  }

  // Where the attacker's opponent is to move at the root and the root was listed: its replies
  // (one a class) still open for the attacker's question.
  std::vector<gomoku::Point> openReplies() const {
    std::vector<gomoku::Point> open;
    const Node& root = tree_.node(0);
    const int a = gomoku::index(attacker_);
    if (root.toMove == attacker_ || !root.question[a].expanded || root.question[a].solved()) return open;
    std::vector<bool> listed(tree_.size(), false);
    for (const Edge& e : root.edges) {
      if (listed[static_cast<std::size_t>(e.child)]) continue;
      listed[static_cast<std::size_t>(e.child)] = true;
      if (tree_.node(e.child).question[a].numbers.pn != 0) open.push_back(e.move);
    }
    return open;
  }

  // The run's figures and its open frontier: the leaves below the root still needed for the
  // attacker's question (not answered, not settled above), the hardest first.
  RunProgress progress() const {
    RunProgress p;
    p.seconds = since(start_);
    p.nodes = summary_.nodes;
    p.jobs = summary_.jobs;
    p.proven = summary_.proven;
    p.unknown = summary_.unknown;
    p.treeNodes = tree_.size();
    const int a = gomoku::index(attacker_);
    const ProofNumbers rn = tree_.node(0).question[a].numbers;
    p.rootPn = rn.pn;
    p.rootDn = rn.dn;
    const std::vector<bool> open = tree_.stillOpen(attacker_);
    std::vector<std::pair<std::uint64_t, int>> leaves;  // (tried nodes, id)
    for (std::size_t id = 0; id < open.size(); ++id) {
      if (!open[id]) continue;
      const Question& q = tree_.node(static_cast<int>(id)).question[a];
      if (q.expanded && !tree_.node(static_cast<int>(id)).edges.empty()) continue;
      leaves.push_back({q.triedNodes, static_cast<int>(id)});
    }
    p.openLeaves = leaves.size();
    std::sort(leaves.begin(), leaves.end(), [&](const auto& x, const auto& y) {
      if (x.first != y.first) return x.first > y.first;
      return tree_.node(x.second).question[a].numbers.pn > tree_.node(y.second).question[a].numbers.pn;
    });
    const int n = tree_.root().board.size();
    for (std::size_t i = 0; i < leaves.size() && i < 8; ++i) {
      const Node& v = tree_.node(leaves[i].second);
      std::string line = v.path.empty() ? "(the root)" : gomoku::formatMoves(v.path, n);
      line += " (" + std::string(gomoku::colorName(v.toMove)) + " to move; pn " + std::to_string(v.question[a].numbers.pn);
      if (leaves[i].first) line += ", " + std::to_string(leaves[i].first) + " nodes tried";
      p.hardest.push_back(line + ")");
    }
    return p;
  }

 private:
  struct WorkerState {
    bool busy = false;
    Clock::time_point idleSince;
    double idle = 0, idleWithWork = 0;
  };
  struct InFlight {
    int node;
    Color attacker;
    int worker;
    worker::JobBudget budget;  // as sent: a job near the run's time limit gets only what is left
    bool withdrawn = false;    // its answer is no longer wanted (see withdrawMoot)
    bool pass = false;         // the attacker's win at `node` after the opponent passes (passHints)
  };
  // passHints: what is known of the attacker's win after a pass at a node (the opponent to move).
  struct Pass {
    bool answered = false;
    ProofGame::Hints hints;  // the winning moves of its proof by board hash (empty: none proved)
  };
  // The next thing to ask: a node's question, or the pass question of a node.
  struct Ask {
    int node;
    Color attacker;
    bool pass = false;
  };
  // A proof or disproof that came back from a job and waits for (or is out at) its check.
  struct Unchecked {
    InFlight job;
    std::uint64_t jobId = 0;
    worker::WireTree wire;    // as received, for the checking worker
    gomoku::ProofRecord proof;
    int checker = -1;         // the worker checking it, once sent
  };

  // ---- the tree ----

  // Every position up to the depth, one per symmetry class, with all its legal moves.
  void buildTree() {
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

  // Lists a node's children and takes what the book knows of them. With passHints, at the
  // attacker's node the moves that won nearby (the pass proof's here, and the moves that won after
  // the sibling replies already proved) are asked about first: every other child starts with a
  // proof number of kUnhintedPn, so the search turns to it only once those look costlier.
  static constexpr std::uint32_t kUnhintedPn = 24;
  void expandNode(int id, Color attacker) {
    adopt(tree_.expand(id, attacker));
    rankChildren(id, attacker);
  }

  // passHints: at an expanded attacker's node, the children no hint names start behind (see
  // expandNode). Again whenever a hint arrives (a pass answered, a sibling proved).
  void rankChildren(int id, Color attacker) {
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

  // splitOracle: the engine's move at the attacker's node `id`, asked the first time only.
  std::optional<Point> engineMoveAt(int id, Color attacker) {
    if (!options_.splitOracle) return std::nullopt;
    auto it = engineMove_.find(id);
    if (it == engineMove_.end()) {
      ++summary_.splitQuestions;
      it = engineMove_.emplace(id, options_.splitOracle(tree_.position(id).board, attacker)).first;
    }
    return it->second;
  }

  // splitRethink: `child`'s question came back without a proof at the largest job (or refuted);
  // at each attacker's node above it whose engine move led there, the engine thinks again, longer,
  // once a node. A move other than the first goes to the front of that node's children.
  void rethinkAbove(int child, Color attacker) {
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

  // passHints: the attacker's nodes below `id`'s children get their hints anew (a pass answered at
  // `id`, or one of its children proved).
  void rankBelow(int id, Color attacker) {
    if (!options_.passHints) return;
    for (int child : tree_.distinctChildren(id)) rankChildren(child, attacker);
  }

  // Takes what the book already knows about new nodes: stored answers, and the marks of jobs
  // that ran out of budget (which a search then expands, exactly as when the answer came in).
  void adopt(std::vector<int> fresh) {
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

  // A root where the attacker's opponent moves and the book proves every reply (e.g. the last ones
  // solved apart and imported since the campaign's last run): expanded on the spot, so the backup
  // stores its step as a derived claim for the closing check, instead of a job that would first
  // rebuild every reply's proof from lent trees. Any other root is asked as a whole first (at the
  // attacker's own node one lent proof already makes its job short).
  void settleRootFromBook() {
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

  void backup(int id, Color c) {
    std::vector<int> settled;
    tree_.backup(id, c, settled);
    for (int v : settled) recordBackup(v, c);
  }

  // A question the children settled: its step goes into the book (unverified until the end).
  void recordBackup(int id, Color c) {
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

  // A question the rules decided when its node was expanded: a leaf with the rules' argument.
  void recordRuleLeaf(int id, Color c) {
    Question& q = tree_.node(id).question[gomoku::index(c)];
    const auto records = book::recordsFromStep(tree_.position(id), c, q.numbers.isProven(), {},
                                               tree_.node(id).argument[gomoku::index(c)], gomoku::kNoPoint, 1, 0);
    summary_.positionsStored += book::storeRecords(book_, records);
    q.recorded = true;
    backedUp_.push_back({id, c});
    backup(id, c);
  }

  // ---- choosing work ----

  bool rootDecided() const {
    const Node& r = tree_.node(0);
    if (options_.onlyAttacker) return r.question[gomoku::index(*options_.onlyAttacker)].numbers.solved();
    const Question& mine = r.question[gomoku::index(r.toMove)];
    const Question& theirs = r.question[gomoku::index(gomoku::opponent(r.toMove))];
    return mine.numbers.isProven() || theirs.numbers.isProven() ||
           (mine.numbers.isDisproven() && theirs.numbers.isDisproven());
  }

  GameValue rootValue() const {
    const Node& r = tree_.node(0);
    if (options_.onlyAttacker)
      return r.question[gomoku::index(*options_.onlyAttacker)].numbers.isProven() ? gomoku::winFor(*options_.onlyAttacker)
                                                                                 : GameValue::Unknown;
    const Color me = r.toMove, other = gomoku::opponent(me);
    if (r.question[gomoku::index(me)].numbers.isProven()) return gomoku::winFor(me);
    if (r.question[gomoku::index(other)].numbers.isProven()) return gomoku::winFor(other);
    if (r.question[gomoku::index(me)].numbers.isDisproven() && r.question[gomoku::index(other)].numbers.isDisproven())
      return GameValue::Draw;
    return GameValue::Unknown;
  }

  bool limitReached() {
    if (options_.maxJobs && summary_.jobs + answering_ + inFlight_.size() >= options_.maxJobs) {
      summary_.stoppedBy = "job limit";
      return true;
    }
    if (options_.goal == Goal::Solve && options_.maxSeconds > 0 && since(start_) >= options_.maxSeconds) {
      summary_.stoppedBy = "time limit";
      return true;
    }
    if (options_.goal == Goal::Solve && options_.maxNodes > 0 && summary_.nodes + nodesInFlight() >= options_.maxNodes) {
      summary_.stoppedBy = "node limit";
      return true;
    }
    return false;
  }

  std::uint64_t nodesInFlight() const {
    std::uint64_t n = 0;
    for (const auto& [id, job] : inFlight_) n += job.budget.maxNodes;
    return n;
  }

  // Whether a job that came back unknown with `nodes` is asked again, larger (budgetGrowth).
  bool askAgain(std::uint64_t nodes) const {
    return options_.goal == Goal::Solve && options_.budgetGrowth > 1 && nodes > 0 && nodes < options_.maxJobNodes;
  }

  // passHints: the nearest node at or above `id`, along its first path, where the attacker's
  // opponent is to move and whose own children lead to `id` (the pass there stands for the
  // stone `id`'s path puts on it), with the move from it; -1 when none.
  std::pair<int, Point> passAbove(int id, Color attacker) const {
    for (int child = id, v = tree_.node(id).parents.empty() ? -1 : tree_.node(id).parents[0]; v >= 0;
         child = v, v = tree_.node(v).parents.empty() ? -1 : tree_.node(v).parents[0]) {
      if (tree_.node(v).toMove == attacker) continue;
      const auto& path = tree_.node(child).path;
      if (path.size() != tree_.node(v).path.size() + 1) return {-1, gomoku::kNoPoint};
      return {v, path.back()};
    }
    return {-1, gomoku::kNoPoint};
  }

  // The next question to send, or nullopt when none can go out now.
  std::optional<Ask> nextQuestion() {
    if (options_.goal == Goal::Solve) {
      if (rootDecided()) return std::nullopt;
      const Node& r = tree_.node(0);
      // The side to move's win first; once that is disproved, the opponent's.
      if (r.question[gomoku::index(attacker_)].numbers.isDisproven()) attacker_ = gomoku::opponent(r.toMove);
      int leaf = tree_.selectLeaf(0, attacker_);
      // Every open leaf is out (at the start: the root alone): rather than leave a worker idle,
      // expand the most-proving leaf in flight and ask about its children meanwhile. Its own job
      // still answers it; whichever settles it first wins, and both are checked.
      while (leaf < 0) {
        const int running = tree_.selectLeaf(0, attacker_, true);
        if (running < 0) return std::nullopt;
        expandNode(running, attacker_);
        const Question& q = tree_.node(running).question[gomoku::index(attacker_)];
        if (q.fixed && !q.recorded) recordRuleLeaf(running, attacker_);
        backup(running, attacker_);
        withdrawMoot();
        if (rootDecided()) return std::nullopt;
        leaf = tree_.selectLeaf(0, attacker_);
      }
      if (options_.passHints && options_.onlyAttacker) {
        // The pass question of the node above first: its answer goes with the leaf's job. While
        // it is out, the leaf waits (the pass proof makes most of them cheap).
        const int above = passAbove(leaf, attacker_).first;
        if (above >= 0 && !passes_.count(above)) return Ask{above, attacker_, true};
        if (above >= 0 && !passes_[above].answered) return std::nullopt;
      }
      return Ask{leaf, attacker_};
    }
    // A sweep question goes out when it is open; the opponent's win only once the side to
    // move's is answered without a win (deferred until then).
    auto readiness = [&](const std::pair<int, Color>& item) {
      const Node& n = tree_.node(item.first);
      const Question& q = n.question[gomoku::index(item.second)];
      const Question& mine = n.question[gomoku::index(n.toMove)];
      if (q.solved() || q.asked || q.pending || (item.second != n.toMove && mine.numbers.isProven())) return -1;
      if (item.second != n.toMove && !mine.solved() && !mine.asked) return 0;
      return 1;
    };
    for (std::size_t i = 0; i < deferred_.size(); ++i) {
      const int r = readiness(deferred_[i]);
      if (r == 0) continue;
      const auto item = deferred_[i];
      deferred_.erase(deferred_.begin() + static_cast<std::ptrdiff_t>(i));
      if (r == 1) return Ask{item.first, item.second};
      --i;
    }
    while (sweepAt_ < sweep_.size()) {
      const auto item = sweep_[sweepAt_++];
      const int r = readiness(item);
      if (r == 1) return Ask{item.first, item.second};
      if (r == 0) deferred_.push_back(item);
    }
    return std::nullopt;
  }

  void markBusy(std::size_t w) {
    WorkerState& ws = workers_[w];
    const double waited = since(ws.idleSince);
    ws.idle += waited;
    ws.idleWithWork += std::min(waited, since(lastProgressAt_));  // since work could last have gone out
    ws.busy = true;
    idle_.erase(w);
  }

  // Sends worker `w` the oldest proof waiting for a check that it did not find itself.
  bool dispatchCheck(std::size_t w) {
    for (auto it = toCheck_.begin(); it != toCheck_.end(); ++it) {
      if (it->job.worker == static_cast<int>(w)) continue;
      Unchecked item = std::move(*it);
      toCheck_.erase(it);
      const std::uint64_t checkId = ++lastCheckId_;
      const gomoku::Position pos = tree_.position(item.job.node);
      const std::string bytes = worker::encodeMessage(
          worker::makeCheckRequest(checkId, worker::makeJobRequest(item.jobId, pos, item.job.attacker, {}), std::move(item.wire)));
      item.wire = {};
      summary_.bytesSent += bytes.size();
      ++summary_.messages;
      markBusy(w);
      item.checker = static_cast<int>(w);
      checksOut_.emplace(checkId, std::move(item));
      pool_.send(static_cast<int>(w), bytes);
      return true;
    }
    return false;
  }

  // Gives each idle worker (lowest index first) a check or a question. Only the idle workers are
  // visited, and once no question can go out only checks are looked for: with a thousand workers
  // one answer costs a few steps here, not a pass over every worker.
  void dispatch() {
    bool questions = true;
    for (auto next = idle_.begin(); next != idle_.end();) {
      const std::size_t w = *next++;  // markBusy(w) erases w: step past it first
      // Checks go first: the proofs waiting for them are the run's progress.
      if (dispatchCheck(w)) continue;
      if (!questions) {
        if (toCheck_.empty()) break;
        continue;
      }
      const auto question = limitReached() ? std::nullopt : nextQuestion();
      if (!question) {
        questions = false;
        continue;
      }
      const auto [id, c, pass] = *question;
      const std::uint64_t jobId = ++lastJobId_;
      worker::JobBudget budget = options_.jobBudget;
      if (pass) {
        passes_[id];  // asked: its answer is awaited
        ++summary_.passJobs;
        // One pass question serves every job below its node: it gets the largest job.
        if (budget.maxNodes > 0) budget.maxNodes = std::max(budget.maxNodes, options_.maxJobNodes);
      } else {
        Question& q = tree_.node(id).question[gomoku::index(c)];
        q.pending = true;
        if (id == 0 && options_.rootJobBudget && !q.asked) budget = *options_.rootJobBudget;
        if (q.triedNodes > 0 && budget.maxNodes > 0)
          budget.maxNodes = std::min<std::uint64_t>(options_.maxJobNodes,
                                                    q.triedNodes * static_cast<std::uint64_t>(options_.budgetGrowth));
      }
      if (options_.goal == Goal::Solve && options_.maxSeconds > 0) {
        // --time bounds the whole run: no job may outlast it.
        const double left = std::max(0.01, options_.maxSeconds - since(start_));
        if (budget.maxSeconds <= 0 || budget.maxSeconds > left) budget.maxSeconds = left;
      }
      if (options_.goal == Goal::Solve && options_.maxNodes > 0) {
        // So does a node budget for the whole run.
        const std::uint64_t left = options_.maxNodes - std::min(options_.maxNodes, summary_.nodes + nodesInFlight());
        if (budget.maxNodes == 0 || budget.maxNodes > left) budget.maxNodes = std::max<std::uint64_t>(1, left);
      }
      gomoku::Position position = tree_.position(id);
      if (pass) position.toMove = c;  // the opponent passed
      worker::JobRequest request = worker::makeJobRequest(jobId, position, c, budget);
      request.checkHere = !crossCheck_ && !pass;  // another worker checks the answer (a pass's: nobody)
      if (!pass && options_.passHints) attachHints(request, id, c);
      if (knownRun_) {
        // The wins listed since this worker's last job go with this one.
        request.knownRun = knownRun_;
        request.knownWins.assign(lendable_.begin() + static_cast<std::ptrdiff_t>(lentUpTo_[w]), lendable_.end());
        lentUpTo_[w] = lendable_.size();
      }
      const std::string bytes = worker::encodeMessage(worker::gameJobOf(request));
      summary_.bytesSent += bytes.size();
      ++summary_.messages;
      markBusy(w);
      inFlight_[jobId] = {id, c, static_cast<int>(w), budget, false, pass};
      pool_.send(static_cast<int>(w), bytes);
    }
  }

  // The pass proof's winning moves above this node, moved onto it by the opponent's stone that
  // stands where the pass was.
  void attachHints(worker::JobRequest& request, int id, Color attacker) {
    const auto [above, move] = passAbove(id, attacker);
    if (above < 0) return;
    const auto it = passes_.find(above);
    if (it == passes_.end() || it->second.hints.empty()) return;
    const std::uint64_t delta = gomoku::zobristKey(gomoku::opponent(attacker), move);
    request.hints.reserve(it->second.hints.size());
    for (const auto& [hash, moves] : it->second.hints)
      request.hints.push_back({hash ^ delta, static_cast<worker::WireCell>(moves.front())});
    ++summary_.hintedJobs;
  }

  // A pass question's answer: a proof gives hints (never stored: it only orders searches).
  void applyPass(const InFlight& job, const worker::JobReply& reply) {
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

  // ---- answers ----

  struct Accepted {
    InFlight job;
    worker::JobReply reply;
  };

  void freeWorker(int w) {
    WorkerState& ws = workers_[static_cast<std::size_t>(w)];
    ws.busy = false;
    idle_.insert(static_cast<std::size_t>(w));
    ws.idleSince = Clock::now();
    lastProgressAt_ = ws.idleSince;
  }

  // Counts a worker's message and decodes it; a damaged or foreign one names the worker.
  worker::Message decodeFrom(const std::string& who, const std::string& bytes) {
    summary_.bytesReceived += bytes.size();
    ++summary_.messages;
    try {
      return worker::decodeMessage(bytes);
    } catch (const worker::ProtocolError& e) {
      throw std::runtime_error(who + ": " + e.what());
    }
  }

  // Takes a message off the wire, checks it answers what this worker was sent, frees the worker
  // and hands the answer on: the worker gets new work before the answer's own (slower) handling.
  void receiveMessage(int workerIndex, const std::string& bytes) {
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

  void apply(const Accepted& accepted) {
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

  // A checked proof: into the book, marked verified, and backed up the tree.
  void storeProof(const InFlight& job, gomoku::ProofRecord proof) {
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

  // Solve: jobs whose answers can no longer change the root (their node settled, or every node
  // above it) are withdrawn, so the run ends, or their workers move on, without waiting for them.
  void withdrawMoot() {
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

  // ---- lending proofs ----

  void addLendable(const std::vector<book::ProvedWin>& wins) {
    for (const book::ProvedWin& w : wins)
      lendable_.push_back({w.canonicalHash, static_cast<std::uint8_t>(w.toMove), static_cast<std::uint8_t>(w.attacker)});
    summary_.winsListed += wins.size();
  }

  // A worker's search met a listed win: its tree from the book, in the orientation asked (or none,
  // when the book cannot give it). The worker waits for the answer, so every request gets one.
  // Returns false when the message is something else.
  bool lendProof(int workerIndex, const worker::Message& message) {
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

  // ---- the loop ----

  void loop() {
    lastReport_ = lastProgressAt_ = lastSample_ = Clock::now();
    summary_.stoppedBy = "done";
    while (true) {
      if (options_.stop && options_.stop->load()) {
        summary_.stoppedBy = "interrupted";
        summary_.droppedJobs = inFlight_.size() + checksOut_.size() + toCheck_.size();
        for (const auto& [jobId, job] : inFlight_) pool_.withdraw(job.worker, jobId);
        break;
      }
      dispatch();
      if (inFlight_.empty() && checksOut_.empty() && toCheck_.empty()) break;
      // At most a fifth of a second between looks at the stop request.
      const double wait = std::clamp(options_.reportEvery - since(lastReport_), 0.01, 0.2);
      const auto waitStart = Clock::now();
      auto message = pool_.receive(wait);
      summary_.waitSeconds += since(waitStart);
      if (message) receiveMessage(message->first, message->second);
      if (since(lastReport_) >= options_.reportEvery) {
        report(true);
        lastReport_ = Clock::now();
      }
      if (options_.sample && since(lastSample_) >= options_.sampleEvery) {
        options_.sample(progress());
        lastSample_ = Clock::now();
      }
    }
    if (options_.goal == Goal::Solve && rootDecided() && summary_.stoppedBy == "done") summary_.stoppedBy = "settled";
  }

  // Rebuilds every stored step the coordinator derived (not a job's own checked tree) from the
  // book's records, has the independent verifier check it, root first, then marks it verified.
  // A claim whose tree lies inside one already checked needs no check of its own. With two or
  // more workers the checks run on the workers, while the coordinator rebuilds the next trees;
  // with one, here. Stopped (Ctrl-C, polled between claims and between a claim's parts): the
  // claims not yet checked stay claims.
  void verifyStored() {
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

  struct ClaimCheck {
    std::uint64_t checkId;
    int node;
    Color attacker;
    std::vector<std::string> keys;
    std::string request;
    int checker;
  };

  bool stopping() const { return options_.stop && options_.stop->load(); }

  // Sends waiting claim checks to idle workers, then takes one verdict (waiting up to `wait` s).
  void awaitClaimChecks(double wait) {
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

  void report(bool live) {
    if (!options_.report) return;
    const Node& r = tree_.node(0);
    const ProofNumbers rn = r.question[gomoku::index(attacker_)].numbers;
    const double s = since(start_);
    // In words: what is proved, how the jobs went, how far the root is, time against the limit.
    std::string limit = "no limit (Ctrl-C stops and keeps what is proved)";
    if (options_.goal == Goal::Solve && options_.maxSeconds > 0) limit = "limit " + std::to_string(static_cast<long long>(options_.maxSeconds)) + " s";
    else if (options_.maxJobs > 0) limit = "limit " + std::to_string(options_.maxJobs) + " jobs";
    const std::string what = options_.goal == Goal::Build ? "building the book" : "proving " + std::string(gomoku::colorName(attacker_)) + "'s win";
    // The root's proof and disproof numbers: how many open positions at least stand between it and
    // a proof, or a refutation.
    const std::string root = rn.pn == 0                  ? "proved"
                             : rn.pn >= proof::kInfinity ? "refuted"
                                                         : "at least " + std::to_string(rn.pn) + (rn.pn == 1 ? " open position" : " open positions") + " to prove, " +
                                                               std::to_string(rn.dn) + " to refute";
    char line[400];
    std::snprintf(line, sizeof line,
                  "%s: %llu jobs done (%llu proved, %llu disproved, %llu unsettled), %zu running | root: %s | "
                  "%.0f positions/s | %.1f s, %s",
                  what.c_str(), static_cast<unsigned long long>(summary_.jobs),
                  static_cast<unsigned long long>(summary_.proven), static_cast<unsigned long long>(summary_.disproven),
                  static_cast<unsigned long long>(summary_.unknown), inFlight_.size(),
                  root.c_str(), s > 0 ? summary_.nodes / s : 0.0, s, limit.c_str());
    options_.report(line, live);
  }

  book::Book& book_;
  JobTree tree_;
  WorkerPool& pool_;
  RunOptions options_;
  RunSummary summary_;
  std::vector<WorkerState> workers_;
  std::set<std::size_t> idle_;  // workers without a job or check, in index order
  std::deque<ClaimCheck> claimChecks_;                       // derived claims' trees waiting for a worker
  std::unordered_map<std::uint64_t, ClaimCheck> claimsOut_;  // ... and out at one
  std::unordered_map<std::uint64_t, InFlight> inFlight_;
  std::uint64_t lastJobId_ = 0;
  const bool crossCheck_;             // proofs are checked by another worker (two or more workers)
  std::deque<Unchecked> toCheck_;     // proofs waiting for a worker to check them
  std::unordered_map<std::uint64_t, Unchecked> checksOut_;
  std::uint64_t lastCheckId_ = 0;
  std::size_t answering_ = 0;  // answers accepted but not yet applied
  Color attacker_ = Color::Black;
  std::vector<std::pair<int, Color>> sweep_;
  std::size_t sweepAt_ = 0;
  std::vector<std::pair<int, Color>> deferred_;
  std::vector<std::pair<int, Color>> backedUp_;
  std::uint64_t knownRun_ = 0;                // 0: no proofs lent
  std::vector<worker::KnownWin> lendable_;    // every win listed so far, in listing order
  std::vector<std::size_t> lentUpTo_;         // per worker: how many of them it was sent
  std::unordered_map<int, Pass> passes_;      // passHints: by node, once asked
  std::unordered_map<int, Point> winningMove_;  // passHints: the attacker's move at nodes it proved won
  std::unordered_map<int, std::optional<Point>> engineMove_;  // splitOracle: its answer by node
  std::unordered_set<int> rethought_;                         // splitRethink: nodes asked again
  Clock::time_point start_, lastReport_, lastProgressAt_, lastSample_;
};

}  // namespace

RunSummary runCoordinator(book::Book& book, const gomoku::Position& root, WorkerPool& pool, const RunOptions& options) {
  return Run(book, root, pool, options).run();
}

}  // namespace tengen::coordinator
