// Exact endgame search. Near the end (few empties) moves are tried in parity order with no
// table: ordering costs more there than it saves; further out, the replies that leave the
// opponent fewest moves go first (ties by the fitted evaluation) and bounds are kept in the
// table; far out, each reply is ordered by a shallow search over the fitted pattern evaluation
// (solver/othello/evaluation.h) and by the moves it leaves the opponent. Near the top, a
// symmetric position's mirrored moves are searched once.
#include "solver/othello/endgame.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <new>
#include <cmath>

#include "solver/othello/full_lines.h"
#include "solver/othello/flips.h"
#include "solver/othello/symmetry.h"
#include "solver/proof/huge_pages.h"

namespace tengen::othello {
namespace {

// Two discs of margin are 32 of the evaluation's units; a margin is even.
int marginOfEstimate(int estimate) { return 2 * static_cast<int>(std::lround(estimate / 32.0)); }

double clockSeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Unwinds the search when it is told to stop.
struct Stopped {};

constexpr int kOrderFrom = 7;  // empties at which ordering and the table start to pay
constexpr int kEtcFrom = 12;   // ... and looking up every reply in the table first
// ... and breaking the fewest-replies ties by the fitted evaluation (below, by the opponent's
// potential moves: the evaluation's features cost more than the nodes they save there; FForum
// #40-44 and #47: 9% fewer nodes from 7 empties, 20% more time)
constexpr int kEvalTiesFrom = 11;
// ... and ordering by a shallow search of each reply. 16 rather than 14 since the replies count
// there too (kReplyWeight): 1.02x the nodes, 0.93-0.95x the time on FForum #20-39, #40-48, #49-52.
constexpr int kShallowFrom = 16;
// ... that many plies deep: one more at 16, 19, 22 and 25 empties. First set on 6x6 positions
// of 25 empties (16, 20, 23, 27); with the 100,000-sample evaluation a step earlier pays on 8x8:
// FForum #53 0.89x the time, #54 0.97x, #40-53 0.91x the nodes and 0.96x the time (#40-52 alone
// 1.03x the time), #20-39 the same; a step later, #40-52 1.27x the nodes. See
// docs/othello-history.md, eleventh session.
int shallowDepth(int empties) { return 1 + (empties >= 16) + (empties >= 19) + (empties >= 22) + (empties >= 25); }
// ... plus this many of the evaluation's units (16 a disc) for each reply the move leaves the
// opponent: fastest first, which a null-window search's cut nodes want. FForum #40-48: 0.80x the
// nodes of the shallow value alone at 32 (16: 0.82x, 24: 0.83x, 44: 0.83x, 64: 0.92x); the 6x6
// start 0.72x.
constexpr int kReplyWeight = 32;
// Empties at which a position's symmetries are looked for: only near the top of the tree (the
// start and a few plies below it) is a position symmetric, and there its mirrored moves are many
// times the nodes.
constexpr int kSymmetryFrom = 20;
// The selective search that refines solve()'s start far from the end (guessBySearch): at nodes
// of kProbCutFrom empties and more, a shallow search of probCutDepth plies beyond a null window's
// bound by the margin (EndgameSolver::SelectiveGuess) is taken for the deep search's answer
// (ProbCut, Buro 1995). Set with the search from 20 empties on FForum #40-45 (20-24 empties; 541.3M
// nodes without it): a margin of 6, 8, 10, 12, 16 discs 385.2M, 336.6M, 349.8M, 363.8M, 355.6M;
// depth (empties - 8) / 2 or / 4 instead of / 3, 322.1M, 330.7M; ProbCut from 12, 16 or 18
// empties, 325.0M, 364.6M, 393.4M. Further out 10 discs beat 8 (from 27 empties): #53, #54, #56,
// #57, #58 (28-30 empties) 0.95x, 0.81x, 0.98x, 0.86x, 0.61x the nodes; #51 1.14x, #52 0.94x, #59
// (34, +64) 2.13x. Much wider only moves work from the exact search into the selective one (#53
// at 16 and 24 discs: 571M and 1,131M of 1,565M and 1,562M in all).
constexpr int kProbCutFrom = 14;
int probCutDepth(int empties) { return std::max(1, (empties - 8) / 3); }
constexpr int kStableFrom = 5;  // empties at which a stability cutoff is tried
constexpr int kLastFew = 6;     // empties searched by lastFew (below kOrderFrom: parity order, no table)
static_assert(kLastFew < kOrderFrom);


// A node's moves with their flips, kept in ascending order of a key as they come (insertion: a
// node has few moves; equal keys keep the order they came in).
struct OrderedMoves {
  Square move[32];
  Bitboard flips[32];
  int key[32];
  int count = 0;
  void add(Square s, Bitboard f, int k) {
    int i = count++;
    for (; i > 0 && key[i - 1] > k; --i) {
      move[i] = move[i - 1];
      flips[i] = flips[i - 1];
      key[i] = key[i - 1];
    }
    move[i] = s;
    flips[i] = f;
    key[i] = k;
  }
};
// ... with the opponent's moves after each (the shallow search passes them on).
struct OrderedReplies : OrderedMoves {
  Bitboard replies[32];
  void add(Square s, Bitboard f, int k, Bitboard r) {
    int i = count;
    while (i > 0 && key[i - 1] > k) --i;  // where OrderedMoves::add puts it
    std::copy_backward(replies + i, replies + count, replies + count + 1);
    replies[i] = r;
    OrderedMoves::add(s, f, k);
  }
};

std::uint64_t hashOf(Bitboard mine, Bitboard theirs) {
  std::uint64_t h = mine * 0x9E3779B97F4A7C15ull ^ theirs * 0xC2B2AE3D27D4EB4Full;
  return h ^ (h >> 29);
}

}  // namespace

// 20 bytes, packed: three fit a cache line with their bucket's padding.
#pragma pack(push, 1)
struct EndgameSolver::Entry {
  Bitboard mine = 0, theirs = 0;
  std::int8_t lower = -127, upper = 127;
  std::int8_t best = -1;
  std::uint8_t empties = 0;  // the size of the subtree behind the bounds, roughly; kGuessed: see guessed()
  bool holds(Bitboard m, Bitboard t) const { return mine == m && theirs == t; }
  // Bounds of the selective search (guess()): a move to try first for the exact search, never
  // bounds it may believe.
  static constexpr std::uint8_t kGuessed = 0x80;
  bool guessed() const { return empties & kGuessed; }
  int size() const { return empties & ~kGuessed; }
};
#pragma pack(pop)

// One cache line, one probe: a bucket is read with one memory access (two entries of 24 bytes
// straddled a line every other bucket).
struct alignas(64) EndgameSolver::Bucket {
  Entry slot[3];
  std::uint32_t unused;
};

// The first slot keeps the entry with the most empties (the costliest to recompute), the other
// two take what comes, the one with fewer empties giving way. With one always-replaced slot,
// the flood of small subtrees far out from the end washed the top of the tree away between
// MTD(f) passes.
EndgameSolver::Entry* EndgameSolver::find(Bitboard mine, Bitboard theirs) {
  Bucket& b = table_[hashOf(mine, theirs) & mask_];
  for (Entry& e : b.slot)
    if (e.holds(mine, theirs)) return &e;
  return nullptr;
}

EndgameSolver::Entry& EndgameSolver::slotFor(Bitboard mine, Bitboard theirs, int empties) {
  if (Entry* e = find(mine, theirs)) return *e;
  Bucket& b = table_[hashOf(mine, theirs) & mask_];
  Entry& weaker = b.slot[1].size() <= b.slot[2].size() ? b.slot[1] : b.slot[2];
  Entry* slot = &weaker;
  if (empties >= b.slot[0].size()) {
    weaker = b.slot[0];  // the deeper entry it replaces gets a second life
    slot = &b.slot[0];
  }
  *slot = Entry{mine, theirs};
  slot->empties = static_cast<std::uint8_t>(empties);
  return *slot;
}

// Where a node's bounds go. The exact search takes a guessed entry over (its bounds dropped, its
// move kept until the node's own is known); the guessing search writes its pruned nodes' bounds
// only to entries of its own or new ones, and leaves exact bounds as they are.
EndgameSolver::Entry* EndgameSolver::boundsSlot(Bitboard mine, Bitboard theirs, int empties) {
  const bool pruned = guessing_ && empties >= kProbCutFrom;
  if (Entry* e = find(mine, theirs)) {
    if (e->guessed() == pruned) return e;
    if (pruned) return nullptr;
    e->lower = -127;
    e->upper = 127;
    e->empties = static_cast<std::uint8_t>(e->size());
    return e;
  }
  Entry& fresh = slotFor(mine, theirs, empties);
  if (pruned) fresh.empties |= Entry::kGuessed;
  return &fresh;
}

// 2^(tableBits - 1) buckets of three entries (1.5 x 2^tableBits entries), in huge pages where the
// system has them: the search's probes land at random, and on 4 KiB pages each cost a TLB miss.
EndgameSolver::EndgameSolver(int tableBits)
    : table_(static_cast<Bucket*>(proof::mapHugePages(sizeof(Bucket) << (tableBits - 1))),
             FreeTable{sizeof(Bucket) << (tableBits - 1)}),
      mask_((std::uint64_t{1} << (tableBits - 1)) - 1),
      shallowTable_(new ShallowEntry[kShallowEntries]) {
  static_assert(sizeof(Entry) == 20 && sizeof(Bucket) == 64);
}
int EndgameSolver::tableBitsFor(std::uint64_t megabytes) {
  return std::clamp(static_cast<int>(std::bit_width((megabytes << 20) / 32)) - 1, 10, 28);
}
void EndgameSolver::FreeTable::operator()(Bucket* table) const { proof::unmapHugePages(table, bytes); }
void EndgameSolver::clear() {
  std::memset(static_cast<void*>(table_.get()), 0, (mask_ + 1) * sizeof(Bucket));
  std::fill_n(shallowTable_.get(), kShallowEntries, ShallowEntry{});
}
EndgameSolver::~EndgameSolver() = default;

EndgameResult EndgameSolver::solve(const Position& p, std::optional<int> guess, int ceiling) {
  const auto start = std::chrono::steady_clock::now();
  const std::uint64_t before = nodes_;
  EndgameResult r;
  setBoard(p);
  deadline_ = seconds_ > 0 ? clockSeconds() + seconds_ : 0;
  startProgress();
  try {
    int g = 0;
    if (guess) {
      g = *guess;
    } else if (weights_) {
      g = startingLine(p);
    }
    const Passes passes = mtdf(p, std::min(g, ceiling), ceiling);
    r.best = passes.best;
    r.lowerBound = passes.lower >= ceiling && passes.lower < passes.upper;
    r.margin = r.lowerBound ? passes.lower : passes.last;
  } catch (const Stopped&) {
    r.exact = false;
    r.margin = 0;
    r.best = kPass;
  }
  r.nodes = nodes_ - before;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

void EndgameSolver::setBoard(const Position& p) {
  scoring_ = p.scoring();
  const int n = p.size();
  const int h = n / 2;
  corners_ = bit(0) | bit(n - 1) | bit((n - 1) * 8) | bit((n - 1) * 8 + n - 1);
  for (int q = 0; q < 4; ++q) {
    quadrants_[q] = 0;
    for (int r = 0; r < h; ++r)
      for (int c = 0; c < h; ++c) quadrants_[q] |= bit((r + (q / 2) * h) * 8 + c + (q % 2) * h);
  }
  // The board's edges on each axis, for stability.
  squares_ = n * n;
  size_ = n;
  weights_ = fittedWeights(n);
  farWeights_ = weights_ && farWanted_ && fittedFarWeights(n) ? fittedFarWeights(n) : weights_;
  board_ = boardMask(n);
  Bitboard rows = 0, cols = 0;
  for (int j = 0; j < n; ++j) {
    rows |= bit(j) | bit((n - 1) * 8 + j);
    cols |= bit(j * 8) | bit(j * 8 + n - 1);
  }
  edgeAcross_[0] = cols;         // a row's neighbours leave the board at the side columns
  edgeAcross_[1] = rows;         // a column's at the top and bottom rows
  edgeAcross_[2] = edgeAcross_[3] = rows | cols;  // a diagonal's at every edge
}

// Discs of `own` that no move can ever turn: on each of the four axes the line is full, or a
// neighbour along it is off the board or itself such a disc (grown from the corners out).
Bitboard EndgameSolver::stableDiscs(Bitboard own, Bitboard occupied) const {
  const FullLines full = fullLines(occupied | ~board_);
  Bitboard ok[4];
  for (int axis = 0; axis < 4; ++axis) ok[axis] = edgeAcross_[axis] | full.axis[axis];
  constexpr Bitboard notA = 0xfefefefefefefefeull, notH = 0x7f7f7f7f7f7f7f7full;
  Bitboard s = 0;
  for (;;) {
    const Bitboard next = own & (ok[0] | ((s << 1) & notA) | ((s >> 1) & notH)) & (ok[1] | (s << 8) | (s >> 8)) &
                          (ok[2] | ((s << 9) & notA) | ((s >> 9) & notH)) & (ok[3] | ((s << 7) & notH) | ((s >> 7) & notA));
    if (next == s) return s;
    s = next;
  }
}

// MTD(f): null-window searches from a line until the bounds meet (or the lower one reaches the
// ceiling); each proves the value above or below a line, far cheaper than one search with the
// whole window, and the table carries what each learned to the next. The best move is the last
// fail-high's.
EndgameSolver::Passes EndgameSolver::mtdf(const Position& p, int g, int ceiling) {
  Passes r;
  r.last = g;
  while (r.lower < r.upper && r.lower < ceiling) {
    const int beta = r.last == r.lower ? r.last + 1 : r.last;
    pass_ = Progress{guessing_, r.lower, r.upper, beta};
    Square move = kPass;
    r.last = negamax(p.mine(), p.theirs(), p.empty(), beta - 1, beta, false, &move);
    if (r.last < beta) {
      r.upper = r.last;
    } else {
      r.lower = r.last;
      r.best = move;
    }
    pass_.lower = r.lower;
    pass_.upper = r.upper;
    if (progress_) reportProgress(true);
  }
  return r;
}

void EndgameSolver::startProgress() {
  progressStart_ = clockSeconds();
  nextProgress_ = progressStart_ + progressEvery_;
  progressNodes_ = nodes_;
}

void EndgameSolver::reportProgress(bool passEnded) {
  const double now = clockSeconds();
  if (!passEnded && now < nextProgress_) return;
  nextProgress_ = now + progressEvery_;
  Progress p = pass_;
  p.passEnded = passEnded;
  p.nodes = nodes_ - progressNodes_;
  p.seconds = now - progressStart_;
  progress_(p);
}

// solve()'s own start. Started below the value: a pass that fails high (one move reaches the
// line) costs a fraction of one that fails low (every move refuted), and the shallow search leans
// optimistic. Measured on FForum #50 (+10): from +20, five passes failed low at 0.7-1.1G nodes
// each (4.55G in all); from +8, 1.16G. See kGuessDepth, kGuessAllowance. Nearer the end the deeper
// guess costs more than the passes it saves (FForum #1-19, 14-16 empties: 0.2-0.3 s more over the
// 19): there the old 4-ply guess, at the guess itself. Far from the end, a selective search from
// there: its value is a nearer start, and its moves are in the table for the exact search to try
// first (see guessBySearch).
int EndgameSolver::startingLine(const Position& p) {
  const int empties = std::popcount(p.empty());
  const bool far = empties >= kGuessFrom;
  const int estimate = shallow(p.mine(), p.theirs(), p.empty(), far ? kGuessDepth : 4, -100000, 100000);
  const int g = marginOfEstimate(estimate) - (far ? kGuessAllowance : 0);
  return empties >= selective_.from ? guessBySearch(p, g) : g;
}

int EndgameSolver::guess(const Position& p) {
  setBoard(p);
  if (!weights_) return 0;
  startProgress();
  const WithoutLimits unlimited(*this);  // as in search()
  return startingLine(p);
}

// MTD(f) over the selective search (ProbCut far from the end): a value near the exact one at a
// fraction of its nodes, and the table's moves along its lines for the exact search to try first.
int EndgameSolver::guessBySearch(const Position& p, int g) {
  struct Exact {
    bool& flag;
    ~Exact() { flag = false; }
  } exactAfter{guessing_};
  guessing_ = true;
  return mtdf(p, g, kNoCeiling).last;
}

int EndgameSolver::estimate(const Position& p, int depth) {
  setBoard(p);
  return shallow(p.mine(), p.theirs(), p.empty(), depth, -100000, 100000);
}

int EndgameSolver::estimateMargin(const Position& p, int depth) { return marginOfEstimate(estimate(p, depth)); }

int EndgameSolver::search(const Position& p, int alpha, int beta) {
  setBoard(p);
  const WithoutLimits unlimited(*this);  // a caller of search() wants the bound, however long it takes
  return negamax(p.mine(), p.theirs(), p.empty(), alpha, beta, false, nullptr);
}

// A few plies of plain alpha-beta for move ordering far from the end, over the fitted evaluation
// where the board size has one, else over mobility (the side to move's view: its moves, corners
// counted thrice, less the opponent's).
int EndgameSolver::shallow(Bitboard mine, Bitboard theirs, Bitboard empty, int depth, int alpha, int beta) {
  return shallow(mine, theirs, empty, legalMoves(mine, theirs, empty), depth, alpha, beta);
}

int EndgameSolver::shallow(Bitboard mine, Bitboard theirs, Bitboard empty, Bitboard moves, int depth, int alpha, int beta) {
  if (depth == 0 || !moves) {
    if (weights_) return evaluatePosition(std::popcount(empty) >= kFarFrom ? *farWeights_ : *weights_, mine, theirs, moves);
    const Bitboard replies = legalMoves(theirs, mine, empty);
    return 4 * (std::popcount(moves) + 2 * std::popcount(moves & corners_) - std::popcount(replies) -
                2 * std::popcount(replies & corners_)) +
           16 * (std::popcount(mine & corners_) - std::popcount(theirs & corners_));
  }
  if (depth == 1) {  // the leaves' order cannot cut more: each is one evaluation
    int best = -100000;
    for (Bitboard m = moves; m; m &= m - 1) {
      const Square s = std::countr_zero(m);
      const Bitboard f = flipsOf(mine, theirs, s);
      const int v = -shallow(theirs & ~f, mine | f | bit(s), empty & ~bit(s), 0, -beta, -std::max(alpha, best));
      if (v > best) {
        best = v;
        if (best >= beta) break;
      }
    }
    return best;
  }
  // Deeper, the table's bounds and move, then the replies that leave the opponent fewest moves
  // (corners first): the same values (the exact search its same nodes) from 0.55x the evaluations
  // on FForum #53.
  ShallowEntry& entry = shallowTable_[hashOf(mine, theirs) & (kShallowEntries - 1)];
  int first = -1;
  if (entry.mine == mine && entry.theirs == theirs) {
    if (entry.depth == depth) {
      if (entry.lower >= beta) return entry.lower;
      if (entry.upper <= alpha) return entry.upper;
      if (entry.lower == entry.upper) return entry.lower;
      alpha = std::max<int>(alpha, entry.lower);
      beta = std::min<int>(beta, entry.upper);
    }
    if (entry.best >= 0 && (moves & bit(entry.best))) first = entry.best;
  }
  OrderedReplies ordered;
  for (Bitboard m = moves; m; m &= m - 1) {
    const Square s = std::countr_zero(m);
    const Bitboard f = flipsOf(mine, theirs, s);
    const Bitboard replies = legalMoves(theirs & ~f, mine | f | bit(s), empty & ~bit(s));
    ordered.add(s, f, s == first ? -100 : std::popcount(replies) - ((bit(s) & corners_) ? 4 : 0), replies);
  }
  int best = -100000;
  Square bestMove = kPass;
  for (int i = 0; i < ordered.count; ++i) {
    const Square s = ordered.move[i];
    const Bitboard f = ordered.flips[i];
    const int v = -shallow(theirs & ~f, mine | f | bit(s), empty & ~bit(s), ordered.replies[i], depth - 1, -beta,
                           -std::max(alpha, best));
    if (v > best) {
      best = v;
      bestMove = s;
      if (best >= beta) break;
    }
  }
  // Bounds as fail-soft alpha-beta gives them, against the window searched.
  entry = ShallowEntry{mine, theirs, best > alpha ? best : -100000, best < beta ? best : 100000,
                       static_cast<std::int8_t>(depth), static_cast<std::int8_t>(bestMove)};
  return best;
}

// The moves of a symmetric position, one of each set its symmetries carry onto each other (their
// children are images of each other: one value). `first`, when legal, stands for its set.
Bitboard EndgameSolver::distinctMoves(Bitboard mine, Bitboard theirs, Bitboard moves, Square first) const {
  int fixing[kSymmetries];
  int count = 0;
  for (int sym = 1; sym < kSymmetries; ++sym)
    if (transformDiscs(sym, mine, size_) == mine && transformDiscs(sym, theirs, size_) == theirs) fixing[count++] = sym;
  if (count == 0) return moves;
  Bitboard kept = 0;
  const auto keep = [&](Square s) {
    for (int i = 0; i < count; ++i)
      if (kept & bit(transformSquare(fixing[i], s, size_))) return;
    kept |= bit(s);
  };
  if (first >= 0 && (moves & bit(first))) keep(first);
  for (Bitboard m = moves; m; m &= m - 1) keep(std::countr_zero(m));
  return kept;
}

// The quarters of the board with an odd number of empty squares: their moves go first (the side
// that moves last in a region tends to keep it).
Bitboard EndgameSolver::oddQuadrants(Bitboard empty) const {
  Bitboard odd = 0;
  for (const Bitboard q : quadrants_)
    if (std::popcount(empty & q) & 1) odd |= q;
  return odd;
}

// The game's end with one empty square: whoever can play it (the mover first) plays it.
inline int EndgameSolver::lastOne(Bitboard mine, Bitboard theirs, Square s) const {
  const int me = std::popcount(mine);
  if (size_ == 8) {  // a full board but for s: the mover's discs tell the flips (flips.h)
    const int them = 63 - me;
    if (const int n = lastFlipCount(mine, s)) return finalMarginOf(me + n + 1, them - n, 0, scoring_);
    if (const int n = lastFlipCount(theirs, s)) return finalMarginOf(me - n, them + n + 1, 0, scoring_);
    return finalMarginOf(me, them, 1, scoring_);
  }
  const int them = std::popcount(theirs);
  if (const Bitboard f = flipsOf(mine, theirs, s)) {
    const int n = std::popcount(f);
    return finalMarginOf(me + n + 1, them - n, 0, scoring_);
  }
  if (const Bitboard f = flipsOf(theirs, mine, s)) {
    const int n = std::popcount(f);
    return finalMarginOf(me - n, them + n + 1, 0, scoring_);
  }
  return finalMarginOf(me, them, 1, scoring_);
}

// A node with at most kLastFew empties (counted here, not in negamax): each empty square in
// parity order is tried directly (a move is legal when it flips; a square with no opponent disc
// beside it cannot be one), so no move list is built; the same tree and node count as negamax's
// parity order, stability cutoff included, at a fraction of the cost per node. The count of
// empties is a template argument: no test of it at each node, and the levels below inline.
int EndgameSolver::lastFew(Bitboard mine, Bitboard theirs, Bitboard empty, int alpha, int beta, bool passed) {
  switch (std::popcount(empty)) {
    case 0:  // a child of a one-empty root: over, after a pass when it is not one already
      if (!passed) ++nodes_;
      return finalMarginOf(std::popcount(mine), std::popcount(theirs), 0, scoring_);
    case 1: return lastOne(mine, theirs, std::countr_zero(empty));
    case 2: return lastTwo(mine, theirs, empty, alpha, beta, passed);
    case 3: return lastFewOf<3>(mine, theirs, empty, alpha, beta, passed);
    case 4: return lastFewOf<4>(mine, theirs, empty, alpha, beta, passed);
    case 5: return lastFewOf<5>(mine, theirs, empty, alpha, beta, passed);
    default: return lastFewOf<6>(mine, theirs, empty, alpha, beta, passed);
  }
}

template <int Empties>
int EndgameSolver::lastFewOf(Bitboard mine, Bitboard theirs, Bitboard empty, int alpha, int beta, bool passed) {
  static_assert(Empties >= 3 && Empties <= kLastFew);
  const Bitboard odd = oddQuadrants(empty);
  const Bitboard candidates = empty & neighboursOf(theirs);
  int best = -127;
  bool moved = false;
  for (int pass = 0; pass < 2; ++pass) {
    for (Bitboard m = candidates & (pass == 0 ? odd : ~odd); m; m &= m - 1) {
      const Square s = std::countr_zero(m);
      const Bitboard f = flipsOf(mine, theirs, s);
      if (!f) continue;
      if constexpr (Empties >= kStableFrom) {
        if (!moved) {
          if (const int cap = stabilityCap(mine, theirs, empty, alpha); cap <= alpha) return cap;
          else beta = std::min(beta, cap);
        }
      }
      moved = true;
      ++nodes_;
      int v;
      if constexpr (Empties == 3) v = -lastTwo(theirs & ~f, mine | f | bit(s), empty & ~bit(s), -beta, -std::max(alpha, best), false);
      else v = -lastFewOf<Empties - 1>(theirs & ~f, mine | f | bit(s), empty & ~bit(s), -beta, -std::max(alpha, best), false);
      if (v > best) {
        best = v;
        if (best >= beta) return best;
      }
    }
  }
  if (moved) return best;
  if (passed) return finalMarginOf(std::popcount(mine), std::popcount(theirs), Empties, scoring_);
  ++nodes_;
  return -lastFewOf<Empties>(theirs, mine, empty, -beta, -alpha, true);
}

// Two empty squares: parity puts both in one group whatever they are (one quarter: both even;
// two: both odd), so they go in square order, as lastFew would try them.
inline int EndgameSolver::lastTwo(Bitboard mine, Bitboard theirs, Bitboard empty, int alpha, int beta, bool passed) {
  const Square a = std::countr_zero(empty), b = 63 - std::countl_zero(empty);
  int best = -127;
  if (kNeighbours[a] & theirs)
    if (const Bitboard f = flipsOf(mine, theirs, a)) {
      ++nodes_;
      best = -lastOne(theirs & ~f, mine | f | bit(a), b);
      if (best >= beta) return best;
    }
  if (kNeighbours[b] & theirs)
    if (const Bitboard f = flipsOf(mine, theirs, b)) {
      ++nodes_;
      return std::max(best, -lastOne(theirs & ~f, mine | f | bit(b), a));
    }
  if (best > -127) return best;
  if (passed) return finalMarginOf(std::popcount(mine), std::popcount(theirs), 2, scoring_);
  ++nodes_;
  return -lastTwo(theirs, mine, empty, -beta, -alpha, true);
}

// Stability cutoff: discs the loser of the count can never lose cap the margin (the opponent's
// under MostDiscs, the mover's own under FewestDiscs). Worth computing only when it could cut;
// 127 (no cap) below kStableFrom empties or when it could not.
int EndgameSolver::stabilityCap(Bitboard mine, Bitboard theirs, Bitboard empty, int alpha) const {
  if (std::popcount(empty) < kStableFrom) return 127;
  const Bitboard counted = scoring_ == Scoring::MostDiscs ? theirs : mine;
  if (squares_ - 2 * std::popcount(counted) > alpha) return 127;
  return squares_ - 2 * std::popcount(stableDiscs(counted, ~empty & board_));
}

int EndgameSolver::negamax(Bitboard mine, Bitboard theirs, Bitboard empty, int alpha, int beta, bool passed,
                           Square* bestOut) {
  // The limits every 65,536 nodes: the last few empties count their nodes too, so a test of
  // nodes_ landing on a multiple (as it was) let a search run on many times past its time.
  if (++nodes_ >= nextCheck_) {
    nextCheck_ = nodes_ + 0x10000;
    if ((cancel_ && cancel_->load()) || (deadline_ > 0 && clockSeconds() > deadline_)) throw Stopped{};
    if (progress_) reportProgress(false);
  }
  // The last few empties: no list, no table (see lastFew).
  if (!bestOut && std::popcount(empty) <= kLastFew) return lastFew(mine, theirs, empty, alpha, beta, passed);
  Bitboard moves = legalMoves(mine, theirs, empty);
  if (!moves) {
    if (passed) return finalMarginOf(std::popcount(mine), std::popcount(theirs), std::popcount(empty), scoring_);  // neither side can move: the game is over
    if (bestOut) *bestOut = kPass;
    return -negamax(theirs, mine, empty, -beta, -alpha, true, nullptr);
  }
  const int empties = std::popcount(empty);
  int ttBest = -1;
  if (empties >= kOrderFrom) {
    if (const Entry* entry = find(mine, theirs); entry && entry->guessed() && !guessing_) {
      ttBest = entry->best;  // a guess's move: tried first, its bounds not believed
    } else if (entry) {
      if (entry->lower >= beta) {
        if (bestOut) *bestOut = entry->best;
        return entry->lower;
      }
      if (entry->upper <= alpha) {
        if (bestOut) *bestOut = entry->best;
        return entry->upper;
      }
      if (entry->lower == entry->upper) {
        if (bestOut) *bestOut = entry->best;
        return entry->lower;
      }
      alpha = std::max(alpha, static_cast<int>(entry->lower));
      beta = std::min(beta, static_cast<int>(entry->upper));
      ttBest = entry->best;
    }
  }
  if (const int cap = stabilityCap(mine, theirs, empty, alpha); cap <= alpha) return cap;
  else beta = std::min(beta, cap);
  if (guessing_ && !bestOut && empties >= kProbCutFrom) {
    // ProbCut: a shallow search far enough beyond a bound is taken for the deep search's answer
    // (16 of the evaluation's units a disc).
    const int depth = probCutDepth(empties);
    const int high = (beta + selective_.margin) * 16;
    if (shallow(mine, theirs, empty, moves, depth, high - 1, high) >= high) return beta;
    const int low = (alpha - selective_.margin) * 16;
    if (shallow(mine, theirs, empty, moves, depth, low, low + 1) <= low) return alpha;
  }
  if (empties >= kSymmetryFrom) moves = distinctMoves(mine, theirs, moves, ttBest);
  const int alpha0 = alpha, beta0 = beta;
  int best = -127;
  Square bestMove = kPass;  // set by the first move: every value beats -127
  // The table's best move first, before the others are ordered: when it cuts (most visits of a
  // node MTD(f) comes back to), the ordering's shallow searches are never paid for.
  if (ttBest >= 0 && (moves & bit(ttBest))) {
    const Bitboard f = flipsOf(mine, theirs, ttBest);
    best = -negamax(theirs & ~f, mine | f | bit(ttBest), empty & ~bit(ttBest), -beta, -alpha, false, nullptr);
    bestMove = ttBest;
    moves &= ~bit(ttBest);
    if (best >= beta) moves = 0;
  }
  // The other moves, ordered when it pays: corners and fewest replies, or shallow searches.
  OrderedMoves ordered;
  if (empties >= kOrderFrom) {
    Square listed[32];
    Bitboard listedFlips[32];
    int n = 0;
    // Every child's bucket is asked for before any is read (the cutoff test below, the child's
    // own probe when it is searched): waiting on those loads one after another was a third of
    // the search's time (FForum #40-44 and #47: 0.86x the time with the same nodes).
    for (Bitboard m = moves; m; m &= m - 1) {
      const Square s = std::countr_zero(m);
      const Bitboard f = flipsOf(mine, theirs, s);
      listed[n] = s;
      listedFlips[n++] = f;
      if (empties > kOrderFrom) __builtin_prefetch(&table_[hashOf(theirs & ~f, mine | f | bit(s)) & mask_]);
    }
    for (int j = 0; j < n; ++j) {
      const Square s = listed[j];
      const Bitboard f = listedFlips[j];
      const Bitboard nextMine = theirs & ~f, nextTheirs = mine | f | bit(s);
      // Enhanced transposition cutoff: a reply the table already holds as bad enough for the
      // opponent (its upper bound at or below -beta) settles this node without a search.
      if (empties >= kEtcFrom) {
        const Entry* child = find(nextMine, nextTheirs);
        if (child && (guessing_ || !child->guessed()) && -child->upper >= beta) {
          const int value = -child->upper;
          if (Entry* entry = boundsSlot(mine, theirs, empties)) {
            entry->lower = static_cast<std::int8_t>(std::max<int>(entry->lower, value));
            entry->best = static_cast<std::int8_t>(s);
          }
          if (bestOut) *bestOut = s;
          return value;
        }
      }
      int key;
      if (empties >= kShallowFrom) {  // the shallow search's value, then fewest replies (see kReplyWeight)
        const Bitboard replies = legalMoves(nextMine, nextTheirs, empty & ~bit(s));
        key = shallow(nextMine, nextTheirs, empty & ~bit(s), replies, shallowDepth(empties), -100000, 100000) +
              kReplyWeight * std::popcount(replies);
      }
      else if (weights_ && empties >= kEvalTiesFrom) {  // fewest replies, then the evaluation (the opponent's view): 0.61x the nodes of fewest replies alone at 24 empties on 6x6
        const Bitboard replies = legalMoves(nextMine, nextTheirs, empty & ~bit(s));
        key = std::popcount(replies) * 16 + evaluatePosition(*weights_, nextMine, nextTheirs, replies) / 4;
      } else {  // fewest replies, then fewest empty squares beside the mover's discs, corners first
        const Bitboard left = empty & ~bit(s);
        key = std::popcount(legalMoves(nextMine, nextTheirs, left)) * 16 + 4 * std::popcount(neighboursOf(nextTheirs) & left) -
              ((bit(s) & corners_) ? 16 : 0);
      }
      ordered.add(s, f, key);
    }
  } else {
    // Parity: moves in quadrants with an odd number of empty squares first (the side that moves
    // last in a region tends to keep it).
    const Bitboard odd = oddQuadrants(empty);
    for (Bitboard m = moves; m; m &= m - 1) {
      const Square s = std::countr_zero(m);
      ordered.add(s, flipsOf(mine, theirs, s), (odd & bit(s)) ? 0 : 1);
    }
  }
  for (int i = 0; i < ordered.count; ++i) {
    const Square s = ordered.move[i];
    const Bitboard f = ordered.flips[i];
    const int v = -negamax(theirs & ~f, mine | f | bit(s), empty & ~bit(s), -beta, -std::max(alpha, best), false, nullptr);
    if (v > best) {
      best = v;
      bestMove = s;
      if (best >= beta) break;
    }
  }
  if (empties >= kOrderFrom) {
    if (Entry* entry = boundsSlot(mine, theirs, empties)) {
      if (best <= alpha0) entry->upper = static_cast<std::int8_t>(std::min<int>(entry->upper, best));
      else if (best >= beta0) entry->lower = static_cast<std::int8_t>(std::max<int>(entry->lower, best));
      else entry->lower = entry->upper = static_cast<std::int8_t>(best);
      entry->best = static_cast<std::int8_t>(bestMove);
    }
  }
  if (bestOut) *bestOut = bestMove;
  return best;
}

}  // namespace tengen::othello
