// RenLib's node bytes: byte 0 holds the column (1..15, low nibble) and the row counted from the
// top (0..14, high nibble), 0 for no move (the root); byte 1 the flags below. A node without the
// "no child" flag is followed by its first child; the next sibling of a node follows its subtree.
#include "book/renlib.h"

#include <vector>

namespace tengen::book {
namespace {

constexpr int kSize = 15;
constexpr unsigned char kMagic[8] = {0xFF, 'R', 'e', 'n', 'L', 'i', 'b', 0xFF};
constexpr std::size_t kHeaderSize = 20;
constexpr unsigned char kComment = 1 << 3, kMark = 1 << 4, kOldComment = 1 << 5, kNoChild = 1 << 6,
                        kSibling = 1 << 7;

FormatError bad(std::size_t offset, const std::string& what) {
  return FormatError("byte " + std::to_string(offset) + ": " + what);
}

}  // namespace

std::string writeRenlib(const MoveTree& tree) {
  if (tree.size != kSize) throw FormatError("RenLib libraries hold 15x15 boards only, not " + std::to_string(tree.size) + "x" + std::to_string(tree.size));
  std::string out(reinterpret_cast<const char*>(kMagic), sizeof kMagic);
  out += static_cast<char>(3);  // format 3.4
  out += static_cast<char>(4);
  out.append(kHeaderSize - out.size(), static_cast<char>(0xFF));
  // Preorder; each entry: the node and whether a sibling follows it.
  std::vector<std::pair<int, bool>> stack{{0, false}};
  while (!stack.empty()) {
    const auto [index, sibling] = stack.back();
    stack.pop_back();
    const MoveTreeNode& n = tree.nodes[static_cast<std::size_t>(index)];
    unsigned char where = 0;
    if (n.move != gomoku::kNoPoint) {
      const int col = n.move % kSize, row = n.move / kSize;
      where = static_cast<unsigned char>((col + 1) | ((kSize - 1 - row) << 4));
    }
    std::string comment;
    for (char c : n.comment) comment += (c == '\0' || c == '\n' || c == '\r') ? ' ' : c;
    unsigned char flags = 0;
    if (!comment.empty()) flags |= kComment;
    if (n.mark) flags |= kMark;
    if (n.children.empty()) flags |= kNoChild;
    if (sibling) flags |= kSibling;
    out += static_cast<char>(where);
    out += static_cast<char>(flags);
    if (!comment.empty()) {
      out += comment;
      out += '\0';
    }
    for (std::size_t i = n.children.size(); i-- > 0;) stack.push_back({n.children[i], i + 1 < n.children.size()});
  }
  return out;
}

MoveTree readRenlib(std::string_view bytes) {
  if (bytes.size() < kHeaderSize) throw bad(bytes.size(), "not a RenLib library: the file ends inside the 20-byte header");
  for (std::size_t i = 0; i < sizeof kMagic; ++i)
    if (static_cast<unsigned char>(bytes[i]) != kMagic[i]) throw bad(i, "not a RenLib library: no RenLib header");
  if (bytes[8] != 3) throw bad(8, "RenLib format version " + std::to_string(static_cast<unsigned char>(bytes[8])) + " is not 3.x");
  MoveTree tree;
  tree.size = kSize;
  std::size_t at = kHeaderSize;
  std::vector<int> parents{-1};  // parents[i]: the parent of tree node i
  // `into`: the node the next one is a child of. `pending`: parents whose next child comes after
  // the subtree being read (a node with a sibling and a subtree of its own).
  std::vector<int> pending;
  int into = 0;
  bool first = true;
  while (true) {
    if (at + 2 > bytes.size()) {
      if (first && at == bytes.size()) return tree;  // an empty library
      throw bad(at, "the file ends inside a node (the tree is not complete)");
    }
    const std::size_t nodeAt = at;
    const auto where = static_cast<unsigned char>(bytes[at]), flags = static_cast<unsigned char>(bytes[at + 1]);
    at += 2;
    int index = 0;
    if (where == 0) {
      if (!first) throw bad(nodeAt, "a node without a move below the root");
    } else {
      const int x = where & 15, y = where >> 4;
      if (x < 1 || x > kSize || y >= kSize) throw bad(nodeAt, "a move off the board");
      const auto move = static_cast<gomoku::Point>((kSize - 1 - y) * kSize + (x - 1));
      for (int a = into; a > 0; a = parents[static_cast<std::size_t>(a)])
        if (tree.nodes[static_cast<std::size_t>(a)].move == move) throw bad(nodeAt, "a move on a point its line has taken");
      const std::size_t before = tree.nodes.size();
      index = tree.child(into, move);
      if (tree.nodes.size() == before) throw bad(nodeAt, "the same move twice among siblings");
      parents.push_back(into);
    }
    first = false;
    if (flags & (kComment | kOldComment)) {
      const std::size_t end = bytes.find('\0', at);
      if (end == std::string_view::npos) throw bad(at, "a comment without its ending NUL");
      tree.nodes[static_cast<std::size_t>(index)].comment = std::string(bytes.substr(at, end - at));
      at = end + 1;
      while (at < bytes.size() && bytes[at] == '\0') ++at;  // RenLib may pad a comment with NULs
    }
    tree.nodes[static_cast<std::size_t>(index)].mark = (flags & kMark) != 0;
    const int myParent = index == 0 ? -1 : parents[static_cast<std::size_t>(index)];
    if (!(flags & kNoChild)) {
      if (flags & kSibling) pending.push_back(myParent);
      into = index;
    } else if (flags & kSibling) {
      into = myParent;
    } else if (!pending.empty()) {
      into = pending.back();
      pending.pop_back();
    } else {
      break;
    }
    if (into < 0) throw bad(nodeAt, "the root cannot have a sibling");
  }
  if (at != bytes.size()) throw bad(at, std::to_string(bytes.size() - at) + " bytes after the end of the tree");
  return tree;
}

}  // namespace tengen::book
