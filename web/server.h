// `tengen serve`: a read-only web view of a book — one self-contained page and a JSON API
// (/api/query, /api/openings, /api/stats) over HTTP. It opens the book as a reader, so it runs
// beside a writer (a book build), catching up at most once a second.
#pragma once

#include <functional>
#include <string>

#include "book/book.h"

namespace tengen::web {

struct ServeOptions {
  std::string host = "127.0.0.1";
  int port = 8017;  // 0: any free port
  // Called once the server listens, with its address ("http://127.0.0.1:8017/").
  std::function<void(const std::string& url)> listening;
};

// Blocks SIGINT and SIGTERM in the calling thread and every thread it starts from then on, so that
// serve() alone takes them. Call it before anything starts a thread (opening the book does).
void blockStopSignals();

// Serves until the process is stopped (SIGINT/SIGTERM end it cleanly, after blockStopSignals()).
// Throws std::runtime_error when the address cannot be bound.
void serve(const book::Book& book, const ServeOptions& options);

}  // namespace tengen::web
