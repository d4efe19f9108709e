// Building and walking move trees.
#include "book/move_tree.h"

namespace tengen::book {

int MoveTree::child(int parent, gomoku::Point move) {
  for (int c : nodes[static_cast<std::size_t>(parent)].children)
    if (nodes[static_cast<std::size_t>(c)].move == move) return c;
  const int index = static_cast<int>(nodes.size());
  MoveTreeNode node;
  node.move = move;
  nodes.push_back(node);
  nodes[static_cast<std::size_t>(parent)].children.push_back(index);
  return index;
}

std::vector<MoveTree::Line> MoveTree::linesWithLeaves() const {
  std::vector<Line> out;
  std::vector<gomoku::Point> path;
  // Depth first with an explicit stack: (node, depth), the path trimmed to the depth on each visit.
  std::vector<std::pair<int, std::size_t>> stack{{0, 0}};
  while (!stack.empty()) {
    const auto [index, depth] = stack.back();
    stack.pop_back();
    path.resize(depth);
    const MoveTreeNode& n = nodes[static_cast<std::size_t>(index)];
    if (index != 0) path.push_back(n.move);
    if (n.children.empty()) {
      if (!path.empty()) out.push_back({path, index});
      continue;
    }
    for (auto it = n.children.rbegin(); it != n.children.rend(); ++it) stack.push_back({*it, path.size()});
  }
  return out;
}

std::vector<std::vector<gomoku::Point>> MoveTree::lines() const {
  std::vector<std::vector<gomoku::Point>> out;
  for (auto& line : linesWithLeaves()) out.push_back(std::move(line.moves));
  return out;
}

}  // namespace tengen::book
