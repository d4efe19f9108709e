// Reading libraries from files and turning their trees into lines and hints.
#include "cli/library.h"

#include <fstream>
#include <stdexcept>

#include "book/renlib.h"
#include "book/sgf.h"
#include "solver/gomoku/notation.h"

namespace tengen::cli {

book::MoveTree readLibrary(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(gomoku::printable(path) + ": cannot open");
  // The largest RenLib libraries are a few megabytes; reading stops past the limit, so a device
  // without end (/dev/zero) is refused rather than read for ever.
  constexpr std::size_t kMaxLibrary = 64u << 20;
  std::string data;
  char chunk[1 << 16];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    data.append(chunk, static_cast<std::size_t>(in.gcount()));
    if (data.size() > kMaxLibrary) throw std::runtime_error(gomoku::printable(path) + ": larger than 64 MiB: not a library");
  }
  try {
    if (!data.empty() && static_cast<unsigned char>(data[0]) == 0xFF) return book::readRenlib(data);
    const auto start = data.find_first_not_of(" \t\r\n");
    if (start != std::string::npos && data[start] == '(') return book::readSgf(data);
    throw book::FormatError("byte 0: neither a RenLib library nor an SGF file");
  } catch (const book::FormatError& e) {
    throw std::runtime_error(gomoku::printable(path) + ": " + e.what());
  }
}

std::vector<LibraryLine> libraryLines(const book::MoveTree& tree, const gomoku::PositionOptions& options) {
  std::vector<LibraryLine> out;
  gomoku::PositionOptions o = options;
  o.size = tree.size;
  for (const auto& line : tree.linesWithLeaves()) {
    LibraryLine l;
    l.moves = gomoku::formatMoves(line.moves, tree.size);
    l.comment = tree.nodes[static_cast<std::size_t>(line.leaf)].comment;
    try {
      gomoku::parsePosition(l.moves, o);
    } catch (const gomoku::PositionError& e) {
      l.error = e.what();
    }
    out.push_back(std::move(l));
  }
  return out;
}

std::shared_ptr<const gomoku::ProofGame::Hints> libraryHints(const book::MoveTree& tree) {
  auto hints = std::make_shared<gomoku::ProofGame::Hints>();
  gomoku::Board board(tree.size);
  // Depth first, placing and lifting stones; colours alternate from black.
  struct Frame {
    int node;
    std::size_t next;
  };
  std::vector<Frame> stack{{0, 0}};
  while (!stack.empty()) {
    Frame& f = stack.back();
    const auto& node = tree.nodes[static_cast<std::size_t>(f.node)];
    if (f.next == 0 && !node.children.empty()) {
      auto& moves = (*hints)[board.hash()];
      for (int c : node.children) moves.push_back(tree.nodes[static_cast<std::size_t>(c)].move);
    }
    if (f.next < node.children.size()) {
      const int child = node.children[f.next++];
      const gomoku::Point p = tree.nodes[static_cast<std::size_t>(child)].move;
      if (!board.isEmpty(p)) continue;  // a broken line: its moves are no hints
      board.place(p, board.stoneCount() % 2 == 0 ? gomoku::Color::Black : gomoku::Color::White);
      stack.push_back({child, 0});
    } else {
      if (stack.size() > 1) board.undo();
      stack.pop_back();
    }
  }
  return hints;
}

}  // namespace tengen::cli
