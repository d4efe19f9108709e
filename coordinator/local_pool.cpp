// In-process workers: one thread each, running the same worker loop as an MPI rank, fed through
// message queues so the coordinator cannot tell the difference.
#include <pthread.h>

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>
#include <vector>

#include "coordinator/worker_pool.h"
#include "worker/mpi_session.h"
#include "worker/protocol.h"
#include "worker/serve.h"

namespace tengen::coordinator {
namespace {

template <class T>
class Queue {
 public:
  void push(T value) {
    {
      std::lock_guard lock(mutex_);
      items_.push_back(std::move(value));
    }
    ready_.notify_one();
  }
  T pop() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !items_.empty(); });
    T v = std::move(items_.front());
    items_.pop_front();
    return v;
  }
  std::optional<T> popFor(double seconds) {
    std::unique_lock lock(mutex_);
    if (!ready_.wait_for(lock, std::chrono::duration<double>(seconds), [&] { return !items_.empty(); }))
      return std::nullopt;
    T v = std::move(items_.front());
    items_.pop_front();
    return v;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<T> items_;
};

using Outbox = Queue<std::pair<int, std::string>>;

class ThreadChannel : public worker::WorkerChannel {
 public:
  ThreadChannel(int id, Outbox& outbox) : id_(id), outbox_(outbox) {}
  std::optional<std::string> receive() override { return inbox.pop(); }
  void send(std::string bytes) override { outbox_.push({id_, std::move(bytes)}); }
  const std::atomic<bool>* withdrawal(std::uint64_t jobId) override {
    std::lock_guard lock(mutex_);
    job_ = jobId;
    withdrawn_ = stopping_ || withdrawnEarly_ == jobId;
    return &withdrawn_;
  }
  // A job withdrawn before this worker took it from its inbox stops as it starts.
  void withdraw(std::uint64_t jobId) {
    std::lock_guard lock(mutex_);
    if (job_ == jobId) withdrawn_ = true;
    else withdrawnEarly_ = jobId;
  }
  // The run is over: whatever job is running stops (a stop request reaches jobs this way).
  void stopJobs() {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    withdrawn_ = true;
  }
  Queue<std::string> inbox;

 private:
  int id_;
  Outbox& outbox_;
  std::mutex mutex_;
  std::uint64_t job_ = 0, withdrawnEarly_ = 0;
  bool stopping_ = false;
  std::atomic<bool> withdrawn_{false};
};

class LocalPool : public WorkerPool {
 public:
  LocalPool(int threads, const worker::SearchGuide& guide) {
    for (int i = 0; i < threads; ++i) channels_.push_back(std::make_unique<ThreadChannel>(i, outbox_));
    for (auto& ch : channels_)
      threads_.emplace_back([c = ch.get(), guide] {
        pthread_setname_np(pthread_self(), "tengen-worker");  // told apart in top -H, perf, gdb
        worker::serveJobs(*c, guide);
      });
  }
  ~LocalPool() override { stop(); }

  int size() const override { return static_cast<int>(channels_.size()); }
  std::string describe() const override {
    return std::to_string(size()) + " in-process worker" + (size() == 1 ? "" : "s");
  }
  void send(int worker, std::string bytes) override { channels_[static_cast<std::size_t>(worker)]->inbox.push(std::move(bytes)); }
  std::optional<std::pair<int, std::string>> receive(double timeoutSeconds) override {
    return outbox_.popFor(timeoutSeconds);
  }
  void withdraw(int worker, std::uint64_t jobId) override { channels_[static_cast<std::size_t>(worker)]->withdraw(jobId); }
  void stop() override {
    if (stopped_) return;
    stopped_ = true;
    for (auto& ch : channels_) {
      ch->stopJobs();
      ch->inbox.push(worker::encodeMessage(worker::StopRequest{}));
    }
    for (auto& t : threads_) t.join();
  }

 private:
  Outbox outbox_;
  std::vector<std::unique_ptr<ThreadChannel>> channels_;
  std::vector<std::thread> threads_;
  bool stopped_ = false;
};

}  // namespace

std::unique_ptr<WorkerPool> makeLocalPool(int threads, const worker::SearchGuide& guide) {
  return std::make_unique<LocalPool>(std::max(1, threads), guide);
}

namespace {

std::unique_ptr<WorkerPool> g_mpiRanks;  // rank 0's one pool of worker ranks for the whole process

// Lends the process's MPI pool to one run: its stop() leaves the ranks running for the next run.
class BorrowedPool : public WorkerPool {
 public:
  explicit BorrowedPool(WorkerPool& pool) : pool_(pool) {}
  int size() const override { return pool_.size(); }
  std::string describe() const override { return pool_.describe(); }
  void send(int worker, std::string bytes) override { pool_.send(worker, std::move(bytes)); }
  std::optional<std::pair<int, std::string>> receive(double t) override { return pool_.receive(t); }
  void withdraw(int worker, std::uint64_t jobId) override { pool_.withdraw(worker, jobId); }
  void stop() override {}

 private:
  WorkerPool& pool_;
};

}  // namespace

std::unique_ptr<WorkerPool> makeWorkerPool(int threads, const worker::SearchGuide& guide) {
  if (const auto* mpi = worker::MpiSession::current(); mpi && mpi->active() && mpi->size() > 1) {
    if (!g_mpiRanks) g_mpiRanks = makeMpiPool();
    return std::make_unique<BorrowedPool>(*g_mpiRanks);
  }
  return makeLocalPool(threads, guide);
}

void releaseMpiWorkers() {
  const auto* mpi = worker::MpiSession::current();
  if (!mpi || !mpi->active() || mpi->rank() != 0) return;
  if (!g_mpiRanks) g_mpiRanks = makeMpiPool();
  g_mpiRanks->stop();
  g_mpiRanks.reset();
}

}  // namespace tengen::coordinator
