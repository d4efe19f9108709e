// Depth-first from the root through the replies the book holds; transpositions appear once per
// line that reaches them (formats of games are trees), bounded by the depth and a node count.
#include "book/book_tree.h"

#include "book/book_query.h"
#include "solver/gomoku/rules.h"

namespace tengen::book {
namespace {

using gomoku::Color;

class Walk {
 public:
  Walk(const Book& book, gomoku::Rule rule, std::size_t maxNodes, TreeExport& out)
      : book_(book), rule_(rule), maxNodes_(maxNodes), out_(out) {}

  // The position `pos` is tree node `index`; expand its book replies `depth` more plies.
  void visit(gomoku::Position& pos, int index, int depth) {
    const QueryAnswer a = queryBook(book_, pos);
    auto& node = out_.tree.nodes[static_cast<std::size_t>(index)];
    node.comment = describeAnswer(a);
    if (a.found) ++out_.positions;
    // The loser's replies the proof answers at once have no record: say so, not "unknown".
    const Value loserLoses = winValue(gomoku::opponent(pos.toMove));
    if (a.result == loserLoses) {
      std::size_t refuted = 0;
      for (const ReplyValue& r : a.replies) refuted += !r.found;
      if (refuted)
        node.comment += "; " + std::to_string(refuted) + (refuted == 1 ? " other reply is" : " other replies are") +
                        " refuted by the proof at once (no record of their own)";
    }
    if (depth <= 0) return;
    for (const ReplyValue& r : a.replies) {
      if (!r.found) continue;
      if (out_.tree.nodes.size() >= maxNodes_) {
        out_.truncated = true;
        return;
      }
      const int child = out_.tree.child(index, r.move);
      out_.tree.nodes[static_cast<std::size_t>(child)].mark = a.result != Value::Unknown && r.move == a.bestMove;
      if (gomoku::makesFive(pos.board, r.move, pos.toMove, rule_)) {
        out_.tree.nodes[static_cast<std::size_t>(child)].comment = "five";
        continue;
      }
      pos.board.place(r.move, pos.toMove);
      pos.toMove = gomoku::opponent(pos.toMove);
      visit(pos, child, depth - 1);
      pos.toMove = gomoku::opponent(pos.toMove);
      pos.board.undo();
    }
  }

 private:
  const Book& book_;
  gomoku::Rule rule_;
  std::size_t maxNodes_;
  TreeExport& out_;
};

}  // namespace

TreeExport bookTree(const Book& book, const gomoku::Position& root, int depth, std::size_t maxNodes) {
  TreeExport out;
  out.tree.size = root.board.size();
  // The root's moves, black first and alternating: a game record's line.
  const auto& history = root.board.history();
  for (std::size_t i = 0; i < history.size(); ++i)
    if (history[i].color != (i % 2 == 0 ? Color::Black : Color::White))
      throw BookError("a RenLib or SGF export needs its root as a move list from the empty board (\"h8 h9 i9\")");
  gomoku::Position pos{root.rule, gomoku::Board(root.board.size()), Color::Black};
  int index = 0;
  for (const auto& [p, c] : history) {
    index = out.tree.child(index, p);
    pos.board.place(p, c);
  }
  pos.toMove = root.toMove;
  Walk(book, root.rule, maxNodes, out).visit(pos, index, depth);
  return out;
}

}  // namespace tengen::book
