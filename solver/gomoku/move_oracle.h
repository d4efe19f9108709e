// A guided proof's oracle (an engine's move for the side to move), and the same asked on a thread
// of its own so the search goes on while it thinks.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

#include "solver/gomoku/board.h"
#include "solver/gomoku/types.h"

namespace tengen::gomoku {

// A move to try for the side to move (an engine's choice), or nullopt: a guided proof's oracle.
using MoveOracle = std::function<std::optional<Point>(const Board&, Color toMove)>;

// An oracle answering one question at a time on its own thread: an engine takes hundreds of
// milliseconds a question, and the search need not wait for it. A question's answer comes back
// under the key and the asker it was asked with; the search takes it when it next looks. All calls
// come from the searching thread; the oracle itself runs only on this object's thread.
class BackgroundOracle {
 public:
  explicit BackgroundOracle(MoveOracle oracle);
  ~BackgroundOracle();  // waits for the question in flight
  BackgroundOracle(const BackgroundOracle&) = delete;
  BackgroundOracle& operator=(const BackgroundOracle&) = delete;

  // Whether a question is in flight or its answer not yet taken.
  bool busy() const;
  // Starts a question about `board` (copied) for `toMove`. Requires !busy().
  void ask(const void* asker, std::uint64_t key, const Board& board, Color toMove);
  // Waits for the question in flight to end (its answer dropped), then asks this one and waits.
  std::optional<Point> askAndWait(const Board& board, Color toMove);
  struct Answer {
    std::uint64_t key;
    std::optional<Point> move;
  };
  // `asker`'s answer, if it has come; an answer another asker left behind is dropped.
  std::optional<Answer> takeAnswer(const void* asker);

 private:
  void serve();

  MoveOracle oracle_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  enum class State { Idle, Asked, Answered } state_ = State::Idle;
  bool stopping_ = false;
  const void* asker_ = nullptr;
  std::uint64_t key_ = 0;
  std::optional<Board> board_;
  Color toMove_ = Color::Black;
  std::optional<Point> move_;
  std::thread thread_;  // last: started once everything it reads exists
};

}  // namespace tengen::gomoku
