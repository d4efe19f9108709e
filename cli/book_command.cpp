// `tengen book init|stats|export|import|repair`: the book as a whole — its figures, its entries as
// JSON Lines, merging another book or an exported file into it, and salvaging a damaged one.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <type_traits>

#include "book/book.h"
#include "book/claim_parts.h"
#include "book/compressed_bytes.h"
#include "book/book_repair.h"
#include "book/book_stats.h"
#include "book/position_key.h"
#include "book/proof_file.h"
#include "book/stored_proof.h"
#include "book/whole_file.h"
#include "book/book_verify.h"
#include "book/book_transfer.h"
#include "book/book_tree.h"
#include "book/renlib.h"
#include "book/sgf.h"
#include "cli/args.h"
#include "cli/book_open.h"
#include "cli/commands.h"
#include "cli/compaction_options.h"
#include "cli/distributed.h"
#include "cli/input_lines.h"
#include "cli/json.h"
#include "book/game_entries.h"
#include "solver/gomoku/notation.h"

namespace tengen::cli {
namespace {

using book::Book;

// Entry exports compress well (repeated field names); level 9 keeps a large book's export quick.
constexpr int kEntriesCompression = 9;
constexpr std::size_t kMaxEntriesText = std::size_t{64} << 30;

std::string bookDir(const Args& args) { return args.value("book").value_or(book::kDefaultBookDir); }

// A new, empty book in a missing or empty directory; an existing book is left as it is.
int init(const Args& args) {
  const std::string dir = bookDir(args);
  const bool existed = std::filesystem::exists(std::filesystem::path(dir) / "CURRENT");
  const auto opened = openBookWriter(args, Book::Access::Create, dir);
  const Book& book = *opened;
  std::cout << (existed ? "already a book: " : "new book: ") << book.dir() << " (format "
            << book.metadata().formatVersion << ", created " << book.metadata().created << ")\n";
  return 0;
}

int stats(const Args& args) {
  const Book book(bookDir(args), Book::Access::ReadOnly);
  const book::BookStats s = book::collectStats(book, args.flag("check"));
  if (args.flag("json")) {
    auto counts = [](const auto& m) {
      JsonObject o;
      for (const auto& [k, v] : m) {
        if constexpr (std::is_same_v<std::decay_t<decltype(k)>, int>)
          o.num(std::to_string(k), static_cast<long long>(v));
        else
          o.num(k, static_cast<long long>(v));
      }
      return o.done();
    };
    JsonObject o;
    o.str("book", book.dir())
        .num("format_version", static_cast<long long>(book.metadata().formatVersion))
        .str("created", book.metadata().created)
        .str("created_by", book.metadata().createdBy)
        .num("entries", static_cast<long long>(s.entries))
        .num("verified", static_cast<long long>(s.verified))
        .num("claimed_unverified", static_cast<long long>(s.claimedUnverified))
        .num("unreadable", static_cast<long long>(s.unreadable))
        .raw("by_result", counts(s.byResult))
        .raw("by_rule", counts(s.byRule))
        .raw("by_depth", counts(s.byDepth))
        .num("disk_bytes", static_cast<long long>(s.diskBytes));
    for (const auto& [family, g] : s.games)
      o.num(family + "_entries", static_cast<long long>(g.entries))
          .num(family + "_verified", static_cast<long long>(g.verified))
          .num(family + "_unreadable", static_cast<long long>(g.unreadable))
          .num(family + "_bytes", static_cast<long long>(g.bytes))
          .raw(family + "_by_game", counts(g.byVariant));
    std::cout << o.done() << '\n';
    return s.unreadable || s.unreadableGameEntries() ? 1 : 0;
  }
  std::cout << "book: " << book.dir() << " (format " << book.metadata().formatVersion << ", created "
            << book.metadata().created << " by " << book.metadata().createdBy << ")\n"
            << "entries: " << s.entries << " (" << s.verified << " verified, " << s.claimedUnverified
            << " holding claims not yet verified, " << s.unreadable << " unreadable)\n"
            << "by result:";
  for (const auto& [k, v] : s.byResult) std::cout << ' ' << k << ' ' << v << ';';
  std::cout << "\nby rule:";
  for (const auto& [k, v] : s.byRule) std::cout << ' ' << k << ' ' << v << ';';
  std::cout << "\nby depth (stones):";
  for (const auto& [k, v] : s.byDepth) std::cout << ' ' << k << ": " << v << ';';
  std::cout << "\ndisk: " << s.diskBytes << " bytes";
  if (s.entries) std::cout << " (" << s.diskBytes / s.entries << " per entry)";
  std::cout << '\n';
  for (const auto& [family, g] : s.games) {
    if (!g.entries) continue;
    std::cout << family << ": " << g.entries << " entries (" << g.verified << " verified, "
              << g.entries - g.verified - g.unreadable << " claims, " << g.unreadable << " unreadable), " << g.bytes
              << " bytes of keys and values (" << g.bytes / g.entries << " per entry);";
    for (const auto& [k, v] : g.byVariant) std::cout << ' ' << k << ' ' << v << ';';
    std::cout << '\n';
  }
  return s.unreadable || s.unreadableGameEntries() ? 1 : 0;
}

// RenLib and SGF: the book's tree below a root (default the empty board), every stored position
// within --depth plies, values as comments.
int exportTree(const Args& args, const std::string& format) {
  const gomoku::Position root = gomoku::parsePosition(args.value("root").value_or(""), positionOptions(args));
  const int depth = static_cast<int>(args.integer("depth", 4, 0, 225));
  const auto maxNodes = static_cast<std::size_t>(args.integer("max-nodes", 1000000, 1, 100000000));
  if (format == "renlib" && root.board.size() != 15) throw UsageError("RenLib libraries hold 15x15 boards only");
  const Book book(bookDir(args), Book::Access::ReadOnly);
  const book::TreeExport e = book::bookTree(book, root, depth, maxNodes);
  if (e.positions == 0)
    throw UsageError("nothing to export: the book holds no position at --root " +
                     (args.value("root") ? shownPosition(*args.value("root")) : std::string("(the empty board)")) + ", " +
                     std::string(gomoku::ruleName(root.rule)) + " " + std::to_string(root.board.size()) + "x" +
                     std::to_string(root.board.size()) +
                     "; give --root (and --rule, --size) of a position it holds: 'tengen book export' lists them");
  const std::string bytes = format == "renlib" ? book::writeRenlib(e.tree) : book::writeSgf(e.tree, root.rule);
  if (const auto out = args.value("out")) {
    book::writeWholeFile(*out, bytes);
  } else {
    std::cout.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    std::cout.flush();
  }
  std::cerr << "tengen book export: " << e.tree.nodes.size() - 1 << " moves, " << e.positions << " positions of book "
            << book.dir() << ", " << bytes.size() << " bytes"
            << (e.truncated ? " (stopped at --max-nodes; the tree is cut)" : "") << '\n';
  return 0;
}

// The proof of the stored result at --root, rebuilt from the book's records, as a file of its own
// (book/proof_file.h) that `tengen verify --proof` re-checks without the book.
int exportProof(const Args& args) {
  const auto out = args.value("out");
  if (!out) throw UsageError("--format proof writes a file: give it with --out FILE");
  if (!args.value("root")) throw UsageError("--format proof needs --root POSITION (the proved position)");
  const gomoku::Position pos = gomoku::parsePosition(*args.value("root"), positionOptions(args));
  const Book book(bookDir(args), Book::Access::ReadOnly);
  const auto record = book.get(book::canonicalKey(pos.board, pos.rule, pos.toMove).bytes);
  std::optional<gomoku::Color> attacker = colorOption(args, "win");
  if (!attacker && record && record->result == book::Value::BlackWins) attacker = gomoku::Color::Black;
  if (!attacker && record && record->result == book::Value::WhiteWins) attacker = gomoku::Color::White;
  if (!attacker)
    throw book::BookError("book " + book.dir() + ": no verified win stored at " + shownPosition(*args.value("root")) +
                          " (give --win C to export a disproof)");
  // Whole, such a tree holds each mirror-image reply's proof again (up to 8 times at the centre):
  // only when asked for, where one reflection makes it at most twice the parts.
  if (!args.flag("whole") && book::checkedByParts(book, pos.board, pos.rule, pos.toMove, *attacker))
    throw book::BookError("book " + book.dir() + ": the win at " + shownPosition(*args.value("root")) +
                          " is checked by its parts (the replies are mirror images of each other): export each "
                          "distinct reply's proof and name them in a proof set ('tengen verify --proof-set'), or "
                          "give --whole for one file repeating the mirror images' proofs");
  // --along: a game's own winning moves followed wherever the book proves them too.
  book::PreferredMoves along;
  if (const auto game = args.value("along")) {
    const gomoku::GameLine line = gomoku::parseGameLine(*game, positionOptions(args));
    for (std::size_t i = 0; i < line.moves.size(); ++i) along[line.before[i].board.hash()] = line.moves[i];
  }
  const book::StoredClaim claim =
      book::rebuildStoredClaim(book, pos.board, pos.rule, pos.toMove, *attacker, 0, along.empty() ? nullptr : &along);
  if (!claim.ok) throw book::BookError("book " + book.dir() + ": the proof cannot be rebuilt: " + claim.error);
  book::ProofFile file;
  file.rule = pos.rule;
  file.board = pos.board;
  file.toMove = pos.toMove;
  file.attacker = *attacker;
  file.tree = claim.tree;
  const auto counts = book::compactProof(file, compactThreats(args));
  file.note = "rebuilt from book " + book.dir() + " by " + std::string(book::toolVersion()) + "; root " +
              shownPosition(*args.value("root")) + compactionNote(counts);
  book::writeProofFile(*out, file);
  std::cout << "wrote " << gomoku::printable(*out) << ": " << (file.tree.attackerWins ? "a proof that " : "a disproof that ")
            << gomoku::colorName(*attacker) << " wins, " << file.tree.nodes.size() << " positions"
            << compactionNote(counts) << ", " << std::filesystem::file_size(*out) << " bytes\n";
  return 0;
}

int exportEntries(const Args& args) {
  const std::string format = args.value("format").value_or("jsonl");
  if (format == "renlib" || format == "sgf") return exportTree(args, format);
  if (format == "proof") return exportProof(args);
  if (format != "jsonl") throw UsageError("unknown export format " + gomoku::quoted(format) + " (jsonl, renlib, sgf or proof)");
  if (args.value("root") || args.value("depth")) throw UsageError("--root and --depth go with --format renlib or sgf");
  const auto out = args.value("out");
  const bool compressed = out && out->ends_with(".zst");
  const Book book(bookDir(args), Book::Access::ReadOnly);
  // With --out the entries are gathered and written whole (compressed for a .zst name): a file
  // under the name is always a complete export.
  std::ostringstream gathered;
  std::ostream& lines = out ? static_cast<std::ostream&>(gathered) : std::cout;
  std::size_t bad = 0, written = 0;
  book.forEach([&](std::string_view key, const book::BookRecord* record, const std::string& error) {
    if (record) {
      try {
        lines << book::entryToJson(key, *record) << '\n';
        ++written;
        return true;
      } catch (const book::BookError&) {
      }
    }
    ++bad;
    std::cerr << "tengen book export: book " << book.dir() << ": skipped an unreadable entry"
              << (error.empty() ? "" : ": " + error) << '\n';
    return true;
  });
  if (out) {
    const std::string text = std::move(gathered).str();
    const std::string bytes = compressed ? book::compressBytes(text, kEntriesCompression) : text;
    book::writeWholeFile(*out, bytes);
    std::cerr << "tengen book export: " << written << " entries of book " << book.dir() << " to "
              << gomoku::printable(*out) << ", " << bytes.size() << " bytes" << (compressed ? " (Zstandard)" : "") << '\n';
  }
  return bad ? 1 : 0;
}

// A proof file (`book export --format proof`, the repository's proofs/): re-checked whole by the
// verifier, then stored as verified records, so the book answers queries on it.
int importProof(const Args& args, const std::string& source) {
  const std::string shown = gomoku::printable(source);
  const auto start = std::chrono::steady_clock::now();
  book::ProofFile proof;
  try {
    proof = book::readProofFile(source);
  } catch (const std::runtime_error& e) {
    throw book::BookError(e.what());
  }
  // Checked before the book is opened: a refused file leaves no book behind, not even an empty one.
  book::CheckedProof checked;
  try {
    checked = book::checkProofFile(proof);
  } catch (const book::BookError& e) {
    throw book::BookError(shown + ": " + e.what());
  }
  const auto opened = openBookWriter(args, Book::Access::Create);
  Book& into = *opened;
  book::ProofImport report{checked.positions, 0};
  try {
    report.written = book::storeCheckedProof(into, checked);
  } catch (const book::BookError& e) {
    throw book::BookError(shown + ": " + e.what());
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::cout << "imported proof " << shown << ": " << gomoku::colorName(proof.attacker)
            << (proof.tree.attackerWins ? " wins" : " cannot win") << " at " << gomoku::formatStones(proof.board) << " ("
            << gomoku::ruleName(proof.rule) << " " << proof.board.size() << "x" << proof.board.size() << ", "
            << gomoku::colorName(proof.toMove) << " to move); " << report.positions << " positions verified, "
            << report.written << " records written into " << into.dir() << " in " << seconds << " s\n";
  return 0;
}

int importEntries(const Args& args) {
  if (args.positional().size() != 1)
    throw UsageError("usage: tengen book import SOURCE [--book DIR] (a book directory, a .jsonl or .jsonl.zst file, a .tgp proof file, or - for stdin)");
  const std::string source = args.positional()[0];
  const std::string shown = gomoku::printable(source);  // as it may stand in a message
  if (source.ends_with(".tgp")) return importProof(args, source);
  book::KeyedRecords entries;
  std::size_t bad = 0;
  auto readJsonl = [&](std::istream& in) {
    std::string line;
    bool cut = false;
    // An entry is a few kilobytes; a longer line is refused, not held in memory.
    for (std::size_t number = 1; readBoundedLine(in, line, 1 << 20, cut); ++number) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      try {
        if (cut) throw book::BookError("longer than 1 MiB: not an entry");
        entries.push_back(book::entryFromJson(line));
      } catch (const book::BookError& e) {
        ++bad;
        std::cerr << "tengen book import: " << shown << " line " << number << ": " << gomoku::printable(e.what(), 300) << '\n';
      }
    }
  };
  if (source == "-") {
    readJsonl(std::cin);
  } else if (std::filesystem::is_directory(source)) {
    const Book from(source, Book::Access::ReadOnly);
    from.forEach([&](std::string_view key, const book::BookRecord* record, const std::string& error) {
      if (record) {
        entries.emplace_back(std::string(key), *record);
      } else {
        ++bad;
        std::cerr << "tengen book import: book " << shown << ": skipped an unreadable entry: " << error << '\n';
      }
      return true;
    });
  } else if (source.ends_with(".zst")) {
    // Entries exported with --out NAME.zst: the whole frame is read first, so a damaged or cut
    // file imports nothing.
    book::Decompressed text = book::readCompressedFile(source, kMaxEntriesText);
    switch (text.status) {
      case book::Decompressed::Status::CannotOpen: throw book::BookError(shown + ": cannot open");
      case book::Decompressed::Status::NotCompressed: throw book::BookError(shown + ": not Zstandard-compressed entries (" + text.detail + ")");
      case book::Decompressed::Status::TooLarge: throw book::BookError(shown + ": more than 64 GiB of entries once uncompressed");
      case book::Decompressed::Status::CutShort: throw book::BookError(shown + ": cut short (not a whole compressed frame); nothing imported");
      case book::Decompressed::Status::Whole: break;
    }
    std::istringstream in2(std::move(text.bytes));
    readJsonl(in2);
  } else {
    std::ifstream in(source);
    if (!in) throw book::BookError(shown + ": cannot open (give a book directory, a .jsonl or .jsonl.zst file, or -)");
    readJsonl(in);
  }
  // Nothing readable: the book is left as it was (and none is made where there was none).
  if (entries.empty()) {
    std::cout << "imported no entries from " << shown << " (" << bad << " unreadable skipped); the book is unchanged\n";
    return bad ? 1 : 0;
  }
  const auto opened = openBookWriter(args, Book::Access::Create);
  Book& into = *opened;
  const book::ImportReport report = book::importEntries(into, entries);
  for (const auto& c : report.contradictions) std::cerr << "tengen book import: " << c << '\n';
  if (!report.contradictions.empty()) {
    std::cerr << "tengen book import: nothing imported: " << report.contradictions.size()
              << " contradiction(s) between " << shown << " and book " << into.dir() << '\n';
    return 1;
  }
  std::cout << "imported " << report.read << " entries from " << shown << " into " << into.dir() << " ("
            << report.written << " records written, " << bad
            << " unreadable skipped); run 'tengen verify' to re-check them\n";
  return bad ? 1 : 0;
}

// A damaged book's readable values copied into a new book, then every copied claim re-checked.
int repair(const Args& args) {
  namespace fs = std::filesystem;
  const std::string from = bookDir(args);
  const auto intoDir = args.value("into");
  if (!intoDir) throw UsageError("give the new book's directory with --into DIR (the damaged book is never changed)");
  std::error_code ec;
  if (fs::weakly_canonical(fs::absolute(from), ec) == fs::weakly_canonical(fs::absolute(*intoDir), ec))
    throw UsageError("--into must name another directory than the damaged book");
  if (fs::exists(*intoDir, ec) && !(fs::is_directory(*intoDir, ec) && fs::is_empty(*intoDir, ec)))
    throw book::BookError("book " + gomoku::printable(*intoDir) + ": --into needs a missing or empty directory");
  const bool made = !fs::exists(*intoDir, ec);
  book::RepairReport report;
  std::string shownInto;
  try {
    const auto opened = openBookWriter(args, Book::Access::Create, *intoDir);
    Book& into = *opened;
    shownInto = into.dir();
    report = book::repairBook(from, into);
    for (const auto& line : report.lost) std::cout << "could not keep: " << line << '\n';
    // A proof whose positions were lost fails its re-check: the first few are named.
    std::size_t failures = 0;
    const book::VerifyTally tally = book::verifyAllClaims(into, [&](const std::string& line) {
      if (++failures <= 10) std::cout << "re-check: " << line << '\n';
    });
    if (failures > 10) std::cout << "re-check: ... and " << failures - 10 << " more\n";
    std::string copied, held;
    for (const book::GameEntries* kind : book::gameEntryKinds()) {
      const std::size_t n = report.gameEntries.count(kind->family) ? report.gameEntries.at(kind->family) : 0;
      copied += (copied.empty() ? "" : ", ") + std::to_string(n) + " " + kind->title + " entries";
      if (!n) continue;
      const book::GameVerifyTally game =
          kind->verifyAll(into, [](const std::string& line) { std::cerr << "tengen verify: " << line << '\n'; });
      held += std::string("; ") + kind->title + ": " + std::to_string(game.checked - game.failed) + " of " +
              std::to_string(game.checked) + " hold";
    }
    std::cout << "repaired book " << gomoku::printable(from) << " into " << into.dir() << ": " << report.records
              << " records, " << copied << " and " << report.jobStates
              << " saved job states copied; " << report.unreadable << " unreadable values left out\n"
              << "re-checked: " << tally.claims - tally.failed << " of " << tally.claims << " stored claims hold ("
              << tally.positions << " positions); " << tally.failed
              << " failed and are kept as unverified claims" << held;
    std::cout << '\n'
              << (report.lost.empty() ? "nothing that could be read was lost"
                                      : std::to_string(report.lost.size()) + " part(s) could not be kept (listed above)")
              << '\n';
  } catch (...) {
    if (made) fs::remove_all(*intoDir, ec);
    throw;
  }
  return 0;
}

}  // namespace

int runBook(int argc, char** argv) {
  const std::string what = argc > 2 ? argv[2] : "";
  if (what == "build") return runBookBuild(argc, argv);
  const CommandHelp* command = findCommand("book " + what);
  if (!command || what == "build") {
    if (what == "--help" || what == "-h") throw HelpRequested{nullptr, "book"};
    std::vector<std::string_view> names = {"init", "stats", "export", "import", "repair", "build"};
    const auto near = gomoku::closestWord(what, names);
    throw UsageError("unknown book command " + gomoku::quoted(what) +
                     (near ? " (did you mean 'book " + std::string(*near) + "'?)" : " (init, stats, export, import, repair or build)"));
  }
  const Args args(argc, argv, 3, *command);
  if (what == "import") return importEntries(args);
  if (!args.positional().empty())
    throw UsageError("tengen book " + what + " takes no argument " + gomoku::quoted(args.positional()[0]));
  if (what == "init") return init(args);
  if (what == "stats") return stats(args);
  if (what == "repair") return repair(args);
  return exportEntries(args);
}

}  // namespace tengen::cli
