// HTTP over cpp-httplib: the page at /, the JSON API under /api/. Readers of the book only; the
// book catches up with its writer at most once a second (one thread at a time), and the book's
// figures are kept ten seconds (they walk every entry). SIGINT and SIGTERM stop the server.
#include "web/server.h"

#include <httplib.h>
#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <mutex>
#include <thread>

#include "web/api.h"
#include "web/page.h"

namespace tengen::web {
namespace {

using Clock = std::chrono::steady_clock;

std::string errorJson(const std::string& why) {
  std::string out = "{\"error\": \"";
  for (char c : why) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) continue;
    out += c;
  }
  return out + "\"}";
}

}  // namespace

void serve(const book::Book& book, const ServeOptions& options) {
  // SIGINT and SIGTERM go to one thread that stops the server; every other thread blocks them.
  sigset_t stopSignals;
  sigemptyset(&stopSignals);
  sigaddset(&stopSignals, SIGINT);
  sigaddset(&stopSignals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);

  httplib::Server server;
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
  auto answer = [&](httplib::Response& res, const std::function<std::string()>& make) {
    try {
      catchUp();
      res.set_content(make(), "application/json");
    } catch (const ApiError& e) {
      res.status = 400;
      res.set_content(errorJson(e.what()), "application/json");
    } catch (const std::exception& e) {
      res.status = 500;
      res.set_content(errorJson(e.what()), "application/json");
    }
  };
  server.Get("/", [](const httplib::Request&, httplib::Response& res) {
    res.set_content(std::string(page()), "text/html; charset=utf-8");
  });
  server.Get("/api/query", [&](const httplib::Request& req, httplib::Response& res) {
    std::map<std::string, std::string> params;
    for (const auto& [k, v] : req.params) params[k] = v;
    answer(res, [&] { return queryJson(book, params); });
  });
  server.Get("/api/openings", [&](const httplib::Request&, httplib::Response& res) {
    answer(res, [&] { return openingsJson(book); });
  });
  server.Get("/api/stats", [&](const httplib::Request&, httplib::Response& res) {
    answer(res, [&] {
      std::lock_guard lock(statsMutex);
      if (stats.empty() || Clock::now() - statsAt > std::chrono::seconds(10)) {
        stats = statsJson(book);
        statsAt = Clock::now();
      }
      return stats;
    });
  });
  server.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty()) res.set_content(errorJson("no such page (try / or /api/query?position=h8)"), "application/json");
  });
  server.set_payload_max_length(64 * 1024);
  // Answers are one small write each: without this, delayed acknowledgements hold every answer
  // on a kept-alive connection for tens of milliseconds.
  server.set_tcp_nodelay(true);

  int port = options.port;
  if (port == 0) port = server.bind_to_any_port(options.host);
  else if (!server.bind_to_port(options.host, port)) port = -1;
  if (port <= 0) throw std::runtime_error("cannot listen on " + options.host + ":" + std::to_string(options.port));
  std::thread stopper([&] {
    int signal = 0;
    sigwait(&stopSignals, &signal);
    server.stop();
  });
  if (options.listening) options.listening("http://" + options.host + ":" + std::to_string(port) + "/");
  server.listen_after_bind();
  // The server stopped: by a signal (the stopper is done) or by itself (wake the stopper).
  pthread_kill(stopper.native_handle(), SIGTERM);
  stopper.join();
}

}  // namespace tengen::web
