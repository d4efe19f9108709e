// The writer's wait for the book's lock.
#include "cli/book_open.h"

#include <chrono>
#include <cstdio>
#include <iostream>
#include <thread>

#include "solver/gomoku/notation.h"

namespace tengen::cli {

std::unique_ptr<book::Book> openBookWriter(const Args& args, book::Book::Access access, std::string dir) {
  if (dir.empty()) dir = args.value("book").value_or(book::kDefaultBookDir);
  const double wait = args.seconds("lock-wait", 10, 0, 86400);
  const auto start = std::chrono::steady_clock::now();
  long waitingFor = 0;
  while (true) {
    try {
      return std::make_unique<book::Book>(dir, access);
    } catch (const book::BookLockedError& e) {
      const double waited = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (waited >= wait) {
        if (waitingFor == 0) throw;
        char took[32];
        std::snprintf(took, sizeof took, "%.1f", waited);
        throw book::BookLockedError(std::string(e.what()) + "; waited " + took + " s (--lock-wait)", e.holder());
      }
      if (e.holder() != waitingFor) {
        std::cerr << "tengen: book " << gomoku::printable(dir) << " is held by process " << e.holder()
                  << "; waiting up to " << wait << " s for it to let go (--lock-wait)\n";
        waitingFor = e.holder();
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    }
  }
}

}  // namespace tengen::cli
