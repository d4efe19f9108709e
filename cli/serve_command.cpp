// `tengen serve`: the web view of a book on 127.0.0.1 (by default).
#include <iostream>

#include "book/book.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "solver/gomoku/notation.h"
#include "web/server.h"

namespace tengen::cli {

int runServe(int argc, char** argv) {
  const Args args(argc, argv, 2, commandHelp("serve"));
  if (!args.positional().empty()) throw UsageError("tengen serve takes no argument " + gomoku::quoted(args.positional()[0]));
  web::ServeOptions options;
  options.host = args.value("host").value_or("127.0.0.1");
  options.port = static_cast<int>(args.integer("port", 8017, 0, 65535));
  web::blockStopSignals();  // before the book's open starts RocksDB's threads
  const book::Book book(args.value("book").value_or(book::kDefaultBookDir), book::Book::Access::ReadOnly);
  options.listening = [&](const std::string& url) {
    std::cout << "serving book " << book.dir() << " on " << url << " (Ctrl-C stops)" << std::endl;
  };
  web::serve(book, options);
  std::cout << "stopped" << std::endl;
  return 0;
}

}  // namespace tengen::cli
