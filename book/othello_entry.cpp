// Othello entries: canonical keys, trees turned to the stored orientation, a Boost binary archive
// behind a format byte and a CRC-32, like renju records.
#include "book/othello_entry.h"

#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <map>

#include "book/book.h"
#include "book/book_error.h"
#include "book/sealed_archive.h"
#include "solver/othello/proof_check.h"
#include "solver/othello/symmetry.h"

namespace tengen::book {
namespace {

using Tree = proof::ProofTree<othello::Square>;

constexpr char kFormatByte = 'O';
constexpr std::size_t kMaxTreeNodes = 1u << 26;  // more means damage, not data

// A tree as flat arrays: node i's children are edges first[i] .. first[i + 1] - 1.
struct FlatTree {
  bool attackerWins = true;
  std::vector<std::uint32_t> first;
  std::vector<std::int8_t> moves;
  std::vector<std::uint32_t> targets;

  template <class Archive>
  void serialize(Archive& ar, unsigned) {
    ar & attackerWins & first & moves & targets;
  }
};

FlatTree flatten(const Tree& t) {
  FlatTree f;
  f.attackerWins = t.attackerWins;
  f.first.push_back(0);
  for (const auto& n : t.nodes) {
    for (const auto& e : n.children) {
      f.moves.push_back(static_cast<std::int8_t>(e.move));
      f.targets.push_back(static_cast<std::uint32_t>(e.node));
    }
    f.first.push_back(static_cast<std::uint32_t>(f.moves.size()));
  }
  return f;
}

Tree unflatten(const FlatTree& f) {
  if (f.first.empty() || f.first.size() > kMaxTreeNodes || f.moves.size() != f.targets.size() ||
      f.first.back() != f.moves.size())
    throw RecordError("unreadable Othello entry: a malformed tree");
  Tree t;
  t.attackerWins = f.attackerWins;
  t.nodes.resize(f.first.size() - 1);
  for (std::size_t i = 0; i + 1 < f.first.size(); ++i) {
    if (f.first[i] > f.first[i + 1]) throw RecordError("unreadable Othello entry: a malformed tree");
    for (std::uint32_t e = f.first[i]; e < f.first[i + 1]; ++e) {
      if (f.targets[e] >= t.nodes.size()) throw RecordError("unreadable Othello entry: a child outside the tree");
      t.nodes[i].children.push_back({f.moves[e], static_cast<int>(f.targets[e])});
    }
  }
  return t;
}

Tree transformTree(const Tree& t, int sym, int n) {
  Tree out = t;
  for (auto& node : out.nodes)
    for (auto& e : node.children) e.move = othello::transformSquare(sym, e.move, n);
  return out;
}

// What is archived: everything but the trees as they are in memory.
struct Stored {
  int size = 8;
  std::uint64_t black = 0, white = 0;
  bool whiteToMove = false;
  int margin = 0, best = othello::kPass;
  FlatTree atLeast, notAbove;
  std::uint16_t verifiedBy = 0;
  std::string toolVersion;
  std::uint8_t scoring = 0, basis = 0;  // version 1

  template <class Archive>
  void serialize(Archive& ar, unsigned version) {
    ar & size & black & white & whiteToMove & margin & best & atLeast & notAbove & verifiedBy & toolVersion;
    if (version >= 1) ar & scoring & basis;
  }
};

}  // namespace
}  // namespace tengen::book

BOOST_CLASS_VERSION(tengen::book::Stored, 1)

namespace tengen::book {

OthelloKey othelloKey(const othello::Position& p) {
  const othello::CanonicalPosition c = othello::canonicalPosition(p);
  OthelloKey key;
  key.symmetry = c.symmetry;
  // Anti-Othello positions are other questions: their size byte has its high bit set.
  const bool fewest = p.scoring() == othello::Scoring::FewestDiscs;
  key.bytes.push_back(static_cast<char>(p.size() | (fewest ? 0x80 : 0)));
  key.bytes.push_back(p.toMove() == othello::Disc::White ? 'w' : 'b');
  for (const std::uint64_t discs : {c.position.discs(othello::Disc::Black), c.position.discs(othello::Disc::White)})
    for (int i = 7; i >= 0; --i) key.bytes.push_back(static_cast<char>((discs >> (8 * i)) & 0xFF));
  return key;
}

othello::Position OthelloEntry::position() const {
  return othello::Position(size, black, white, whiteToMove ? othello::Disc::White : othello::Disc::Black, scoring);
}

OthelloEntry othelloEntryOf(const othello::Position& p, int margin, othello::Square best, OthelloBasis basis) {
  const othello::CanonicalPosition c = othello::canonicalPosition(p);
  OthelloEntry e;
  e.size = p.size();
  e.black = c.position.discs(othello::Disc::Black);
  e.white = c.position.discs(othello::Disc::White);
  e.whiteToMove = p.toMove() == othello::Disc::White;
  e.scoring = p.scoring();
  e.basis = basis;
  e.margin = margin;
  e.best = othello::transformSquare(c.symmetry, best, p.size());
  e.toolVersion = std::string(toolVersion());
  return e;
}

OthelloEntry othelloEntryOf(const othello::Position& p, const othello::MarginProof& proof, othello::Square best) {
  const othello::CanonicalPosition c = othello::canonicalPosition(p);
  const int n = p.size();
  OthelloEntry e;
  e.size = n;
  e.black = c.position.discs(othello::Disc::Black);
  e.white = c.position.discs(othello::Disc::White);
  e.whiteToMove = p.toMove() == othello::Disc::White;
  e.scoring = p.scoring();
  e.margin = proof.margin;
  e.best = othello::transformSquare(c.symmetry, best, n);
  e.atLeast = transformTree(proof.atLeast, c.symmetry, n);
  e.notAbove = transformTree(proof.notAbove, c.symmetry, n);
  e.toolVersion = std::string(toolVersion());
  return e;
}

std::string checkOthelloEntry(const OthelloEntry& entry) {
  if (entry.basis != OthelloBasis::Trees) return "the entry keeps no proof trees";
  const othello::Position p = entry.position();
  if (!entry.atLeast.attackerWins || entry.notAbove.attackerWins) return "the trees are not a proof and a disproof";
  const othello::OthelloProofCheck a = othello::checkOthelloProof(p, p.toMove(), entry.margin, entry.atLeast);
  if (!a.ok) return "'at least " + std::to_string(entry.margin) + "': " + a.error;
  const othello::OthelloProofCheck b = othello::checkOthelloProof(p, p.toMove(), entry.margin + 1, entry.notAbove);
  if (!b.ok) return "'at least " + std::to_string(entry.margin + 1) + "': " + b.error;
  return "";
}

std::string checkOthelloChildren(const OthelloEntry& entry, const VerifiedOthelloLookup& verifiedChild) {
  if (entry.basis != OthelloBasis::Children) return "the entry is not shown by its children";
  return othello::checkMarginByChildren(entry.position(), entry.margin, entry.best,
                                        [&](const othello::Position& child) -> std::optional<int> {
                                          const auto e = verifiedChild(child);
                                          if (!e) return std::nullopt;
                                          return e->margin;
                                        });
}

std::string encodeOthelloEntry(const OthelloEntry& e) {
  Stored s{e.size, e.black, e.white, e.whiteToMove, e.margin, e.best, flatten(e.atLeast), flatten(e.notAbove),
           e.verifiedBy, e.toolVersion, static_cast<std::uint8_t>(e.scoring), static_cast<std::uint8_t>(e.basis)};
  return sealArchive(kFormatByte, s);
}

OthelloEntry decodeOthelloEntry(std::string_view bytes) {
  const Stored s = unsealArchive<Stored>(bytes, kFormatByte, "Othello entry");
  if ((s.size != 4 && s.size != 6 && s.size != 8) || (s.black & s.white) ||
      ((s.black | s.white) & ~othello::boardMask(s.size)) || s.margin < -64 || s.margin > 64 || s.scoring > 1 ||
      s.basis > 2)
    throw RecordError("unreadable Othello entry: fields out of range");
  OthelloEntry e;
  e.size = s.size;
  e.black = s.black;
  e.white = s.white;
  e.whiteToMove = s.whiteToMove;
  e.scoring = static_cast<othello::Scoring>(s.scoring);
  e.basis = static_cast<OthelloBasis>(s.basis);
  e.margin = s.margin;
  e.best = s.best;
  e.atLeast = unflatten(s.atLeast);
  e.notAbove = unflatten(s.notAbove);
  e.verifiedBy = s.verifiedBy;
  e.toolVersion = std::move(s.toolVersion);
  return e;
}

OthelloAnswer lookUpOthello(const Book& book, const othello::Position& p) {
  OthelloAnswer a;
  const OthelloKey key = othelloKey(p);
  const auto bytes = book.gameEntry(kOthelloFamily, key.bytes);
  if (!bytes) return a;
  OthelloEntry entry;
  try {
    entry = decodeOthelloEntry(*bytes);
  } catch (const RecordError& e) {
    throw BookError("book " + book.dir() + ": the entry of this position: " + e.what());
  }
  // An entry counts only for the position its key names (a moved entry proves nothing here).
  if (othelloKey(entry.position()).bytes != key.bytes) {
    a.misfiled = true;
    return a;
  }
  a.inBook = true;
  a.verified = entry.verified();
  a.margin = entry.margin;
  a.basis = entry.basis;
  if (!p.ended()) a.best = othello::transformSquare(othello::inverseSymmetry(key.symmetry), entry.best, p.size());
  return a;
}

void storeOthelloEntry(Book& book, const othello::Position& p, const OthelloEntry& entry) {
  book.writeGameEntries(kOthelloFamily, {{othelloKey(p).bytes, encodeOthelloEntry(entry)}});
}

GameVerifyTally verifyOthelloEntries(Book& book, const std::function<void(const std::string& line)>& report) {
  GameVerifyTally tally;
  struct Read {
    OthelloEntry entry;
    std::string error;         // "" when verified
    bool decided = false;
  };
  std::map<std::string, Read> entries;
  book.forEachGameEntry(kOthelloFamily, [&](std::string_view key, std::string_view bytes, const std::string& error) {
    try {
      if (!error.empty()) throw RecordError(error);
      entries[std::string(key)].entry = decodeOthelloEntry(bytes);
    } catch (const RecordError& e) {
      ++tally.unreadable;
      report("book " + book.dir() + ": unreadable Othello entry: " + e.what());
    }
    return true;
  });
  auto misfiled = [](const std::string& key, const OthelloEntry& e) { return othelloKey(e.position()).bytes != key; };
  // Proof trees stand alone; endgame-search claims have nothing to check.
  for (auto& [key, r] : entries) {
    if (r.entry.basis == OthelloBasis::Children) continue;
    r.decided = true;
    if (r.entry.basis == OthelloBasis::Search) {
      r.error = "a claim of the endgame search (no proof kept)";
      ++tally.claims;
      continue;
    }
    r.error = checkOthelloEntry(r.entry);
    if (r.error.empty() && misfiled(key, r.entry)) r.error = "stored under another position's key";
    ++tally.checked;
    if (!r.error.empty()) ++tally.failed;
  }
  // Margins from children: checked once every child is decided, deepest first by repetition.
  auto lookup = [&](bool verifiedOnly) {
    return [&entries, verifiedOnly](const othello::Position& child) -> std::optional<OthelloEntry> {
      const auto it = entries.find(othelloKey(child).bytes);
      if (it == entries.end() || (verifiedOnly && (!it->second.decided || !it->second.error.empty()))) return std::nullopt;
      return it->second.entry;
    };
  };
  for (bool progress = true; progress;) {
    progress = false;
    for (auto& [key, r] : entries) {
      if (r.decided || !checkOthelloChildren(r.entry, lookup(true)).empty()) continue;
      r.decided = progress = true;
      r.error = misfiled(key, r.entry) ? "stored under another position's key" : "";
      ++tally.checked;
      if (!r.error.empty()) ++tally.failed;
    }
  }
  for (auto& [key, r] : entries) {
    if (r.decided) continue;
    // Consistent with its children, but some child is a claim or missing: a claim itself.
    r.error = checkOthelloChildren(r.entry, lookup(false));
    ++tally.checked;
    if (r.error.empty()) {
      r.error = "a child is a claim, not a proof";
      ++tally.claims;
      --tally.checked;
    } else {
      ++tally.failed;
    }
  }
  std::vector<std::pair<std::string, std::string>> rewrites;
  for (auto& [key, r] : entries) {
    const bool failed = !r.error.empty() && r.entry.basis == OthelloBasis::Trees;
    const bool inconsistent = !r.error.empty() && r.entry.basis == OthelloBasis::Children && r.error != "a child is a claim, not a proof";
    if (failed || inconsistent)
      report("book " + book.dir() + ": Othello " + std::to_string(r.entry.size) + "x" + std::to_string(r.entry.size) +
             " entry (margin " + std::to_string(r.entry.margin) + ") failed: " + r.error);
    const std::uint16_t revision = r.error.empty() ? kOthelloVerifierRevision : 0;
    if (r.entry.verifiedBy != revision) {
      r.entry.verifiedBy = revision;
      rewrites.emplace_back(key, encodeOthelloEntry(r.entry));
    }
  }
  if (!rewrites.empty()) book.writeGameEntries(kOthelloFamily, rewrites);
  return tally;
}

const GameEntries& othelloEntries() {
  static const GameEntries kind{
      kOthelloFamily, "Othello", "proof trees, or margins from verified children",
      [](std::string_view bytes) {
        const OthelloEntry e = decodeOthelloEntry(bytes);
        return GameEntrySummary{std::string(e.scoring == othello::Scoring::FewestDiscs ? "anti-othello " : "othello ") +
                                    std::to_string(e.size) + "x" + std::to_string(e.size),
                                e.verified()};
      },
      verifyOthelloEntries};
  return kind;
}

}  // namespace tengen::book
