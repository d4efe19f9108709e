// `tengen verify`: re-checks stored proofs with the independent verifier, from the book's
// records alone, and marks them verified (or not).
#include <chrono>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "book/book.h"
#include "book/book_verify.h"
#include "book/proof_file.h"
#include "book/proof_set.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/proof_check.h"
#include "cli/args.h"
#include "cli/book_open.h"
#include "cli/commands.h"
#include "cli/compaction_options.h"
#include "cli/json.h"
#include "book/game_entries.h"
#include "solver/gomoku/position.h"
#include "worker/shutdown.h"

namespace tengen::cli {

using namespace tengen::gomoku;
using book::Book;

namespace {

// --compact OUT: the proof just verified, compacted by threat sequences, re-checked and written.
int writeCompacted(const Args& args, book::ProofFile proof) {
  const std::string out = *args.value("compact");
  const auto start = std::chrono::steady_clock::now();
  const auto counts = book::compactProof(proof, compactThreats(args));
  proof.note += compactionNote(counts);
  book::writeProofFile(out, proof);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "wrote " << printable(out) << ": " << proof.tree.nodes.size() << " positions"
            << (counts.after < counts.before ? compactionNote(counts) : ", not smaller by threat sequences")
            << " (" << counts.replaced << " of " << counts.tried << " attacker nodes made sequence leaves), verified, "
            << std::filesystem::file_size(out) << " bytes, in " << seconds << " s\n";
  return 0;
}

// A proof file re-checked from the file alone (no book is opened).
int verifyProofFile(const Args& args) {
  if (!args.positional().empty()) throw UsageError("--proof takes the position from the file: give no POSITION");
  if (args.value("compact") && args.flag("json")) throw UsageError("--compact says what it wrote in words: give it without --json");
  const auto start = std::chrono::steady_clock::now();
  book::ProofFile proof = book::readProofFile(*args.value("proof"));
  const int n = proof.board.size();
  std::vector<Point> slice;
  if (const auto moves = args.value("slice")) {
    std::string word;
    for (std::istringstream in(*moves); in >> word;) {
      std::string error;
      const auto p = word == "pass" ? std::optional<Point>(kPass) : parsePoint(word, n, &error);
      if (!p) throw UsageError("--slice: " + error);
      slice.push_back(*p);
    }
    proof = book::sliceProof(proof, slice);
  }
  const double readSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const ProofCheck check = checkProof(proof.board, proof.toMove, proof.rule, proof.attacker, proof.tree);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const std::string claim = std::string(colorName(proof.attacker)) + (proof.tree.attackerWins ? " wins" : " cannot win");
  const std::string root = formatStones(proof.board);
  if (args.flag("json")) {
    std::cout << JsonObject()
                     .str("proof", *args.value("proof"))
                     .str("root", root)
                     .str("to_move", colorName(proof.toMove))
                     .str("rule", ruleName(proof.rule))
                     .num("size", static_cast<long long>(n))
                     .str("claim", claim)
                     .num("tree_nodes", static_cast<long long>(proof.tree.nodes.size()))
                     .num("positions_checked", check.positions)
                     .num("seconds", seconds)
                     .boolean("ok", check.ok)
                     .str("error", check.error)
                     .done()
              << '\n';
  } else {
    std::cout << "proof " << printable(*args.value("proof")) << (slice.empty() ? "" : " (slice after " + *args.value("slice") + ")")
              << ": " << root << ", " << colorName(proof.toMove) << " to move, " << ruleName(proof.rule) << " " << n << "x" << n
              << "\nclaim: " << claim << "\n"
              << (check.ok ? "verified: " : "REFUSED: ") << check.positions << " positions checked ("
              << proof.tree.nodes.size() << " tree nodes) in " << seconds << " s (" << readSeconds << " s reading)"
              << (check.ok ? "" : "\nwhy: " + check.error) << '\n';
  }
  if (!check.ok || !args.value("compact")) return check.ok ? 0 : 1;
  return writeCompacted(args, std::move(proof));
}

// A proof set re-checked from its index and files alone (no book is opened).
int verifyProofSet(const Args& args) {
  if (!args.positional().empty()) throw UsageError("--proof-set takes the position from the index: give no POSITION");
  for (const char* other : {"proof", "slice", "compact"})
    if (args.value(other)) throw UsageError(std::string("--") + other + " goes with --proof FILE, not --proof-set");
  const bool json = args.flag("json");
  const bool trees = !args.flag("roots-only");
  const auto start = std::chrono::steady_clock::now();
  const book::ProofSet set = book::readProofSet(*args.value("proof-set"));
  const int n = set.board.size();
  const book::ProofSetProgress progress = [json, trees](const std::string& file, const std::string& root, const ProofCheck& c) {
    if (json) return;
    std::cout << "  " << printable(file) << ": " << root
              << (trees ? ", verified: " + std::to_string(c.positions) + " positions" : std::string()) << '\n'
              << std::flush;
  };
  const std::string position = set.line.empty() ? "the empty board" : formatMoves(set.line, n);
  const std::string claim = std::string(colorName(set.attacker)) + " wins";
  if (!json)
    std::cout << "proof set " << printable(*args.value("proof-set")) << ": " << position << ", " << ruleName(set.rule) << " "
              << n << "x" << n << "; " << colorName(set.attacker) << " " << formatPoint(set.move, n) << ", then "
              << set.files.size() << (set.files.size() == 1 ? " file\n" : " files\n");
  const book::ProofSetCheck check = book::checkProofSet(set, trees, progress);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (json) {
    std::cout << JsonObject()
                     .str("proof_set", *args.value("proof-set"))
                     .str("position", set.line.empty() ? "" : formatMoves(set.line, n))
                     .str("rule", ruleName(set.rule))
                     .num("size", static_cast<long long>(n))
                     .str("claim", claim)
                     .str("move", formatPoint(set.move, n))
                     .num("files", static_cast<long long>(check.files))
                     .num("replies", static_cast<long long>(check.replies))
                     .num("covered", static_cast<long long>(check.covered))
                     .str("uncovered", formatMoves(check.uncovered, n))
                     .boolean("trees_checked", trees)
                     .num("positions_checked", check.positions)
                     .num("seconds", seconds)
                     .boolean("ok", check.ok)
                     .str("error", check.error)
                     .done()
              << '\n';
  } else {
    std::cout << "claim: " << claim << " (" << colorName(set.attacker) << " " << formatPoint(set.move, n) << ")\n"
              << (check.ok ? "verified: " : "REFUSED: ") << check.covered << " of " << check.replies
              << " replies lead to a file's root, " << check.files << (check.files == 1 ? " file" : " files")
              << (trees ? ", " + std::to_string(check.positions) + " positions checked" : std::string(", their trees not checked (--roots-only)"))
              << ", in " << seconds << " s" << (check.ok ? "" : "\nwhy: " + check.error) << '\n';
  }
  return check.ok ? 0 : 1;
}

}  // namespace

int runVerify(int argc, char** argv) {
  const Args args(argc, argv, 2, commandHelp("verify"));
  if (args.value("proof-set")) return verifyProofSet(args);
  if (args.flag("roots-only")) throw UsageError("--roots-only goes with --proof-set INDEX");
  if (args.value("proof")) return verifyProofFile(args);
  if (args.value("slice")) throw UsageError("--slice goes with --proof FILE");
  if (args.value("compact")) throw UsageError("--compact goes with --proof FILE");
  if (args.positional().size() > 1) throw UsageError("give at most one position (quote it)");
  const auto opened = openBookWriter(args, Book::Access::ReadWrite);
  Book& book = *opened;
  const book::VerifyReport report = [](const std::string& line) { std::cerr << "tengen verify: " << line << '\n'; };
  // A large book or a claim checked by parts takes many minutes: Ctrl-C stops between claims and
  // between parts, every mark already written kept (each is one atomic batch).
  worker::catchStopSignals();
  const book::CheckStop stop = [] { return worker::stopRequested(); };
  book::VerifyTally tally;
  if (!args.positional().empty()) {
    const Position pos = parsePosition(args.positional()[0], positionOptions(args));
    tally = book::verifyClaimsAt(book, pos.board, pos.rule, pos.toMove, report, stop);
  } else {
    tally = book::verifyAllClaims(book, report, stop);
  }
  if (!tally.stoppedAt.empty())
    std::cerr << "tengen verify: stopped by " << worker::stopReason() << " " << tally.stoppedAt << "; " << tally.claims
              << " claims checked before it, the rest left as they were\n";

  // Every game's own entries too (game_entries.h), when the whole book is asked for.
  std::vector<std::pair<const book::GameEntries*, book::GameVerifyTally>> games;
  for (const book::GameEntries* kind : book::gameEntryKinds())
    games.emplace_back(kind, args.positional().empty() && tally.stoppedAt.empty() ? kind->verifyAll(book, report)
                                                                                  : book::GameVerifyTally{});

  bool ok = tally.failed == 0 && tally.unreadable == 0;
  for (const auto& [kind, game] : games) ok = ok && game.failed == 0 && game.unreadable == 0;
  if (args.flag("json")) {
    JsonObject o;
    o.str("book", book.dir())
        .num("claims_checked", static_cast<long long>(tally.claims))
        .num("positions_checked", static_cast<long long>(tally.positions))
        .num("failed", static_cast<long long>(tally.failed))
        .num("unreadable", static_cast<long long>(tally.unreadable))
        .str("stopped", tally.stoppedAt);
    for (const auto& [kind, game] : games)
      o.num(std::string(kind->family) + "_checked", static_cast<long long>(game.checked))
          .num(std::string(kind->family) + "_failed", static_cast<long long>(game.failed + game.unreadable))
          .num(std::string(kind->family) + "_claims", static_cast<long long>(game.claims));
    std::cout << o.boolean("ok", ok).done() << '\n';
  } else {
    std::cout << "verified " << tally.claims - tally.failed << " of " << tally.claims << " stored claims ("
              << tally.positions << " positions re-checked), " << tally.failed << " failed, " << tally.unreadable
              << " unreadable, in book " << book.dir() << '\n';
    for (const auto& [kind, game] : games)
      if (game.checked + game.unreadable + game.claims > 0)
        std::cout << "verified " << game.checked - game.failed << " of " << game.checked + game.unreadable << " checkable "
                  << kind->title << " entries (" << kind->checkedBy << "); " << game.claims
                  << " claims without a proof left unverified\n";
  }
  if (!tally.stoppedAt.empty()) return worker::stopExitStatus();
  return ok ? 0 : 1;
}

}  // namespace tengen::cli
