// Every worker thread waits on the one epoll set. Connections are registered one-shot: the
// thread that gets a connection's event owns it until it registers it again, reads what came,
// and when a request head is whole answers it on the spot (no hand-over between threads). Each
// connection has an id in the epoll data, looked up under the mutex, so an event that arrives for
// a connection already closed (and its descriptor reused) is recognised and dropped. Deadlines
// are checked by whichever thread wakes, at least four times a second.
#include "web/http_server.h"

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
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include "solver/gomoku/notation.h"

namespace tengen::web {

std::string jsonError(std::string_view why) {
  return nlohmann::json{{"error", std::string(why)}}.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

namespace {

using Clock = std::chrono::steady_clock;
// How long a closing connection's remaining input is read and dropped: closing with unread bytes
// sends a reset, which can destroy the answer before the client has read it.
constexpr std::chrono::milliseconds kLinger{2000};
// The epoll data of the listener and of the stop signal (connection ids start above them).
constexpr std::uint64_t kListenerId = 0, kWakeId = 1;

struct Connection {
  int fd = -1;
  std::string in;               // bytes read and not yet part of an answered request
  Clock::time_point deadline;   // for the whole of the next request head (or the end, closing)
  bool gotBytes = false;        // since the server started waiting for this head
  bool closing = false;         // answered; draining what the client still sends
  bool busy = false;            // a thread owns it (its event was delivered)
};

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

  std::mutex mutex;  // guards connections, nextId and lastExpiry
  std::unordered_map<std::uint64_t, std::unique_ptr<Connection>> connections;
  std::uint64_t nextId = 2;
  Clock::time_point lastExpiry = Clock::now();

  void arm(std::uint64_t id, int fd, int op) {
    epoll_event e{};
    e.events = EPOLLIN | EPOLLONESHOT;
    e.data.u64 = id;
    ::epoll_ctl(epoll, op, fd, &e);
  }

  // Under the mutex: forgets a connection and closes its descriptor.
  void dropLocked(std::unordered_map<std::uint64_t, std::unique_ptr<Connection>>::iterator it) {
    ::epoll_ctl(epoll, EPOLL_CTL_DEL, it->second->fd, nullptr);
    ::close(it->second->fd);
    connections.erase(it);
  }

  void drop(std::uint64_t id) {
    std::lock_guard lock(mutex);
    if (const auto it = connections.find(id); it != connections.end()) dropLocked(it);
  }

  // The owner gives the connection back to the epoll set, waiting for its next head (or its end).
  void release(std::uint64_t id, Connection& c, bool fresh) {
    std::lock_guard lock(mutex);
    if (fresh) c.deadline = Clock::now() + (c.closing ? kLinger : limits.headDeadline);
    c.busy = false;
    arm(id, c.fd, EPOLL_CTL_MOD);
  }

  void accept() {
    while (true) {
      const int fd = ::accept4(listener, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
      if (fd < 0) break;
      // Answers are one small write each: without this, delayed acknowledgements hold every
      // answer on a kept-alive connection for tens of milliseconds.
      const int on = 1;
      ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
      auto c = std::make_unique<Connection>();
      c->fd = fd;
      c->deadline = Clock::now() + limits.headDeadline;
      std::lock_guard lock(mutex);
      if (connections.size() >= limits.maxConnections) {
        // Full: the idle connection waiting longest makes room.
        auto oldest = connections.end();
        for (auto it = connections.begin(); it != connections.end(); ++it)
          if (!it->second->busy && (oldest == connections.end() || it->second->deadline < oldest->second->deadline)) oldest = it;
        if (oldest == connections.end()) {
          ::close(fd);
          continue;
        }
        dropLocked(oldest);
      }
      const std::uint64_t id = nextId++;
      connections.emplace(id, std::move(c));
      arm(id, fd, EPOLL_CTL_ADD);
    }
    arm(kListenerId, listener, EPOLL_CTL_MOD);
  }

  // Idle connections past their deadline: 408 to one that sent part of a head, then closed.
  void expire() {
    std::lock_guard lock(mutex);
    const auto now = Clock::now();
    if (now - lastExpiry < std::chrono::milliseconds(200)) return;
    lastExpiry = now;
    for (auto it = connections.begin(); it != connections.end();) {
      const Connection& c = *it->second;
      if (c.busy || c.deadline > now) {
        ++it;
        continue;
      }
      if (c.gotBytes && !c.closing) {
        const std::string bytes = serialize({408, "application/json", jsonError("the request took too long to arrive")}, false, false);
        [[maybe_unused]] const ssize_t n = ::send(c.fd, bytes.data(), bytes.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
      }
      auto next = std::next(it);
      dropLocked(it);
      it = next;
    }
  }

  // This thread owns connection `id` (its event came): reads, answers every whole request, and
  // gives it back or closes it.
  void serveConnection(std::uint64_t id) {
    Connection* c = nullptr;
    {
      std::lock_guard lock(mutex);
      const auto it = connections.find(id);
      if (it == connections.end()) return;  // closed meanwhile; the descriptor may be another's now
      c = it->second.get();
      c->busy = true;
    }
    char buf[16384];
    while (true) {
      const ssize_t n = ::recv(c->fd, buf, sizeof buf, 0);
      if (n > 0) {
        if (c->closing) continue;
        c->in.append(buf, static_cast<std::size_t>(n));
        c->gotBytes = true;
        if (c->in.size() > kMaxRequestHead + sizeof buf) break;  // enough to judge; the rest can wait
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
      return drop(id);  // closed by the client, or failed: nothing to answer
    }
    bool answered = false;
    while (!c->closing) {
      const auto found = findRequestHead(c->in);
      std::variant<HttpRequest, HttpRefusal> request;
      if (const auto* refusal = std::get_if<HttpRefusal>(&found)) {
        request = *refusal;
      } else if (const std::size_t end = std::get<std::size_t>(found); end > 0) {
        request = parseRequestHead(std::string_view(c->in).substr(0, end));
        c->in.erase(0, end);
      } else {
        break;
      }
      if (!answer(*c, request)) return drop(id);
      answered = true;
    }
    release(id, *c, answered);
  }

  // Answers one request on its connection. False when the connection is to be closed at once.
  bool answer(Connection& c, const std::variant<HttpRequest, HttpRefusal>& request) {
    HttpResponse response;
    bool keepAlive = false, head = false;
    if (const auto* refusal = std::get_if<HttpRefusal>(&request)) {
      response = {refusal->status, "application/json", jsonError(refusal->why)};
    } else {
      const HttpRequest& r = std::get<HttpRequest>(request);
      keepAlive = r.keepAlive;
      head = r.method == "HEAD";
      try {
        response = handler(r);
      } catch (const std::exception&) {
        response = {500, "application/json", jsonError("the server failed to answer")};
      }
    }
    if (!sendAll(c.fd, serialize(response, head, keepAlive), Clock::now() + limits.sendDeadline)) return false;
    c.gotBytes = !c.in.empty();
    if (!keepAlive) {
      // The answer is out; what the client still sends is drained until it closes.
      ::shutdown(c.fd, SHUT_WR);
      c.closing = true;
      c.in.clear();
    }
    return true;
  }

  void work() {
    epoll_event events[16];
    while (!stopping) {
      const int n = ::epoll_wait(epoll, events, 16, 250);
      for (int i = 0; i < n && !stopping; ++i) {
        const std::uint64_t id = events[i].data.u64;
        if (id == kListenerId) accept();
        else if (id != kWakeId) serveConnection(id);
      }
      expire();
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
      why = errno == EADDRINUSE ? "the port is in use (another server listens there, or one that just stopped is still closing its connections)" : std::strerror(errno);
      ::close(fd);
    }
  }
  ::freeaddrinfo(found);
  if (impl_->listener < 0) throw std::runtime_error("cannot listen on " + where + ": " + why);
  ::fcntl(impl_->listener, F_SETFL, ::fcntl(impl_->listener, F_GETFL) | O_NONBLOCK);
  sockaddr_storage bound{};
  socklen_t length = sizeof bound;
  ::getsockname(impl_->listener, reinterpret_cast<sockaddr*>(&bound), &length);
  impl_->boundPort = ntohs(bound.ss_family == AF_INET6 ? reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port
                                                        : reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
  impl_->epoll = ::epoll_create1(EPOLL_CLOEXEC);
  impl_->wake = ::eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
  impl_->arm(kListenerId, impl_->listener, EPOLL_CTL_ADD);
  // The stop signal stays readable once written, so it wakes every thread (level-triggered).
  epoll_event e{};
  e.events = EPOLLIN;
  e.data.u64 = kWakeId;
  ::epoll_ctl(impl_->epoll, EPOLL_CTL_ADD, impl_->wake, &e);
}

HttpServer::~HttpServer() {
  for (auto& [id, c] : impl_->connections) ::close(c->fd);
  for (int fd : {impl_->listener, impl_->epoll, impl_->wake})
    if (fd >= 0) ::close(fd);
}

int HttpServer::port() const { return impl_->boundPort; }

void HttpServer::run() {
  std::vector<std::thread> workers;
  for (int i = 1; i < std::max(1, impl_->limits.workers); ++i) workers.emplace_back([this] { impl_->work(); });
  impl_->work();
  for (auto& w : workers) w.join();
}

void HttpServer::stop() {
  impl_->stopping = true;
  const std::uint64_t one = 1;
  [[maybe_unused]] const ssize_t n = ::write(impl_->wake, &one, sizeof one);
}

}  // namespace tengen::web
