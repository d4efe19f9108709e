// The event loop and its workers. A connection is owned by the loop while it waits for a request
// head and by one worker while that request is answered; the worker hands it back (or closes it)
// through a queue and an eventfd. Deadlines are checked at each wake-up, at least once a second.
#include "web/http_server.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/gomoku/notation.h"

namespace tengen::web {
namespace {

using Clock = std::chrono::steady_clock;
// How long a closing connection's remaining input is read and dropped.
constexpr std::chrono::milliseconds kLinger{2000};

struct Connection {
  int fd = -1;
  std::string in;               // bytes read and not yet part of an answered request
  Clock::time_point deadline;   // for the whole of the next request head
  bool gotBytes = false;        // since the server started waiting for this head
  // Answered and closing: what the client still sends is read and dropped for a moment, so that
  // closing with unread bytes (a reset) does not destroy the answer before the client reads it.
  bool closing = false;
};

// A request ready for a worker: its connection and the request, or the refusal to send.
struct Job {
  Connection* connection = nullptr;
  std::variant<HttpRequest, HttpRefusal> request;
};

void setNonBlocking(int fd) { ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) | O_NONBLOCK); }

}  // namespace

std::string jsonError(std::string_view why) {
  return nlohmann::json{{"error", std::string(why)}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

namespace {

std::string serialize(const HttpResponse& r, bool head, bool keepAlive) {
  std::string out = "HTTP/1.1 " + std::to_string(r.status) + " " + std::string(reasonPhrase(r.status)) + "\r\n";
  out += "Content-Type: " + r.contentType + "\r\n";
  out += "Content-Length: " + std::to_string(r.body.size()) + "\r\n";
  out += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n";
  out += keepAlive ? "Connection: keep-alive\r\n\r\n" : "Connection: close\r\n\r\n";
  if (!head) out += r.body;
  return out;
}

// Sends all of `bytes` before `deadline`. False when the client did not take them in time.
bool sendAll(int fd, const std::string& bytes, Clock::time_point deadline) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n > 0) {
      sent += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
      if (left <= 0) return false;
      pollfd p{fd, POLLOUT, 0};
      if (::poll(&p, 1, static_cast<int>(left)) < 0 && errno != EINTR) return false;
      continue;
    }
    return false;
  }
  return true;
}

}  // namespace

struct HttpServer::Impl {
  Handler handler;
  HttpLimits limits;
  int listener = -1, epoll = -1, wake = -1, boundPort = 0;
  std::atomic<bool> stopping{false};
  std::map<int, std::unique_ptr<Connection>> waiting;  // fd -> connection, owned by the loop

  std::mutex mutex;
  std::condition_variable jobsReady;
  std::deque<Job> jobs;                   // for the workers
  std::deque<Connection*> returned;       // back from the workers, to wait for their next request
  std::vector<std::unique_ptr<Connection>> busy;  // held while a worker answers

  void wakeLoop() {
    const std::uint64_t one = 1;
    [[maybe_unused]] const ssize_t n = ::write(wake, &one, sizeof one);
  }

  void close(std::unique_ptr<Connection> c) { ::close(c->fd); }

  // The loop starts waiting for a connection's next request head (or, closing, for its end).
  void await(std::unique_ptr<Connection> c) {
    c->deadline = Clock::now() + (c->closing ? kLinger : limits.headDeadline);
    c->gotBytes = !c->in.empty();
    if (c->closing) c->in.clear();
    if (waiting.size() >= limits.maxConnections) {
      // Full: the connection waiting longest makes room.
      auto oldest = waiting.begin();
      for (auto it = waiting.begin(); it != waiting.end(); ++it)
        if (it->second->deadline < oldest->second->deadline) oldest = it;
      ::epoll_ctl(epoll, EPOLL_CTL_DEL, oldest->first, nullptr);
      close(std::move(oldest->second));
      waiting.erase(oldest);
    }
    epoll_event e{};
    e.events = EPOLLIN | EPOLLRDHUP;
    e.data.fd = c->fd;
    ::epoll_ctl(epoll, EPOLL_CTL_ADD, c->fd, &e);
    const int fd = c->fd;
    const bool closing = c->closing;
    waiting[fd] = std::move(c);
    // A request already whole in what was read (pipelined): answer it at once.
    if (!closing) examine(fd);
  }

  // Hands the connection's request to the workers when its head is whole (or refused).
  void examine(int fd) {
    auto it = waiting.find(fd);
    if (it == waiting.end()) return;
    Connection& c = *it->second;
    const auto found = findRequestHead(c.in);
    Job job;
    if (const auto* refusal = std::get_if<HttpRefusal>(&found)) {
      job.request = *refusal;
    } else if (const std::size_t end = std::get<std::size_t>(found); end > 0) {
      job.request = parseRequestHead(std::string_view(c.in).substr(0, end));
      c.in.erase(0, end);
    } else {
      return;
    }
    ::epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nullptr);
    job.connection = it->second.get();
    {
      std::lock_guard lock(mutex);
      busy.push_back(std::move(it->second));
      jobs.push_back(std::move(job));
    }
    waiting.erase(it);
    jobsReady.notify_one();
  }

  void readFrom(int fd) {
    auto it = waiting.find(fd);
    if (it == waiting.end()) return;
    Connection& c = *it->second;
    char buf[16384];
    while (true) {
      const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
      if (n > 0 && c.closing) continue;
      if (n > 0) {
        c.in.append(buf, static_cast<std::size_t>(n));
        c.gotBytes = true;
        if (c.in.size() > kMaxRequestHead + sizeof buf) break;  // enough to judge; the rest can wait
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      // Closed by the client, or failed: nothing to answer.
      ::epoll_ctl(epoll, EPOLL_CTL_DEL, fd, nullptr);
      close(std::move(it->second));
      waiting.erase(it);
      return;
    }
    examine(fd);
  }

  void accept() {
    while (true) {
      const int fd = ::accept4(listener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) return;
      // Answers are one small write each: without this, delayed acknowledgements hold every
      // answer on a kept-alive connection for tens of milliseconds.
      const int on = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
      auto c = std::make_unique<Connection>();
      c->fd = fd;
      await(std::move(c));
    }
  }

  // Connections past their deadline: 408 to one that sent part of a head, then closed.
  void expire() {
    const auto now = Clock::now();
    for (auto it = waiting.begin(); it != waiting.end();) {
      if (it->second->deadline > now) {
        ++it;
        continue;
      }
      ::epoll_ctl(epoll, EPOLL_CTL_DEL, it->first, nullptr);
      if (it->second->gotBytes && !it->second->closing) {
        const std::string bytes = serialize({408, "application/json", jsonError("the request took too long to arrive")}, false, false);
        [[maybe_unused]] const ssize_t n = ::send(it->first, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      }
      close(std::move(it->second));
      it = waiting.erase(it);
    }
  }

  void loop() {
    epoll_event events[64];
    while (!stopping) {
      const int n = ::epoll_wait(epoll, events, 64, 250);
      for (int i = 0; i < n; ++i) {
        const int fd = events[i].data.fd;
        if (fd == listener) accept();
        else if (fd == wake) {
          std::uint64_t count;
          [[maybe_unused]] const ssize_t r = ::read(wake, &count, sizeof count);
        } else readFrom(fd);
      }
      std::deque<Connection*> back;
      {
        std::lock_guard lock(mutex);
        back.swap(returned);
      }
      for (Connection* c : back) {
        std::unique_ptr<Connection> owned;
        {
          std::lock_guard lock(mutex);
          for (auto& b : busy)
            if (b.get() == c) owned = std::move(b);
          std::erase(busy, nullptr);
        }
        if (owned) await(std::move(owned));
      }
      expire();
    }
  }

  void work() {
    while (true) {
      Job job;
      {
        std::unique_lock lock(mutex);
        jobsReady.wait(lock, [&] { return stopping || !jobs.empty(); });
        if (stopping) return;
        job = std::move(jobs.front());
        jobs.pop_front();
      }
      HttpResponse response;
      bool keepAlive = false, head = false;
      if (const auto* refusal = std::get_if<HttpRefusal>(&job.request)) {
        response = {refusal->status, "application/json", jsonError(refusal->why)};
      } else {
        const HttpRequest& request = std::get<HttpRequest>(job.request);
        keepAlive = request.keepAlive;
        head = request.method == "HEAD";
        try {
          response = handler(request);
        } catch (const std::exception&) {
          response = {500, "application/json", jsonError("the server failed to answer")};
        }
      }
      const bool sent = sendAll(job.connection->fd, serialize(response, head, keepAlive),
                                Clock::now() + limits.sendDeadline);
      std::lock_guard lock(mutex);
      if (sent && !keepAlive) {
        // The answer is out; the client's unread bytes are drained by the loop until it closes.
        ::shutdown(job.connection->fd, SHUT_WR);
        job.connection->closing = true;
      }
      if (sent) {
        returned.push_back(job.connection);
        wakeLoop();
      } else {
        for (auto& b : busy)
          if (b.get() == job.connection) {
            ::close(b->fd);
            b.reset();
          }
        std::erase(busy, nullptr);
      }
    }
  }
};

HttpServer::HttpServer(const std::string& host, int port, Handler handler, HttpLimits limits)
    : impl_(std::make_unique<Impl>()) {
  impl_->handler = std::move(handler);
  impl_->limits = limits;
  const std::string where = gomoku::printable(host, 100) + ":" + std::to_string(port);
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  if (const int e = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found); e != 0)
    throw std::runtime_error("cannot listen on " + where + ": " + ::gai_strerror(e));
  std::string why = "no address";
  for (addrinfo* a = found; a && impl_->listener < 0; a = a->ai_next) {
    const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    // SO_REUSEADDR lets a restart bind while old connections linger in TIME_WAIT; on Linux it
    // never lets two servers listen on one port (SO_REUSEPORT would, and is not set).
    const int on = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, 512) == 0) {
      impl_->listener = fd;
    } else {
      why = errno == EADDRINUSE ? "the port is in use (another server listens there)" : std::strerror(errno);
      ::close(fd);
    }
  }
  ::freeaddrinfo(found);
  if (impl_->listener < 0) throw std::runtime_error("cannot listen on " + where + ": " + why);
  setNonBlocking(impl_->listener);
  sockaddr_storage bound{};
  socklen_t length = sizeof bound;
  ::getsockname(impl_->listener, reinterpret_cast<sockaddr*>(&bound), &length);
  impl_->boundPort = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                                        : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
  impl_->epoll = ::epoll_create1(EPOLL_CLOEXEC);
  impl_->wake = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  for (int fd : {impl_->listener, impl_->wake}) {
    epoll_event e{};
    e.events = EPOLLIN;
    e.data.fd = fd;
    ::epoll_ctl(impl_->epoll, EPOLL_CTL_ADD, fd, &e);
  }
}

HttpServer::~HttpServer() {
  for (auto& [fd, c] : impl_->waiting) ::close(fd);
  for (auto& c : impl_->busy)
    if (c) ::close(c->fd);
  for (int fd : {impl_->listener, impl_->epoll, impl_->wake})
    if (fd >= 0) ::close(fd);
}

int HttpServer::port() const { return impl_->boundPort; }

void HttpServer::run() {
  std::vector<std::thread> workers;
  for (int i = 0; i < std::max(1, impl_->limits.workers); ++i) workers.emplace_back([this] { impl_->work(); });
  impl_->loop();
  {
    std::lock_guard lock(impl_->mutex);
    impl_->stopping = true;
  }
  impl_->jobsReady.notify_all();
  for (auto& w : workers) w.join();
}

void HttpServer::stop() {
  impl_->stopping = true;
  impl_->wakeLoop();
}

}  // namespace tengen::web
