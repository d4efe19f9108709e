// The web view's routes over the HTTP server (http_server.h): the page at /, the JSON API under
// /api/. Readers of the book only; the book catches up with its writer at most once a second (one
// thread at a time), and the book's figures are kept ten seconds (they walk every entry). Answers
// never name the book's path or files: a failure of the book is told to the client in words and
// in full on the server's standard error. SIGINT and SIGTERM stop the server.
#include "web/server.h"

#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <iostream>
#include <mutex>
#include <thread>

#include "book/book_error.h"
#include "web/api.h"
#include "web/http_server.h"
#include "web/page.h"

namespace tengen::web {
namespace {

using Clock = std::chrono::steady_clock;

HttpResponse json(int status, std::string body) { return {status, "application/json", std::move(body)}; }

HttpResponse error(int status, const std::string& why) { return json(status, jsonError(why)); }

}  // namespace

namespace {

sigset_t stopSignalSet() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  return set;
}

}  // namespace

void blockStopSignals() {
  const sigset_t set = stopSignalSet();
  pthread_sigmask(SIG_BLOCK, &set, nullptr);
}

void serve(const book::Book& book, const ServeOptions& options) {
  // SIGINT and SIGTERM go to one thread that stops the server; every other thread blocks them (a
  // thread that did not, RocksDB's say, would let the default action end the process at once,
  // leaving the book's scratch folder behind).
  blockStopSignals();
  sigset_t stopSignals = stopSignalSet();

  std::mutex refreshing;
  Clock::time_point lastRefresh = Clock::now();
  std::mutex statsMutex;
  std::string stats;
  Clock::time_point statsAt;
  auto catchUp = [&] {
    std::lock_guard lock(refreshing);
    if (Clock::now() - lastRefresh >= std::chrono::seconds(1)) {
      const_cast<book::Book&>(book).refresh();
      lastRefresh = Clock::now();
    }
  };
  auto answer = [&](const std::function<std::string()>& make) {
    try {
      catchUp();
      return json(200, make());
    } catch (const ApiError& e) {
      return error(400, e.what());
    } catch (const book::BookError& e) {
      std::cerr << "tengen serve: " << e.what() << std::endl;
      const bool damaged = std::string(e.what()).find("damaged") != std::string::npos;
      return error(503, damaged ? "the book is damaged; the server's log says where ('tengen book repair' salvages it)"
                                : "the book cannot be read just now; the server's log says why");
    }
  };
  auto route = [&](const HttpRequest& request) -> HttpResponse {
    if (request.path == "/") return {200, "text/html; charset=utf-8", page(firstBoardSvg(request.query))};
    if (request.path == "/api/query") return answer([&] { return queryJson(book, request.query); });
    if (request.path == "/api/openings") return answer([&] { return openingsJson(book); });
    if (request.path == "/api/stats")
      return answer([&] {
        std::lock_guard lock(statsMutex);
        if (stats.empty() || Clock::now() - statsAt > std::chrono::seconds(10)) {
          stats = statsJson(book);
          statsAt = Clock::now();
        }
        return stats;
      });
    return error(404, "no such page (try / or /api/query?position=h8)");
  };

  HttpServer server(options.host, options.port, route);
  std::thread stopper([&] {
    int signal = 0;
    sigwait(&stopSignals, &signal);
    server.stop();
  });
  if (options.listening) {
    const bool v6 = options.host.find(':') != std::string::npos;
    options.listening("http://" + (v6 ? "[" + options.host + "]" : options.host) + ":" + std::to_string(server.port()) + "/");
  }
  server.run();
  // The server stopped: by a signal (the stopper is done) or by itself (wake the stopper).
  pthread_kill(stopper.native_handle(), SIGTERM);
  stopper.join();
}

}  // namespace tengen::web
