// Proof sets: the index's reading, and the check that the files together prove the set's claim.
// The files' trees go through the verifier as they are; only the two plies above them are new.
#include "book/proof_set.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "book/proof_file.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/rules.h"
#include "solver/gomoku/symmetry.h"

namespace tengen::book {

using namespace tengen::gomoku;

namespace {

constexpr std::string_view kHeader = "tengen proof set 1";

}  // namespace

ProofSet readProofSet(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the proof set " + printable(path));
  ProofSet set;
  set.path = path;
  std::string positionText;
  bool haveRule = false, haveSize = false, havePosition = false, haveAttacker = false;
  std::string moveText;
  int size = kDefaultSize;
  std::string text;
  int number = 0;
  auto fail = [&](const std::string& what) {
    throw std::runtime_error(printable(path) + ":" + std::to_string(number) + ": " + what);
  };
  while (std::getline(in, text)) {
    ++number;
    if (const auto hash = text.find('#'); hash != std::string::npos) text.erase(hash);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.pop_back();
    if (number == 1) {
      if (text != kHeader) fail("not a proof set (its first line is not '" + std::string(kHeader) + "')");
      continue;
    }
    std::istringstream words(text);
    std::string key;
    if (!(words >> key)) continue;
    std::string rest;
    std::getline(words, rest);
    rest.erase(0, rest.find_first_not_of(" \t") == std::string::npos ? rest.size() : rest.find_first_not_of(" \t"));
    if (key == "rule") {
      if (!parseRule(rest, set.rule)) fail("unknown rule " + gomoku::quoted(rest));
      haveRule = true;
    } else if (key == "size") {
      char* end = nullptr;
      const long n = std::strtol(rest.c_str(), &end, 10);
      if (rest.empty() || *end != '\0' || n < kMinSize || n > kMaxSize)
        fail("size " + gomoku::quoted(rest) + " is not a board size from " + std::to_string(kMinSize) + " to " + std::to_string(kMaxSize));
      size = static_cast<int>(n);
      haveSize = true;
    } else if (key == "position") {
      positionText = rest;
      havePosition = true;
    } else if (key == "attacker") {
      if (rest == "black") set.attacker = Color::Black;
      else if (rest == "white") set.attacker = Color::White;
      else fail("the attacker is black or white, not " + gomoku::quoted(rest));
      haveAttacker = true;
    } else if (key == "move") {
      moveText = rest;
    } else if (key == "proof") {
      if (rest.empty()) fail("'proof' names a file");
      set.files.push_back(rest);
    } else {
      fail("unknown key " + gomoku::quoted(key) + " (rule, size, position, attacker, move, proof)");
    }
  }
  if (number == 0) fail("empty");
  if (!haveRule || !haveSize || !havePosition || !haveAttacker || moveText.empty())
    throw std::runtime_error(printable(path) + ": the index must give rule, size, position, attacker and move");
  if (set.files.empty()) throw std::runtime_error(printable(path) + ": the index names no proof file");
  PositionOptions options;
  options.rule = set.rule;
  options.size = size;
  Position position;
  try {
    position = parsePosition(positionText, options);
  } catch (const PositionError& e) {
    throw std::runtime_error(printable(path) + ": position: " + e.what());
  }
  if (position.toMove != set.attacker)
    throw std::runtime_error(printable(path) + ": the position has " + std::string(colorName(position.toMove)) +
                             " to move, not the attacker");
  set.board = position.board;
  for (const auto& placed : set.board.history()) set.line.push_back(placed.point);
  std::string error;
  const auto move = parsePoint(moveText, size, &error);
  if (!move) throw std::runtime_error(printable(path) + ": move: " + error);
  set.move = *move;
  return set;
}

ProofSetCheck checkProofSet(const ProofSet& set, bool checkTrees, const ProofSetProgress& progress) {
  ProofSetCheck check;
  const int n = set.board.size();
  Board board = set.board;
  const Color defender = opponent(set.attacker);
  if (findFinishedGame(board, set.rule)) {
    check.error = "the position is already decided";
    return check;
  }
  if (!board.isEmpty(set.move)) {
    check.error = "the attacker's move " + formatPoint(set.move, n) + " is on an occupied point";
    return check;
  }
  const bool five = makesFive(board, set.move, set.attacker, set.rule);
  if (!five && forbiddenKind(board, set.move, set.attacker, set.rule) != ForbiddenKind::None) {
    check.error = "the attacker's move " + formatPoint(set.move, n) + " is a foul";
    return check;
  }
  board.place(set.move, set.attacker);
  // The defender's replies: every empty point, by its position's canonical hash. A reply that
  // makes five for the defender (or, for black under renju, a foul) needs a file all the same:
  // no file can prove a win after it, so such a set is refused rather than argued about.
  std::unordered_multimap<std::uint64_t, Point> replyOf;
  std::vector<bool> covered(static_cast<std::size_t>(board.cellCount()), false);
  if (!five)
    for (Point p = 0; p < board.cellCount(); ++p)
      if (board.isEmpty(p)) {
        replyOf.emplace(board.canonicalHashAfter(p, defender), p);
        ++check.replies;
      }
  const std::filesystem::path folder = std::filesystem::path(set.path).parent_path();
  for (const std::string& name : set.files) {
    const std::string where = (folder / name).string();
    ProofFile proof;
    try {
      proof = readProofFile(where);
    } catch (const std::exception& e) {
      check.error = e.what();
      return check;
    }
    ++check.files;
    const std::string root = formatStones(proof.board);
    auto refuse = [&](const std::string& why) {
      check.error = printable(name) + " (" + root + "): " + why;
      return check;
    };
    if (proof.rule != set.rule || proof.board.size() != n) return refuse("another rule or board size than the set's");
    if (proof.attacker != set.attacker || !proof.tree.attackerWins)
      return refuse("its claim is not that " + std::string(colorName(set.attacker)) + " wins");
    if (proof.toMove != set.attacker) return refuse("the defender is to move at its root");
    // Every reply whose position the root is: a class of first moves is one file.
    bool matched = false;
    const auto [from, to] = replyOf.equal_range(proof.board.canonicalHash());
    for (auto it = from; it != to; ++it) {
      board.place(it->second, defender);
      if (symmetryBetween(board, proof.board) >= 0) {
        matched = true;
        if (!covered[static_cast<std::size_t>(it->second)]) ++check.covered;
        covered[static_cast<std::size_t>(it->second)] = true;
      }
      board.undo();
    }
    if (!matched)
      return refuse("its root is no position after the attacker's " + formatPoint(set.move, n) + " and a reply");
    ProofCheck tree;
    if (checkTrees) {
      tree = checkProof(proof.board, proof.toMove, proof.rule, proof.attacker, proof.tree);
      check.positions += tree.positions;
      if (!tree.ok) return refuse("its tree is refused: " + tree.error);
    } else {
      tree.ok = true;
    }
    if (progress) progress(name, root, tree);
  }
  if (!five)
    for (Point p = 0; p < board.cellCount(); ++p)
      if (board.isEmpty(p) && !covered[static_cast<std::size_t>(p)]) check.uncovered.push_back(p);
  if (!check.uncovered.empty()) {
    check.error = std::to_string(check.uncovered.size()) + " of " + std::string(colorName(defender)) + "'s " +
                  std::to_string(check.replies) + " replies lead to no file's root: " + formatMoves(check.uncovered, n);
    return check;
  }
  check.ok = true;
  return check;
}

}  // namespace tengen::book
