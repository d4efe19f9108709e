// The proof file: a Zstandard frame around "TGPROOF\0", a format version, the root, the note and
// the tree in varints (a move stored plus 2, so a pass is 0), then a CRC-32 of all of it. Every
// field is range-checked on reading: the verifier gets a well-formed tree or none.
#include "book/proof_file.h"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <stdexcept>

#include "book/compressed_bytes.h"
#include "book/sealed_bytes.h"
#include "book/whole_file.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/proof_check.h"

namespace tengen::book {
namespace {

constexpr char kMagic[8] = {'T', 'G', 'P', 'R', 'O', 'O', 'F', '\0'};
constexpr std::uint32_t kFormat = 1;
// What a reader accepts at most: a proof of a 20x20 opening is far below this.
constexpr std::uint64_t kMaxNodes = 1ull << 30;
constexpr std::size_t kMaxPayload = std::size_t{16} << 30;

void putVarint(std::string& out, std::uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<char>(v));
}

class Reader {
 public:
  Reader(std::string_view bytes, std::string what) : bytes_(bytes), what_(std::move(what)) {}
  std::uint64_t varint(std::uint64_t max) {
    std::uint64_t v = 0;
    for (int shift = 0;; shift += 7) {
      if (at_ >= bytes_.size() || shift > 63) fail("cut short or damaged");
      const auto b = static_cast<unsigned char>(bytes_[at_++]);
      v |= static_cast<std::uint64_t>(b & 0x7F) << shift;
      if (!(b & 0x80)) break;
    }
    if (v > max) fail("a field out of range (damaged)");
    return v;
  }
  std::string_view take(std::size_t n) {
    if (bytes_.size() - at_ < n) fail("cut short");
    const std::string_view out = bytes_.substr(at_, n);
    at_ += n;
    return out;
  }
  bool done() const { return at_ == bytes_.size(); }
  [[noreturn]] void fail(const std::string& why) const { throw std::runtime_error(what_ + ": " + why); }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
  std::string what_;
};

std::string encode(const ProofFile& p) {
  std::string out(kMagic, sizeof kMagic);
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((kFormat >> (8 * i)) & 0xFF));
  out.push_back(static_cast<char>(p.rule));
  out.push_back(static_cast<char>(p.board.size()));
  out.push_back(static_cast<char>(p.toMove));
  out.push_back(static_cast<char>(p.attacker));
  out.push_back(static_cast<char>(p.tree.attackerWins ? 1 : 0));
  for (gomoku::Color c : {gomoku::Color::Black, gomoku::Color::White}) {
    std::vector<gomoku::Point> stones;
    for (gomoku::Point q = 0; q < p.board.cellCount(); ++q)
      if (p.board.has(q, c)) stones.push_back(q);
    putVarint(out, stones.size());
    for (gomoku::Point q : stones) putVarint(out, static_cast<std::uint64_t>(q));
  }
  putVarint(out, p.note.size());
  out += p.note;
  putVarint(out, p.tree.nodes.size());
  for (const auto& n : p.tree.nodes) {
    putVarint(out, n.children.size());
    for (const auto& e : n.children) {
      putVarint(out, static_cast<std::uint64_t>(e.move + 2));
      putVarint(out, static_cast<std::uint64_t>(e.node));
    }
    putVarint(out, static_cast<std::uint64_t>(n.argument.kind));
    putVarint(out, n.argument.moves.size());
    for (gomoku::Point m : n.argument.moves) putVarint(out, static_cast<std::uint64_t>(m + 2));
    putVarint(out, static_cast<std::uint64_t>(std::max(0, n.depth)));
  }
  const std::uint32_t crc = crc32(out);
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((crc >> (8 * i)) & 0xFF));
  return out;
}

ProofFile decode(std::string_view bytes, const std::string& what) {
  Reader r(bytes, what);
  if (bytes.size() < sizeof kMagic + 8 || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
    r.fail("not a tengen proof file");
  std::uint32_t crc = 0;
  for (int i = 0; i < 4; ++i) crc |= static_cast<std::uint32_t>(static_cast<unsigned char>(bytes[bytes.size() - 4 + i])) << (8 * i);
  if (crc32(bytes.substr(0, bytes.size() - 4)) != crc) r.fail("damaged (checksum mismatch)");
  Reader in(bytes.substr(0, bytes.size() - 4), what);
  in.take(sizeof kMagic);
  const std::string_view version = in.take(4);
  std::uint32_t format = 0;
  for (int i = 0; i < 4; ++i) format |= static_cast<std::uint32_t>(static_cast<unsigned char>(version[i])) << (8 * i);
  if (format != kFormat)
    in.fail("format " + std::to_string(format) + " is not one this tengen reads (it reads " + std::to_string(kFormat) + ")");
  ProofFile p;
  const std::string_view head = in.take(5);
  const auto rule = static_cast<unsigned char>(head[0]), size = static_cast<unsigned char>(head[1]);
  if (rule > 2 || size < gomoku::kMinSize || size > gomoku::kMaxSize || static_cast<unsigned char>(head[2]) > 1 ||
      static_cast<unsigned char>(head[3]) > 1 || static_cast<unsigned char>(head[4]) > 1)
    in.fail("a malformed header (damaged)");
  p.rule = static_cast<gomoku::Rule>(rule);
  p.board = gomoku::Board(size);
  p.toMove = static_cast<gomoku::Color>(head[2]);
  p.attacker = static_cast<gomoku::Color>(head[3]);
  p.tree.attackerWins = head[4] == 1;
  const auto cells = static_cast<std::uint64_t>(p.board.cellCount());
  for (gomoku::Color c : {gomoku::Color::Black, gomoku::Color::White}) {
    const std::uint64_t count = in.varint(cells);
    for (std::uint64_t i = 0; i < count; ++i) {
      const auto q = static_cast<gomoku::Point>(in.varint(cells - 1));
      if (!p.board.isEmpty(q)) in.fail("a stone listed twice (damaged)");
      p.board.place(q, c);
    }
  }
  p.note = std::string(in.take(in.varint(1 << 20)));
  const std::uint64_t count = in.varint(kMaxNodes);
  if (count == 0) in.fail("an empty tree");
  p.tree.nodes.resize(count);
  for (auto& n : p.tree.nodes) {
    n.children.resize(in.varint(cells));
    for (auto& e : n.children) {
      e.move = static_cast<gomoku::Point>(static_cast<std::int64_t>(in.varint(cells + 1)) - 2);
      e.node = static_cast<int>(in.varint(count - 1));
    }
    n.argument.kind = static_cast<int>(in.varint(64));
    n.argument.moves.resize(in.varint(cells));
    for (auto& m : n.argument.moves) m = static_cast<gomoku::Point>(static_cast<std::int64_t>(in.varint(cells + 1)) - 2);
    n.depth = static_cast<int>(in.varint(1 << 16));
  }
  if (!in.done()) in.fail("bytes after the tree (damaged)");
  return p;
}

}  // namespace

void writeProofFile(const std::string& path, const ProofFile& proof, int level) {
  std::string frame;
  try {
    frame = compressBytes(encode(proof), level);
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(gomoku::printable(path) + ": " + e.what());
  }
  writeWholeFile(path, frame);
}

ProofFile readProofFile(const std::string& path) {
  const std::string what = gomoku::printable(path);
  const Decompressed payload = readCompressedFile(path, kMaxPayload);
  switch (payload.status) {
    case Decompressed::Status::CannotOpen: throw std::runtime_error(what + ": cannot open");
    case Decompressed::Status::NotCompressed: throw std::runtime_error(what + ": not a tengen proof file (" + payload.detail + ")");
    case Decompressed::Status::TooLarge: throw std::runtime_error(what + ": larger than any proof this tengen reads");
    case Decompressed::Status::CutShort: throw std::runtime_error(what + ": cut short (not a whole compressed frame)");
    case Decompressed::Status::Whole: break;
  }
  return decode(payload.bytes, what);
}

ProofFile sliceProof(const ProofFile& proof, const std::vector<gomoku::Point>& moves) {
  ProofFile out = proof;
  int node = 0;
  gomoku::Color side = proof.toMove;
  for (gomoku::Point m : moves) {
    const auto& n = proof.tree.nodes[static_cast<std::size_t>(node)];
    const auto it = std::find_if(n.children.begin(), n.children.end(), [&](const auto& e) { return e.move == m; });
    if (it == n.children.end())
      throw std::runtime_error("the proof has no edge " + (m == gomoku::kPass ? std::string("pass") : gomoku::formatPoint(m, proof.board.size())) +
                               " there (its moves at that node are its only ones)");
    if (m != gomoku::kPass) out.board.place(m, side);
    side = gomoku::opponent(side);
    node = it->node;
  }
  out.toMove = side;
  // The subtree's nodes, renumbered from its root.
  std::vector<int> index(proof.tree.nodes.size(), -1);
  std::vector<int> order{node};
  index[static_cast<std::size_t>(node)] = 0;
  for (std::size_t i = 0; i < order.size(); ++i)
    for (const auto& e : proof.tree.nodes[static_cast<std::size_t>(order[i])].children)
      if (index[static_cast<std::size_t>(e.node)] < 0) {
        index[static_cast<std::size_t>(e.node)] = static_cast<int>(order.size());
        order.push_back(e.node);
      }
  out.tree.nodes.clear();
  for (int old : order) {
    auto n = proof.tree.nodes[static_cast<std::size_t>(old)];
    for (auto& e : n.children) e.node = index[static_cast<std::size_t>(e.node)];
    out.tree.nodes.push_back(std::move(n));
  }
  return out;
}

gomoku::CompactionCounts compactProof(ProofFile& proof, std::uint64_t threatsPerNode) {
  gomoku::CompactionCounts counts;
  auto smaller = gomoku::compactWithThreatSequences(proof.board, proof.toMove, proof.rule, proof.attacker, proof.tree,
                                                    threatsPerNode, &counts);
  if (counts.after == counts.before && counts.replaced == 0) return counts;
  const gomoku::ProofCheck check = gomoku::checkProof(proof.board, proof.toMove, proof.rule, proof.attacker, smaller);
  if (!check.ok) throw std::runtime_error("the proof compacted by threat sequences was refused by the verifier: " + check.error);
  proof.tree = std::move(smaller);
  return counts;
}

}  // namespace tengen::book
