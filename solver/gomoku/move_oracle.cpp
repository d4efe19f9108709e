// The background oracle's thread: one question at a time, handed over under one mutex.
#include "solver/gomoku/move_oracle.h"

namespace tengen::gomoku {

BackgroundOracle::BackgroundOracle(MoveOracle oracle) : oracle_(std::move(oracle)), thread_([this] { serve(); }) {}

BackgroundOracle::~BackgroundOracle() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

bool BackgroundOracle::busy() const {
  std::lock_guard lock(mutex_);
  return state_ != State::Idle;
}

void BackgroundOracle::ask(const void* asker, std::uint64_t key, const Board& board, Color toMove) {
  {
    std::lock_guard lock(mutex_);
    asker_ = asker;
    key_ = key;
    board_ = board;
    toMove_ = toMove;
    state_ = State::Asked;
  }
  changed_.notify_all();
}

std::optional<Point> BackgroundOracle::askAndWait(const Board& board, Color toMove) {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return state_ != State::Asked; });
  asker_ = nullptr;
  board_ = board;
  toMove_ = toMove;
  state_ = State::Asked;
  changed_.notify_all();
  changed_.wait(lock, [&] { return state_ == State::Answered; });
  state_ = State::Idle;
  return move_;
}

std::optional<BackgroundOracle::Answer> BackgroundOracle::takeAnswer(const void* asker) {
  std::lock_guard lock(mutex_);
  if (state_ != State::Answered) return std::nullopt;
  state_ = State::Idle;
  if (asker_ != asker) return std::nullopt;
  return Answer{key_, move_};
}

void BackgroundOracle::serve() {
  std::unique_lock lock(mutex_);
  while (true) {
    changed_.wait(lock, [&] { return stopping_ || state_ == State::Asked; });
    if (state_ != State::Asked) return;  // stopping, nothing asked
    const Board board = *board_;
    const Color toMove = toMove_;
    lock.unlock();
    const std::optional<Point> move = oracle_(board, toMove);
    lock.lock();
    move_ = move;
    state_ = State::Answered;
    changed_.notify_all();
    if (stopping_) return;
  }
}

}  // namespace tengen::gomoku
