// Each move's exact margin, one solve per move over one table (see move_values.h).
#include "solver/othello/move_values.h"

#include <algorithm>
#include <chrono>

namespace tengen::othello {

MoveValues moveValues(EndgameSolver& solver, const Position& p, const std::atomic<bool>* cancel, double seconds) {
  const auto start = std::chrono::steady_clock::now();
  MoveValues values;
  for (const Square s : movesOrPass(p)) {
    double left = 0;
    if (seconds > 0) {
      left = seconds - std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (left <= 0) {
        values.complete = false;
        break;
      }
    }
    solver.setLimits(cancel, left);
    Position child = p;
    child.play(s);
    const EndgameResult r = solver.solve(child);
    values.nodes += r.nodes;
    if (!r.exact) {
      values.complete = false;
      break;
    }
    values.moves.push_back({s, -r.margin});
  }
  solver.setLimits(cancel, seconds);
  values.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (values.complete)
    std::stable_sort(values.moves.begin(), values.moves.end(),
                     [](const MoveValue& a, const MoveValue& b) { return a.margin > b.margin; });
  return values;
}

}  // namespace tengen::othello
