// Opening the book as its one writer, waiting a while (--lock-wait) for a writer that holds it:
// a run that was just stopped may take a moment to let go.
#pragma once

#include <memory>
#include <string>

#include "book/book.h"
#include "cli/args.h"

namespace tengen::cli {

// The book at `dir` (default: --book, else ./tengen-book) opened for writing. While another
// process holds it, says so once on standard error and tries again for up to --lock-wait seconds
// (default 10; 0: fail at once). Throws the BookError that ends the wait.
std::unique_ptr<book::Book> openBookWriter(const Args& args, book::Book::Access access, std::string dir = {});

}  // namespace tengen::cli
