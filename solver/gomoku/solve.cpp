// Runs the searches a question needs and turns their trees into values, moves and lines.
// Full game value: a first look at "can the side to move force a win", threat-space search for
// that win, then the full searches: that win, then "can the opponent"; a draw is both disproved.
// Nothing is reported proven unless the verifier accepts its tree.
#include "solver/gomoku/solve.h"

#include <array>
#include <atomic>
#include <chrono>

#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/threat_sequence.h"
#include "solver/gomoku/threats.h"
#include "solver/proof/dfpn.h"

namespace tengen::gomoku {
namespace {

using Clock = std::chrono::steady_clock;
using Tree = proof::ProofTree<Point>;

struct Budget {
  std::uint64_t maxNodes;  // 0: none
  double maxSeconds;       // 0: none
  Clock::time_point start = Clock::now();
  std::uint64_t used = 0;
  std::uint64_t extra = 0;  // nodes of null-move threat searches, not counted against maxNodes
  const std::atomic<bool>* cancel = nullptr;  // raised: no budget left

  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start).count(); }
  bool cancelled() const { return cancel && cancel->load(std::memory_order_relaxed); }
  bool left() const {
    return (maxNodes == 0 || used < maxNodes) && (maxSeconds <= 0 || elapsed() < maxSeconds) && !cancelled();
  }
  // A budget of its own for a preliminary search: `share` of what is left, or `nodes` when
  // this budget is unbounded. Its use is added back with charge().
  Budget part(double share, std::uint64_t nodes) const {
    Budget p{0, 0};
    p.cancel = cancel;
    if (maxNodes) p.maxNodes = std::max<std::uint64_t>(1, static_cast<std::uint64_t>((maxNodes - used) * share));
    if (maxSeconds > 0) p.maxSeconds = std::max(0.001, (maxSeconds - elapsed()) * share);
    if (!maxNodes && maxSeconds <= 0) p.maxNodes = nodes;
    return p;
  }
  void charge(const Budget& p) {
    used += p.used;
    extra += p.extra;
  }
  // Limits for the next search: `share` of what is left (1 for all of it).
  proof::SearchLimits limits(double share) const {
    proof::SearchLimits l;
    l.cancel = cancel;
    if (maxNodes) l.maxNodes = std::max<std::uint64_t>(1, static_cast<std::uint64_t>((maxNodes - used) * share));
    if (maxSeconds > 0) l.maxSeconds = std::max(0.001, (maxSeconds - elapsed()) * share);
    return l;
  }
};

// One attacker's search, kept so it can be resumed with more budget.
struct Attempt {
  Color attacker;
  ProofGame game;
  proof::ProofNumbers root{1, 1};
  bool settled() const { return root.solved(); }
};

// Every search of a full-value solve (its threat-space phase too) chooses by effort, with the
// solve's epsilon and proof numbers; VCF and VCT questions keep the plain choice (quintet's cases:
// 20% more nodes by effort).
void chooseAsFullValue(proof::SearchLimits& limits, const SolveOptions& options) {
  if (options.mode != ProofMode::Full) return;
  limits.effortShift = options.effortShift;
  limits.epsilon = options.epsilon;
  limits.weakProofPlies = options.weakProofPlies;
}

void runSearch(Attempt& a, proof::TranspositionTable& table, Budget& budget, double share,
               const SolveOptions& options) {
  proof::SearchLimits limits = budget.limits(share);
  chooseAsFullValue(limits, options);
  if (options.progress) {
    const std::uint64_t base = budget.used;
    const Color attacker = a.attacker;
    const auto& report = options.progress;
    const Budget* b = &budget;
    limits.progress = [base, attacker, report, b](const proof::SearchProgress& p) {
      report(SolveProgress{base + p.nodes, b->elapsed(), attacker, p.root.pn, p.root.dn});
    };
  }
  proof::Dfpn<ProofGame> search(a.game, table, limits);
  a.root = search.search();
  budget.used += search.nodes();
  budget.extra += search.extraNodes();
}

// Extracts the tree for a settled attempt (searching again where the table lost entries).
bool extractTree(Attempt& a, proof::TranspositionTable& table, Budget& budget, Tree& tree,
                 const SolveOptions& options) {
  proof::SearchLimits limits;
  limits.cancel = budget.cancel;
  chooseAsFullValue(limits, options);
  // Re-searches during extraction get a budget of their own, as large as the main one (in time
  // too: a rebuild that cannot finish must not run on unbounded).
  if (budget.maxNodes) limits.maxNodes = std::max<std::uint64_t>(budget.maxNodes, 1'000'000);
  if (budget.maxSeconds > 0) limits.maxSeconds = budget.maxSeconds;
  proof::Dfpn<ProofGame> search(a.game, table, limits);
  proof::ProofExtractor<ProofGame> extractor(a.game, search);
  const bool ok = extractor.extract(a.root.isProven(), tree);
  budget.used += search.nodes();
  // The extractor expands nodes itself, outside the search: their threat searches are counted here.
  budget.extra += search.extraNodes() + a.game.takeExtraNodes();
  return ok;
}

// A threat-space sequence's gains played out on `board`, each answered on its first cost square
// (the attacker's five points are left to the caller).
void playThreatSequence(Board& board, Color attacker, Rule rule, const std::vector<Point>& gains, std::vector<Point>& line) {
  MoveList answers;
  for (Point g : gains) {
    if (!board.isEmpty(g)) return;
    line.push_back(g);
    board.place(g, attacker);
    if (!threatCostSquares(board, attacker, rule, answers) || answers.empty()) return;
    line.push_back(answers[0]);
    board.place(answers[0], opponent(attacker));
  }
}

// The principal line: the winner's chosen moves, the loser's longest resistance, the final five.
std::vector<Point> principalLine(const Position& pos, const Tree& tree, Color attacker, Rule rule) {
  std::vector<Point> line;
  Board board = pos.board;
  Color toMove = pos.toMove;
  int node = 0;
  while (true) {
    const auto& n = tree.nodes[static_cast<std::size_t>(node)];
    const Tree::Edge* pick = nullptr;
    for (const auto& e : n.children) {
      if (e.move == kPass) continue;  // a relevance zone's proof device, not a move
      if (!pick || tree.nodes[static_cast<std::size_t>(e.node)].depth > tree.nodes[static_cast<std::size_t>(pick->node)].depth)
        pick = &e;
    }
    if (!pick) {
      if (tree.attackerWins && toMove == attacker && n.argument.kind == ProofGame::kThreatSequence)
        playThreatSequence(board, attacker, rule, n.argument.moves, line);
      break;
    }
    line.push_back(pick->move);
    board.place(pick->move, toMove);
    toMove = opponent(toMove);
    node = pick->node;
  }
  if (tree.attackerWins) {
    MoveList fives;
    findFivePoints(board, attacker, rule, fives);
    if (toMove != attacker && !fives.empty()) {
      // The loser blocks one five point where it may (a renju foul point it may not), and the
      // winner completes another.
      for (Point f : fives)
        if (isLegal(board, f, toMove, rule)) {
          line.push_back(f);
          board.place(f, toMove);
          toMove = attacker;
          break;
        }
      if (toMove != attacker) return line;  // no legal block: the loser is out of moves that matter
      findFivePoints(board, attacker, rule, fives);
    }
    if (toMove == attacker && !fives.empty()) line.push_back(fives[0]);
  }
  return line;
}

// Threat-space search before the full search: a VCT for the side to move, its threats being
// VCFs of up to kThreatLimit fours against a pass, by iterative deepening on the attacker's moves
// (the last limit dominates the cost; keys hold the moves left, and a position never has the same
// moves left under two limits, so iterations share no entries). Its proof trees hold only exact
// arguments, so a VCT proof is a proof of the game value, checked by the same verifier. Gets
// a fifth of the budget (a fixed node cap without one): the full search's threat probes find
// most such wins too, and a position won by a quiet move needs the budget there (three quarters
// here left 1M-node proofs of the horizon lines unfinished that a fifth proves: Suigetsu's ply
// 18); stops once a search ends with no node cut by its limit, since longer limits cannot find more.
constexpr int kThreatLimit = 2;
constexpr double kThreatSpaceShare = 0.2;
// The deepening steps, about 1.5x apart (a longer limit finds every
// shorter win too, and the last iteration dominates the cost).
constexpr std::array<int, 8> kThreatMoveLimits = {1, 2, 3, 5, 8, 12, 18, 24};
constexpr std::uint64_t kUnboundedThreatNodes = 2'000'000;
// The first look at the full game, before threat-space search.
constexpr double kFirstLookShare = 0.125;
constexpr std::uint64_t kFirstLookNodes = 250'000;

std::optional<Attempt> threatSpaceWin(const Position& pos, proof::TranspositionTable& table, Budget& budget,
                                      const SolveOptions& options) {
  Budget share = budget.part(kThreatSpaceShare, kUnboundedThreatNodes);
  std::optional<Attempt> win;
  for (int limit : kThreatMoveLimits) {
    if (!share.left()) break;
    Attempt a{pos.toMove, ProofGame(pos.board, pos.toMove, pos.rule, pos.toMove, ProofMode::Vct, limit, kThreatLimit)};
    runSearch(a, table, share, 1.0, options);
    if (a.root.isProven()) {
      win.emplace(std::move(a));
      break;
    }
    if (!a.settled() || !a.game.limitReached()) break;
  }
  budget.charge(share);
  return win;
}

// The full value from the side to move's search (already run once) and the opponent's: a win
// of either, or a draw when both are disproved.
void settleFullValue(Attempt& mine, Attempt& theirs, proof::TranspositionTable& table, Budget& budget,
                     const SolveOptions& options, std::vector<Attempt*>& decisive) {
  if (mine.root.isProven()) {
    decisive.push_back(&mine);
  } else if (budget.left()) {
    runSearch(theirs, table, budget, 1.0, options);
    if (theirs.root.isProven()) {
      decisive.push_back(&theirs);
    } else if (theirs.root.isDisproven()) {
      if (!mine.settled() && budget.left()) runSearch(mine, table, budget, 1.0, options);
      if (mine.root.isProven()) decisive.push_back(&mine);
      else if (mine.root.isDisproven()) decisive = {&mine, &theirs};
    }
  }
}

// The table a solve allocates: the size asked for, but no larger than a node budget can fill.
// Every search node stores one entry, and the proof's extraction may search as long again
// (at least 1M nodes), so four entries per budgeted node leave room to spare. A table far
// larger than its search is not free: every page of it the hash touches must be zeroed by the
// system first (a 1.5 GiB default table made a 30,000-node solve spend most of its time there).
// Without a node budget the table grows as it fills instead.
std::size_t tableMegabytes(const SolveOptions& options) {
  if (options.maxNodes == 0) return options.hashMegabytes;
  const std::uint64_t entries = 4 * (options.maxNodes + std::max<std::uint64_t>(options.maxNodes, 1'000'000));
  const std::uint64_t megabytes = entries * 64 / 3 / (1u << 20) + 1;  // three entries a 64-byte bucket
  return static_cast<std::size_t>(std::min<std::uint64_t>(options.hashMegabytes, megabytes));
}

}  // namespace

std::string_view gameValueName(GameValue v) {
  switch (v) {
    case GameValue::BlackWins: return "black-wins";
    case GameValue::WhiteWins: return "white-wins";
    case GameValue::Draw: return "draw";
    case GameValue::Unknown: return "unknown";
  }
  return "?";
}

SolveResult solve(const Position& pos, const SolveOptions& options) {
  SolveResult result;
  Budget budget{options.maxNodes, options.maxSeconds};
  budget.cancel = options.cancel;
  std::optional<proof::TranspositionTable> ownTable;
  if (options.table) options.table->clear();
  proof::TranspositionTable& table = options.table ? *options.table : ownTable.emplace(tableMegabytes(options), options.maxNodes == 0);
  const Color me = pos.toMove, other = opponent(me);
  const int limit = options.mode == ProofMode::Full ? 0 : options.moveLimit;

  Attempt mine{me, ProofGame(pos.board, me, pos.rule, me, options.mode, limit, options.threatLimit)};
  Attempt theirs{other, ProofGame(pos.board, me, pos.rule, other, ProofMode::Full)};
  // Full values: relevance zones at the defender's nodes (a no-op in VCF/VCT modes). One
  // null-move search may take at most a hundredth of a node budget: small jobs do without.
  std::uint64_t nullMoveNodes = options.nullMoveNodes;
  if (options.maxNodes) nullMoveNodes = std::min(nullMoveNodes, options.maxNodes / 100);
  if (nullMoveNodes < 50) nullMoveNodes = 0;
  // Threat probes scale the same way: a first probe of at most a hundredth of a node budget, the
  // largest at most a sixteenth, none in small jobs (whose size would otherwise mean nothing).
  std::uint64_t probeNodes = options.probeNodes, probeMaxNodes = options.probeMaxNodes;
  if (options.maxNodes) {
    probeNodes = std::min(probeNodes, options.maxNodes / 100);
    probeMaxNodes = std::min(probeMaxNodes, options.maxNodes / 16);
  }
  if (probeNodes < 16) probeNodes = 0;
  // A full value asks of both sides whether they win, and one of them is usually refuted: its
  // probes pause while its win looks unlikely. An onlyAttacker question expects that side's win.
  // One background thread for both attempts: they share the oracle, which answers one question at a time.
  std::shared_ptr<BackgroundOracle> background;
  if (options.oracle && options.mode == ProofMode::Full && options.oracleInBackground)
    background = std::make_shared<BackgroundOracle>(options.oracle);
  for (Attempt* a : {&mine, &theirs}) {
    a->game.setNullMoveBudget(nullMoveNodes);
    a->game.setHints(options.hints);
    if (options.oracle && options.mode == ProofMode::Full)
      a->game.setOracle(options.oracle, options.oracleAfterNodes, options.oracleQuestions, background);
    a->game.setKnownProofs(options.known);
    a->game.setThreatProbes(probeNodes, probeMaxNodes, !options.onlyAttacker);
    a->game.setReplyProbePlies(options.replyProbePlies);
    a->game.setThreatSequences(options.sequenceThreats);
    a->game.setSearchChoice(options.effortShift, options.epsilon);
    a->game.setSiblingHints(options.siblingHints);
  }

  std::vector<Attempt*> decisive;  // the attempts whose trees make the result
  Attempt* single = nullptr;       // the one attempt of an onlyAttacker question
  std::optional<Attempt> threats;  // a threat-space win of the side to move
  if (options.mode == ProofMode::Full && options.onlyAttacker) {
    single = *options.onlyAttacker == me ? &mine : &theirs;
    if (single == &mine) {
      // The side to move's win: the same first look and threat-space search as a full value.
      Budget look = budget.part(kFirstLookShare, kFirstLookNodes);
      runSearch(mine, table, look, 1.0, options);
      budget.charge(look);
      if (!mine.settled() && (threats = threatSpaceWin(pos, table, budget, options))) {
        decisive.push_back(&*threats);
      } else {
        if (!mine.settled()) runSearch(mine, table, budget, 1.0, options);
        if (mine.settled()) decisive.push_back(&mine);
      }
    } else {
      runSearch(*single, table, budget, 1.0, options);
      if (single->settled()) decisive.push_back(single);
    }
  } else if (options.mode != ProofMode::Full) {
    // VCF and VCT questions: one search of the whole candidate set. (A first pass over the
    // moves with two stones in a run, dropped: on quintet's cases it gained nothing in total and
    // made vct_small_but_long take 17.3M nodes where the whole set takes 1.5M.)
    runSearch(mine, table, budget, 1.0, options);
    if (mine.root.isProven()) decisive.push_back(&mine);
    result.noneWithinLimits = mine.root.isDisproven();
  } else {
    // A first look at the full game settles the quick cases; then threat-space search, then
    // the full search with what is left.
    Budget look = budget.part(kFirstLookShare, kFirstLookNodes);
    runSearch(mine, table, look, 1.0, options);
    budget.charge(look);
    if (!mine.settled() && (threats = threatSpaceWin(pos, table, budget, options))) {
      decisive.push_back(&*threats);  // the side to move wins by threats: a proof of the value
    } else {
      if (!mine.settled()) runSearch(mine, table, budget, 0.5, options);
      settleFullValue(mine, theirs, table, budget, options, decisive);
    }
  }

  GameValue value = GameValue::Unknown;
  if (decisive.size() == 1 && decisive[0]->root.isProven()) value = winFor(decisive[0]->attacker);
  if (decisive.size() == 2) value = GameValue::Draw;

  // Extract and verify every tree behind the value; any failure leaves the value unknown.
  bool allVerified = !decisive.empty();
  for (Attempt* a : decisive) {
    ProofRecord record{a->attacker, {}};
    if (!extractTree(*a, table, budget, record.tree, options)) {
      allVerified = false;
      result.verifyError = "the proof could not be rebuilt within the budget";
      break;
    }
    const ProofCheck check = options.checkProofs ? checkProof(pos.board, pos.toMove, pos.rule, a->attacker, record.tree)
                                                 : ProofCheck{true, {}, 0};
    if (!check.ok) {
      allVerified = false;
      result.verifyError = "the verifier rejected the proof: " + check.error;
      break;
    }
    result.proofNodes += record.tree.size();
    result.proofDepth = std::max(result.proofDepth, record.tree.nodes[0].depth);
    result.proofs.push_back(std::move(record));
  }
  if (allVerified) {
    result.value = value;
    result.verified = options.checkProofs;
    // The line comes from the win, or for a draw from the disproof of the opponent's win.
    const ProofRecord& main = result.proofs.size() == 2 ? result.proofs[1] : result.proofs[0];
    result.line = principalLine(pos, main.tree, main.attacker, pos.rule);
    if (!result.line.empty()) result.bestMove = result.line.front();
  } else {
    result.proofs.clear();
    result.proofNodes = 0;
    if (single && !single->settled()) result.rootNumbers = single->root;
    else if (options.mode == ProofMode::Full && !single && !mine.settled()) result.rootNumbers = mine.root;
  }
  result.nodes = budget.used;
  result.zoneNodes = budget.extra;
  result.threatSearches = mine.game.threatSearchCounts();
  result.threatSearches += theirs.game.threatSearchCounts();
  result.seconds = budget.elapsed();
  return result;
}

}  // namespace tengen::gomoku
