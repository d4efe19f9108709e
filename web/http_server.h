// A small HTTP/1.1 server for the web view. A few threads wait on one epoll set of every connection
// and read request heads as they come, so a slow client holds a few bytes of memory and never a
// thread; the thread that finds a head whole answers it. Every connection has a deadline for its
// next request head; the port is bound once (a second server on it is refused).
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <string>

#include "web/http_request.h"

namespace tengen::web {

struct HttpResponse {
  int status = 200;
  std::string contentType = "application/json";
  std::string body;
};

// {"error": "..."}: `why` as a JSON string (control characters escaped, bytes that are not UTF-8
// replaced by U+FFFD).
std::string jsonError(std::string_view why);

struct HttpLimits {
  // A client must send a whole request head within this, counted from when the server starts
  // waiting for it (the connection opened, or the last answer sent); then 408 and closed.
  std::chrono::milliseconds headDeadline{10000};
  // An answer must be taken by the client within this, or the connection is closed.
  std::chrono::milliseconds sendDeadline{10000};
  std::size_t maxConnections = 512;  // beyond: the connection waiting longest is closed
  int workers = 4;
};

class HttpServer {
 public:
  using Handler = std::function<HttpResponse(const HttpRequest&)>;

  // Listens on host:port (port 0: a free one). Throws std::runtime_error with one line when it
  // cannot: the port in use, the host unknown, no permission.
  HttpServer(const std::string& host, int port, Handler handler, HttpLimits limits = {});
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  int port() const;
  // Serves until stop() (from any thread).
  void run();
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tengen::web
