// Claims re-checked from the book's records alone (stored_proof.h), marked as the verifier found them.
#include "book/book_verify.h"

#include <algorithm>
#include <unordered_set>
#include <vector>

#include "book/position_key.h"
#include "book/stored_proof.h"
#include "solver/gomoku/position.h"

namespace tengen::book {
namespace {

using namespace tengen::gomoku;

std::string describe(const Board& board, Color toMove, Rule rule) {
  return formatStones(board) + " (" + std::string(colorName(toMove)) + " to move, " + std::string(ruleName(rule)) +
         " " + std::to_string(board.size()) + "x" + std::to_string(board.size()) + ")";
}

// Checks one claim, marks what it covers, reports a failure.
void checkClaim(Book& book, const Board& board, Rule rule, Color toMove, Color attacker, bool wins, VerifyTally& tally,
                std::unordered_set<std::string>* covered, const VerifyReport& report, const CheckStop& stop,
                std::uint64_t passScope = 0) {
  if (stop && stop()) {
    tally.stoppedAt = "before " + describe(board, toMove, rule);
    return;
  }
  // Each part of a claim checked by parts is marked as it passes: one part's keys held at a time.
  const PartChecked partChecked = [&](const std::vector<std::string>& keys) {
    tally.positions += keys.size();
    markVerified(book, keys, attacker, true);
    if (covered) covered->insert(keys.begin(), keys.end());
  };
  const StoredCheck check = checkStoredClaim(book, board, rule, toMove, attacker, passScope, stop, partChecked);
  if (check.stopped) {
    tally.stoppedAt = "while checking " + describe(board, toMove, rule) + ", " + check.error;
    return;
  }
  ++tally.claims;
  if (check.ok) {
    tally.positions += check.keys.size();
    markVerified(book, check.keys, attacker, true);
    if (covered) covered->insert(check.keys.begin(), check.keys.end());
    return;
  }
  ++tally.failed;
  markVerified(book, {scopedKey(canonicalKey(board, rule, toMove).bytes, passScope)}, attacker, false);
  report("book " + book.dir() + ": " + describe(board, toMove, rule) + (passScope ? " after a pass" : "") + ": '" +
         std::string(colorName(attacker)) + (wins ? " wins" : " cannot win") + "' failed: " + check.error);
}

}  // namespace

VerifyTally verifyClaimsAt(Book& book, const Board& board, Rule rule, Color toMove, const VerifyReport& report,
                           const CheckStop& stop) {
  VerifyTally tally;
  const auto record = book.get(canonicalKey(board, rule, toMove).bytes);
  if (!record || (!record->steps[0].present && !record->steps[1].present))
    throw BookError("book " + book.dir() + ": no stored proof for " + describe(board, toMove, rule));
  for (Color attacker : {Color::Black, Color::White})
    if (const auto& step = record->steps[index(attacker)]; step.present && tally.stoppedAt.empty())
      checkClaim(book, board, rule, toMove, attacker, step.attackerWins, tally, nullptr, report, stop);
  return tally;
}

VerifyTally verifyAllClaims(Book& book, const VerifyReport& report, const CheckStop& stop) {
  VerifyTally tally;
  struct Claim {
    std::string key;
    Color attacker;
    bool wins;
  };
  std::vector<Claim> claims;
  book.forEach([&](std::string_view key, const BookRecord* record, const std::string& error) {
    if (!record) {
      ++tally.unreadable;
      report("book " + book.dir() + ": unreadable entry: " + error);
      return true;
    }
    for (Color attacker : {Color::Black, Color::White})
      if (const auto& step = record->steps[index(attacker)]; step.present)
        claims.push_back({std::string(key), attacker, step.attackerWins});
    return true;
  });
  std::stable_sort(claims.begin(), claims.end(), [](const Claim& a, const Claim& b) { return a.key.size() < b.key.size(); });
  std::unordered_set<std::string> covered[2];
  for (const auto& c : claims) {
    if (covered[index(c.attacker)].count(c.key)) continue;
    DecodedKey k;
    try {
      k = decodeKey(c.key);
    } catch (const BookError& e) {
      ++tally.unreadable;
      report("book " + book.dir() + ": " + e.what());
      continue;
    }
    checkClaim(book, k.board, k.rule, k.toMove, c.attacker, c.wins, tally, &covered[index(c.attacker)], report, stop,
               k.passScope);
    if (!tally.stoppedAt.empty()) break;
  }
  return tally;
}

}  // namespace tengen::book
