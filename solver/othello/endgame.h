// The exact value of an Othello position: the final disc margin for the side to move with
// perfect play by both (empty squares to the winner), by null-window alpha-beta (MTD(f)) over the
// bitboards with fewest-replies-first move ordering and a transposition table of bounds; far from
// the end MTD(f) starts where a selective search (ProbCut) of the same tree ends.
#pragma once

#include <atomic>
#include <bit>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "solver/othello/board.h"
#include "solver/othello/evaluation.h"

namespace tengen::othello {

struct EndgameResult {
  bool exact = true;       // false: stopped (cancel or time) before the end; margin and best mean nothing
  bool lowerBound = false; // solve() with a ceiling the margin reached: `margin` is only a lower bound
  int margin = 0;          // exact (or a lower bound, above), for the side to move
  Square best = kPass;     // a move that reaches it (kPass when the side to move must pass or the game is over)
  std::uint64_t nodes = 0;
  double seconds = 0;
};

class EndgameSolver {
 public:
  // About 1.5 x 2^tableBits entries (tableBits >= 2), 32 x 2^tableBits bytes.
  explicit EndgameSolver(int tableBits = 20);
  // The largest table within `megabytes` (from 2^10 to 2^28).
  static int tableBitsFor(std::uint64_t megabytes);
  ~EndgameSolver();
  EndgameSolver(const EndgameSolver&) = delete;
  EndgameSolver& operator=(const EndgameSolver&) = delete;

  // Stops early (result not exact) when `cancel` is raised or `seconds` (> 0) have passed.
  void setLimits(const std::atomic<bool>* cancel, double seconds) {
    cancel_ = cancel;
    seconds_ = seconds;
  }
  // `guess`: where MTD(f) starts (the nearer the value, the fewer passes); by default a shallow
  // search over the fitted evaluation where the board has one, else 0.
  // `ceiling`: the margin is wanted exactly only below it; one at or above comes back as a lower
  // bound (lowerBound set, margin >= ceiling), which a caller comparing siblings needs no more of.
  EndgameResult solve(const Position& p, std::optional<int> guess = std::nullopt, int ceiling = kNoCeiling);
  static constexpr int kNoCeiling = 1000;
  // solve()'s own guess: the fitted evaluation's shallow search this deep (at most a quarter of a
  // second at 26 empties), less this many discs. Total nodes, FForum #20-39 / #40-52 but #50:
  // depth 4, no allowance 174M / 2.87G; depth 8 and 0, 2 or 4 discs 166M / 2.67G, 163M / 2.32G,
  // 179M / 2.05G. Lowering the guess after a pass fails low (by 8) did worse (2.25G at 4 discs).
  // With fewest replies in the order (kReplyWeight), FForum #40-52 at 0, 2, 4, 6, 8, 10 discs:
  // 2.96G, 2.61G, 2.43G, 2.39G, 2.46G, 2.48G nodes, and the 6x6 start 0.80x the nodes at 4; but
  // #53 (28 empties) 2.72G at 2 against 3.74G at 4, and #20-39 164M at 4 against 155M: kept at 2.
  static constexpr int kGuessFrom = 18;  // empties; below, a 4-ply guess as it is
  static constexpr int kGuessDepth = 8;
  static constexpr int kGuessAllowance = 2;
  // Far from the end, solve()'s own start is then refined by a selective search to the end: MTD(f)
  // over the same search with ProbCut pruning (a shallow search beyond a bound by `margin` discs
  // taken for the answer). Its bounds stay in the table as guesses: the exact search tries their
  // moves first and never believes their bounds. From 27 empties: FForum #53 and #54 (28) 0.85x
  // and 0.44x the nodes, #58 (30) 0.55x; below, it costs about what it saves (FForum #20-39, 6-26
  // empties: 1.15x the nodes from 20). See docs/othello-history.md, twelfth session.
  struct SelectiveGuess {
    int from = 27;   // empties at the root (none: more than the board has)
    int margin = 10;  // discs
  };
  void setSelectiveGuess(SelectiveGuess s) { selective_ = s; }
  // Where solve() starts MTD(f) from (without a guess given): near the exact margin, not proved.
  // Far from the end it leaves the selective search's guesses in the table. Without the limits.
  int guess(const Position& p);
  // The shallow search's estimate of the side to move's margin, in the evaluation's units (only
  // its order means anything), for ordering moves outside the solver.
  int estimate(const Position& p, int depth);
  // The same estimate as a final margin (even, in discs), the line MTD(f) starts from.
  int estimateMargin(const Position& p, int depth);
  // A fail-soft search in (alpha, beta), without the limits: a value strictly inside is exact, one at or below alpha
  // an upper bound, one at or above beta a lower bound.
  int search(const Position& p, int alpha, int beta);
  // Where a long solve() stands, for a progress line: the bounds its passes have found (the
  // selective search's are guesses, the exact search's proved), the line the running pass tests
  // (is the margin at least `testing`?), and nodes and seconds since solve() began.
  struct Progress {
    bool guessing = false;
    int lower = -127, upper = 127;  // -127 / 127: none yet
    int testing = 0;
    bool passEnded = false;  // called at a pass's end (the bounds include its answer), else mid-pass
    std::uint64_t nodes = 0;
    double seconds = 0;
  };
  // Called at the end of each pass and every `every` seconds within one (nothing else changes:
  // the same nodes and answers). An empty function: none.
  void setProgress(std::function<void(const Progress&)> report, double every = 1.0) {
    progress_ = std::move(report);
    progressEvery_ = every;
  }
  // Whether the shallow searches read the far weights at positions of kFarFrom empties and more
  // (on by default, where the board has them). Off, the search is the near weights' alone: the
  // far weights' own samples are labelled so, or refitting them would change their labels.
  void setFarEvaluation(bool on) { farWanted_ = on; }
  std::uint64_t nodes() const { return nodes_; }
  int tableBits() const { return std::countr_zero(mask_ + 1) + 1; }
  // Empties the table (cheaper than a new one once its pages are in use: a worker keeps one).
  void clear();

 private:
  struct Entry;
  struct Bucket;
  Entry* find(Bitboard mine, Bitboard theirs);
  Entry& slotFor(Bitboard mine, Bitboard theirs, int empties);
  Entry* boundsSlot(Bitboard mine, Bitboard theirs, int empties);
  struct Passes {
    int lower = -127, upper = 127, last = 0;  // the bounds met, and the last pass's value
    Square best = kPass;                      // the last fail-high's move
  };
  Passes mtdf(const Position& p, int g, int ceiling);
  // The cancel flag and the deadline set aside while it lives.
  struct WithoutLimits {
    explicit WithoutLimits(EndgameSolver& s) : solver(s), cancel(s.cancel_) {
      s.cancel_ = nullptr;
      s.deadline_ = 0;
    }
    ~WithoutLimits() { solver.cancel_ = cancel; }
    EndgameSolver& solver;
    const std::atomic<bool>* cancel;
  };
  int startingLine(const Position& p);
  void startProgress();
  void reportProgress(bool passEnded);
  int guessBySearch(const Position& p, int g);
  void setBoard(const Position& p);  // the scoring, corners and quarters of the board searched
  Bitboard stableDiscs(Bitboard own, Bitboard occupied) const;
  int shallow(Bitboard mine, Bitboard theirs, Bitboard empty, int depth, int alpha, int beta);
  int shallow(Bitboard mine, Bitboard theirs, Bitboard empty, Bitboard moves, int depth, int alpha, int beta);  // moves: the mover's
  Bitboard distinctMoves(Bitboard mine, Bitboard theirs, Bitboard moves, Square first) const;
  Bitboard oddQuadrants(Bitboard empty) const;
  int stabilityCap(Bitboard mine, Bitboard theirs, Bitboard empty, int alpha) const;
  int lastOne(Bitboard mine, Bitboard theirs, Square s) const;
  int lastTwo(Bitboard mine, Bitboard theirs, Bitboard empty, int alpha, int beta, bool passed);
  int lastFew(Bitboard mine, Bitboard theirs, Bitboard empty, int alpha, int beta, bool passed);
  template <int Empties>
  int lastFewOf(Bitboard mine, Bitboard theirs, Bitboard empty, int alpha, int beta, bool passed);
  int negamax(Bitboard mine, Bitboard theirs, Bitboard empty, int alpha, int beta, bool passed, Square* bestOut);
  // Zeroed memory from the kernel, an all-zero entry empty (no position has no discs): the pages
  // are the kernel's zero pages until used, so a big table costs nothing up front (writing 200 MB
  // of fresh entries took seconds on a loaded VM).
  struct FreeTable {
    std::size_t bytes = 0;
    void operator()(Bucket* table) const;
  };
  std::unique_ptr<Bucket[], FreeTable> table_;
  std::uint64_t mask_ = 0;
  // What the ordering's shallow searches learn, kept apart from the exact bounds: a position's
  // bounds at a depth (in the evaluation's units) and its best move. Small enough to stay in the
  // cache; a new entry replaces what its slot held.
  struct ShallowEntry {
    Bitboard mine = 0, theirs = 0;
    std::int32_t lower = 0, upper = 0;
    std::int8_t depth = 0, best = -1;
  };
  static constexpr std::size_t kShallowEntries = std::size_t{1} << 16;
  std::unique_ptr<ShallowEntry[]> shallowTable_;
  bool guessing_ = false;  // in guessBySearch: ProbCut on, bounds written as guesses
  SelectiveGuess selective_;
  std::uint64_t nodes_ = 0;
  std::uint64_t nextCheck_ = 0x10000;  // nodes_ at which the limits are next looked at
  const std::atomic<bool>* cancel_ = nullptr;
  double seconds_ = 0;
  double deadline_ = 0;  // steady-clock seconds
  std::function<void(const Progress&)> progress_;
  double progressEvery_ = 1.0;
  Progress pass_;                      // the running pass, for progress_
  double progressStart_ = 0, nextProgress_ = 0;
  std::uint64_t progressNodes_ = 0;    // nodes_ when solve() began
  Bitboard quadrants_[4] = {};  // the board's four quarters, for parity ordering near the end
  Bitboard corners_ = 0;
  Scoring scoring_ = Scoring::MostDiscs;
  int squares_ = 64;
  int size_ = 8;
  const EvaluationWeights* weights_ = nullptr;  // the fitted evaluation of this board size, if any
  const EvaluationWeights* farWeights_ = nullptr;  // ... for positions of kFarFrom empties and more (else weights_)
  bool farWanted_ = true;
  Bitboard edgeAcross_[4] = {};                  // per axis: squares with a neighbour off the board
  Bitboard board_ = 0;                           // the board's squares
};

}  // namespace tengen::othello
