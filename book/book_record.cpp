// Record semantics (settle, merge) and the versioned, checksummed stored form.
#include "book/book_record.h"
#include "book/sealed_archive.h"

#include <boost/serialization/array.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <boost/serialization/version.hpp>
#include <algorithm>

#include "book/book_error.h"
#include "solver/gomoku/proof_check.h"
#include "solver/gomoku/proof_game.h"

// Class versions: bump one when a field is added, and read the old layout under `version`.
// ProofStep 1: a verified flag; 2: the revision of the verifier that checked the step.
BOOST_CLASS_VERSION(tengen::book::ProofStep, 2)
BOOST_CLASS_VERSION(tengen::book::BookRecord, 1)

namespace boost::serialization {

template <class Archive>
void serialize(Archive& ar, tengen::book::ProofStep& s, unsigned version) {
  ar & s.present & s.attackerWins & s.moves & s.argumentKind & s.argumentMoves & s.best & s.size & s.depth;
  if (version >= 2) {
    ar & s.verifiedBy;
  } else {
    // Revision 1 is the verifier that wrote the flag.
    bool verified = s.verifiedBy != 0;
    ar & verified;
    s.verifiedBy = verified ? 1 : 0;
  }
}

template <class Archive>
void serialize(Archive& ar, tengen::book::BookRecord& r, unsigned /*version*/) {
  ar & r.result & r.bestMove & r.steps & r.pn & r.dn & r.toolVersion;
}

}  // namespace boost::serialization

namespace tengen::book {
namespace {

constexpr char kFormatByte = 'T';
// Bounds that no real record reaches; a larger count means damage, not data.
constexpr std::size_t kMaxMoves = 512;

bool sane(const ProofStep& s) {
  return s.moves.size() <= kMaxMoves && s.argumentMoves.size() <= kMaxMoves;
}

// The value two steps give: a win where one says so, a draw where both are disproofs.
Value valueOf(const ProofStep* black, const ProofStep* white) {
  if (black && black->attackerWins) return Value::BlackWins;
  if (white && white->attackerWins) return Value::WhiteWins;
  if (black && white) return Value::Draw;
  return Value::Unknown;
}

const ProofStep* ifPresent(const ProofStep& s) { return s.present ? &s : nullptr; }

}  // namespace

bool ProofStep::verified() const { return verifiedBy == tengen::gomoku::kVerifierRevision; }

void ProofStep::markVerified(bool yes) { verifiedBy = yes ? tengen::gomoku::kVerifierRevision : 0; }

bool BookRecord::verified() const {
  bool any = false;
  for (const auto& s : steps) {
    if (!s.present) continue;
    if (!s.verified()) return false;
    any = true;
  }
  return any;
}

const ProofStep* BookRecord::provedStep(int colour) const {
  const ProofStep& s = steps[static_cast<std::size_t>(colour)];
  return s.present && s.verified() ? &s : nullptr;
}

const ProofStep* BookRecord::decisiveStep(int toMove) const {
  switch (result) {
    case Value::BlackWins: return provedStep(0);
    case Value::WhiteWins: return provedStep(1);
    case Value::Draw: return provedStep(1 - toMove);  // the side to move's step against the other's win
    case Value::Unknown: return nullptr;
  }
  return nullptr;
}

void settle(BookRecord& r, int toMove) {
  r.result = valueOf(r.provedStep(0), r.provedStep(1));
  r.claimed = valueOf(ifPresent(r.steps[0]), ifPresent(r.steps[1]));
  const ProofStep* step = r.decisiveStep(toMove);
  // The move to play is one of the step's own children, never a pass, or a threat-space
  // sequence's first threat; anything else a record says is ignored.
  const bool sequenceStart = step && step->moves.empty() && step->argumentKind == gomoku::ProofGame::kThreatSequence &&
                             !step->argumentMoves.empty() && step->best == step->argumentMoves.front();
  const bool known = step && step->best >= 0 &&
                     (sequenceStart || std::find(step->moves.begin(), step->moves.end(), step->best) != step->moves.end());
  r.bestMove = known ? step->best : kNoCell;
  if (r.claimed != Value::Unknown) r.pn = r.dn = 0;
}

std::optional<std::string> mergeRecord(BookRecord& into, const BookRecord& incoming, int toMove, MergePolicy policy) {
  BookRecord merged = into;
  // Whether an incoming step may take the place of a stored unverified one it disagrees with.
  const auto overrides = [&](const ProofStep& have, const ProofStep& add) {
    return !have.verified() && (add.verified() || policy == MergePolicy::ReplaceClaims);
  };
  for (int c = 0; c < 2; ++c) {
    const ProofStep &have = into.steps[c], &add = incoming.steps[c];
    if (!add.present) continue;
    const char* colour = c == 0 ? "black" : "white";
    // A verified step replaces an unverified one, whatever the claim: an unverified claim was
    // never proved, and the verified step brings its own subtree. Otherwise a step already
    // stored stays (its subtree is in the book), unless the two disagree.
    if (!have.present || (!have.verified() && add.verified()) ||
        (have.attackerWins != add.attackerWins && overrides(have, add))) {
      merged.steps[c] = add;
      continue;
    }
    if (have.attackerWins != add.attackerWins)
      return std::string("one ") + (have.verified() ? "verified proof" : "unverified claim") + " says " + colour +
             (have.attackerWins ? " wins" : " cannot win") + ", the other " +
             (add.verified() ? "verified proof" : "unverified claim") + " says " + colour +
             (add.attackerWins ? " wins" : " cannot win");
  }
  const ProofStep &black = merged.steps[0], &white = merged.steps[1];
  if (black.present && black.attackerWins && white.present && white.attackerWins) {
    // Both wins cannot hold. A stored unverified claim gives way to the incoming step.
    const int arrived = incoming.steps[0].present && incoming.steps[0].attackerWins ? 0 : 1;
    if (overrides(into.steps[1 - arrived], incoming.steps[arrived])) {
      merged.steps[1 - arrived] = ProofStep{};
    } else {
      return std::string("one ") + (black.verified() ? "verified proof" : "unverified claim") +
             " says black wins, the other says white wins";
    }
  }
  settle(merged, toMove);
  if (merged.claimed == Value::Unknown && incoming.claimed == Value::Unknown && (incoming.pn || incoming.dn)) {
    merged.pn = incoming.pn;
    merged.dn = incoming.dn;
  }
  if (!incoming.toolVersion.empty()) merged.toolVersion = incoming.toolVersion;
  into = std::move(merged);
  return std::nullopt;
}

std::string encodeRecord(const BookRecord& record) { return sealArchive(kFormatByte, record); }

BookRecord decodeRecord(std::string_view bytes, int toMove) {
  BookRecord record = unsealArchive<BookRecord>(bytes, kFormatByte, "record");
  if (!sane(record.steps[0]) || !sane(record.steps[1])) throw RecordError("unreadable record: fields out of range");
  settle(record, toMove);
  return record;
}

std::string_view valueName(Value v) {
  switch (v) {
    case Value::BlackWins: return "black-wins";
    case Value::WhiteWins: return "white-wins";
    case Value::Draw: return "draw";
    case Value::Unknown: return "unknown";
  }
  return "?";
}

bool parseValue(std::string_view text, Value& out) {
  for (Value v : {Value::BlackWins, Value::WhiteWins, Value::Draw, Value::Unknown})
    if (valueName(v) == text) {
      out = v;
      return true;
    }
  return false;
}

}  // namespace tengen::book
