// Recording and replaying workers' answers (see replay_pool.h).
#include "bench/replay_pool.h"

#include <chrono>
#include <deque>
#include <unordered_map>

namespace tengen::bench {
namespace {

// A five-in-a-row job or answer in the message's envelope (nullopt: another message, or another game's).
std::optional<worker::JobRequest> fiveInARowJob(const worker::Message& m) {
  const auto* job = std::get_if<worker::GameJob>(&m);
  if (!job || job->game != worker::kFiveInARowGame) return std::nullopt;
  return worker::jobRequestOf(*job);
}
std::optional<worker::JobReply> fiveInARowReply(const worker::Message& m) {
  const auto* reply = std::get_if<worker::GameReply>(&m);
  if (!reply || reply->game != worker::kFiveInARowGame) return std::nullopt;
  return worker::jobReplyOf(*reply);
}

std::string questionKey(const worker::JobRequest& r) {
  std::string key;
  key.reserve(8 + 2 * (r.black.size() + r.white.size()) + 2);
  key += static_cast<char>(r.rule);
  key += static_cast<char>(r.size);
  key += static_cast<char>(r.toMove);
  key += static_cast<char>(r.attacker);
  for (const auto* stones : {&r.black, &r.white}) {
    for (auto c : *stones) key.append(reinterpret_cast<const char*>(&c), sizeof c);
    key += '|';
  }
  return key;
}

class RecordingPool : public coordinator::WorkerPool {
 public:
  RecordingPool(coordinator::WorkerPool& inner, RecordedAnswers& answers) : inner_(inner), answers_(answers) {}
  int size() const override { return inner_.size(); }
  std::string describe() const override { return inner_.describe() + ", recorded"; }
  void send(int worker, std::string bytes) override {
    if (const auto job = fiveInARowJob(worker::decodeMessage(bytes)))
      pending_[job->jobId] = questionKey(*job);
    inner_.send(worker, std::move(bytes));
  }
  std::optional<std::pair<int, std::string>> receive(double timeoutSeconds) override {
    auto message = inner_.receive(timeoutSeconds);
    if (message)
      if (const auto reply = fiveInARowReply(worker::decodeMessage(message->second)))
        if (const auto it = pending_.find(reply->jobId); it != pending_.end()) {
          answers_[it->second] = *reply;
          pending_.erase(it);
        }
    return message;
  }
  void stop() override { inner_.stop(); }

 private:
  coordinator::WorkerPool& inner_;
  RecordedAnswers& answers_;
  std::unordered_map<std::uint64_t, std::string> pending_;
};

}  // namespace

std::unique_ptr<coordinator::WorkerPool> makeRecordingPool(coordinator::WorkerPool& inner, RecordedAnswers& answers) {
  return std::make_unique<RecordingPool>(inner, answers);
}

struct ReplayPool::State {
  int workers = 0;
  const RecordedAnswers* answers = nullptr;
  std::deque<std::pair<int, std::string>> outbox;
  std::uint64_t answered = 0, misses = 0, checks = 0;
  double seconds = 0;
};

ReplayPool::ReplayPool(int workers, const RecordedAnswers& answers) : state_(std::make_unique<State>()) {
  state_->workers = workers;
  state_->answers = &answers;
}
ReplayPool::~ReplayPool() = default;
int ReplayPool::size() const { return state_->workers; }
std::string ReplayPool::describe() const { return std::to_string(state_->workers) + " replaying workers"; }
std::uint64_t ReplayPool::answered() const { return state_->answered; }
std::uint64_t ReplayPool::misses() const { return state_->misses; }
std::uint64_t ReplayPool::checks() const { return state_->checks; }
double ReplayPool::workerSeconds() const { return state_->seconds; }

void ReplayPool::send(int worker, std::string bytes) {
  const auto start = std::chrono::steady_clock::now();
  const auto message = worker::decodeMessage(bytes);
  if (const auto job = fiveInARowJob(message)) {
    worker::JobReply reply;
    if (const auto it = state_->answers->find(questionKey(*job)); it != state_->answers->end()) {
      reply = it->second;
    } else {
      reply.outcome = worker::JobOutcome::Unknown;
      ++state_->misses;
    }
    reply.jobId = job->jobId;
    ++state_->answered;
    state_->outbox.emplace_back(worker, worker::encodeMessage(worker::gameReplyOf(reply)));
  } else if (const auto* check = std::get_if<worker::CheckRequest>(&message)) {
    worker::CheckReply reply;
    reply.checkId = check->checkId;
    reply.accepted = true;
    ++state_->checks;
    state_->outbox.emplace_back(worker, worker::encodeMessage(reply));
  }
  state_->seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

std::optional<std::pair<int, std::string>> ReplayPool::receive(double) {
  if (state_->outbox.empty()) return std::nullopt;
  auto message = std::move(state_->outbox.front());
  state_->outbox.pop_front();
  return message;
}

}  // namespace tengen::bench
