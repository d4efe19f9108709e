// An outside Gomocup engine (a pbrain-* program such as Rapfi or Embryo, or `tengen engine`)
// asked for its move in positions: the other side of the protocol gomocup.h answers.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/child_process.h"
#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"

namespace tengen::engine {

struct EngineError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class ExternalEngine {
 public:
  // Starts `command` and sends START with the board size, the rule and the time a move may
  // take. Throws EngineError (one line naming the command) when it does not answer OK.
  ExternalEngine(const std::string& command, int size, gomoku::Rule rule, int moveMilliseconds);
  ~ExternalEngine();

  // The engine's move for `toMove` on `board` (sent as BOARD, the stones in their order), or
  // nullopt when it gives none within the move's time and a grace, an error, or a point that is
  // not empty. After a time-out it is not asked again: a late answer would be taken for the
  // next position's. With `barred` points the engine is asked for its best move elsewhere
  // (Yixin's YXBLOCK, which Rapfi and Yixin read, as tengen's own engine does): an engine that
  // names a barred point anyway has given no answer.
  std::optional<gomoku::Point> move(const gomoku::Board& board, gomoku::Color toMove,
                                    const std::vector<gomoku::Point>& barred = {});

  // The win the engine announced in its messages about the last question ("+M33": mate in 33
  // moves, as Rapfi and tengen's engine say it), if any.
  std::optional<int> announcedMate() const { return announcedMate_; }

  bool answering() const { return answering_; }
  const std::string& command() const { return command_; }
  gomoku::Rule rule() const { return rule_; }

 private:
  // The point the engine answers (asked again after ERROR), unchecked.
  std::optional<gomoku::Point> answer(const gomoku::Board& board, gomoku::Color toMove,
                                      const std::vector<gomoku::Point>& barred);

  std::string command_;
  int size_;
  gomoku::Rule rule_;
  int moveMilliseconds_;
  ChildProcess process_;
  bool answering_ = true;
  std::optional<int> announcedMate_;
};

}  // namespace tengen::engine
