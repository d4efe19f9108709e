// Repair: salvage, then each value checked against its key and decoded before it is copied.
#include "book/book_repair.h"

#include "book/book_salvage.h"
#include "book/game_entries.h"
#include "book/position_key.h"
#include "book/scratch_dir.h"
#include "book/sealed_bytes.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/position.h"

namespace tengen::book {
namespace {

// A position key as the user reads it, or "the start" at an open end.
std::string describeKey(const std::string& key, const char* end) {
  if (key.empty()) return end;
  try {
    const DecodedKey k = decodeKey(key);
    const std::string stones = gomoku::formatStones(k.board);
    return (stones == "/" ? std::string("the empty board") : stones) + " (" + std::string(gomoku::ruleName(k.rule)) + " " +
           std::to_string(k.board.size()) + "x" + std::to_string(k.board.size()) + ")";
  } catch (const BookError&) {
    return "an unreadable key";
  }
}

}  // namespace

RepairReport repairBook(const std::string& damaged, Book& into) {
  const ScratchDir scratch;
  const Salvage salvage = salvageBook(damaged, scratch.path());
  RepairReport report;
  report.lost = salvage.lost;
  for (const auto& range : salvage.lostPositions)
    report.lost.push_back(range.file + ": the positions after " + describeKey(range.after, "the first") + " and before " +
                          describeKey(range.before, "the last") + " in key order could not be read (a damaged block)");

  // A format 1 book's values are not bound to their keys; any later book's are.
  bool acceptUnbound = false;
  if (const auto meta = salvage.values.find(kSalvagedMetadata); meta != salvage.values.end())
    if (const auto version = meta->second.find("format_version"); version != meta->second.end())
      acceptUnbound = version->second == "1";

  auto valuesOf = [&](const std::string& family) -> const std::map<std::string, std::string>& {
    static const std::map<std::string, std::string> none;
    const auto it = salvage.values.find(family);
    return it == salvage.values.end() ? none : it->second;
  };
  auto unreadable = [&](const std::string& what) {
    ++report.unreadable;
    if (report.unreadable <= 20) report.lost.push_back(what);
  };

  std::vector<std::pair<std::string, BookRecord>> records;
  auto flushRecords = [&] {
    into.write(records);
    report.records += records.size();
    records.clear();
  };
  for (const auto& [key, stored] : valuesOf(kSalvagedPositions)) {
    try {
      decodeKey(key);
      records.emplace_back(key, decodeRecord(boundPayload(key, stored, acceptUnbound, "record"), keyToMove(key)));
    } catch (const BookError& e) {
      unreadable(describeKey(key, "") + ": " + e.what());
      continue;
    }
    if (records.size() >= 4096) flushRecords();
  }
  flushRecords();

  for (const GameEntries* kind : gameEntryKinds()) {
    const std::string noun = std::string(kind->title) + " entry";
    std::vector<std::pair<std::string, std::string>> entries;
    for (const auto& [key, stored] : valuesOf(kind->family)) {
      try {
        const std::string payload(boundPayload(key, stored, acceptUnbound, noun));
        kind->summarize(payload);  // decodes it: a damaged entry is left out
        entries.emplace_back(key, payload);
      } catch (const BookError& e) {
        unreadable(noun + ": " + e.what());
      }
    }
    if (!entries.empty()) into.writeGameEntries(kind->family, entries);
    report.gameEntries[kind->family] = entries.size();
  }

  std::vector<std::pair<std::string, std::string>> jobStates;
  for (const auto& [key, stored] : valuesOf(kSalvagedJobs)) {
    try {
      jobStates.emplace_back(key, std::string(boundPayload(key, stored, acceptUnbound, "job state")));
    } catch (const BookError& e) {
      unreadable(std::string("a saved job state: ") + e.what());
    }
  }
  if (!jobStates.empty()) into.write({}, jobStates);
  report.jobStates = jobStates.size();
  if (report.unreadable > 20) report.lost.push_back("... and " + std::to_string(report.unreadable - 20) + " more unreadable values");
  return report;
}

}  // namespace tengen::book
