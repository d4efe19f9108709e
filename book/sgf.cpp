// SGF in and out. Writing: the main line of each node's first child continues the sequence,
// later children open variations. Reading: a small recursive-descent parser over the grammar
// (GameTree = "(" Sequence GameTree* ")"; Sequence = Node+; Node = ";" Property*), keeping moves,
// comments, good-move marks (TE) and the board size; another game (GM other than 4) and setup
// stones (AB/AW/AE) are refused; other properties are read and left aside.
#include "book/sgf.h"

#include <cctype>
#include <vector>

namespace tengen::book {
namespace {

FormatError bad(std::size_t offset, const std::string& what) {
  return FormatError("byte " + std::to_string(offset) + ": " + what);
}

std::string escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == ']' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

class Writer {
 public:
  Writer(const MoveTree& tree) : tree_(tree) {}
  std::string run(gomoku::Rule rule) {
    out_ = "(;GM[4]FF[4]CA[UTF-8]SZ[" + std::to_string(tree_.size) + "]RU[" +
           std::string(rule == gomoku::Rule::Renju ? "Renju" : rule == gomoku::Rule::Standard ? "Standard" : "Freestyle") +
           "]AP[tengen:" TENGEN_VERSION "]";
    const MoveTreeNode& root = tree_.nodes[0];
    if (!root.comment.empty()) out_ += "C[" + escape(root.comment) + "]";
    sequence(0, 0);
    out_ += ")\n";
    return out_;
  }

 private:
  // Writes the children of `index` (the position after `ply` moves).
  void sequence(int index, int ply) {
    // Iterative along the first child; variations open a nested tree (recursion is by variation
    // depth only).
    while (true) {
      const auto& children = tree_.nodes[static_cast<std::size_t>(index)].children;
      if (children.empty()) return;
      if (children.size() == 1) {
        node(children[0], ply);
        index = children[0];
        ++ply;
        continue;
      }
      for (int c : children) {
        out_ += "(";
        node(c, ply);
        sequence(c, ply + 1);
        out_ += ")";
      }
      return;
    }
  }
  void node(int index, int ply) {
    const MoveTreeNode& n = tree_.nodes[static_cast<std::size_t>(index)];
    out_ += std::string(";") + (ply % 2 == 0 ? "B" : "W") + "[" + sgfPoint(n.move, tree_.size) + "]";
    if (n.mark) out_ += "TE[1]";  // a proved best move: SGF's "good move", shown by SGF viewers
    if (!n.comment.empty()) out_ += "C[" + escape(n.comment) + "]";
  }

  const MoveTree& tree_;
  std::string out_;
};

class Reader {
 public:
  explicit Reader(std::string_view text) : t_(text) {}

  MoveTree run() {
    skipSpace();
    if (at_ >= t_.size() || t_[at_] != '(') throw bad(at_, "not an SGF file: no '(' to open the game tree");
    gameTree(0);
    if (!sized_) tree_.size = 15;
    return tree_;
  }

 private:
  void skipSpace() {
    while (at_ < t_.size() && std::isspace(static_cast<unsigned char>(t_[at_]))) ++at_;
  }
  void expect(char c) {
    skipSpace();
    if (at_ >= t_.size()) throw bad(at_, std::string("the file ends where '") + c + "' belongs");
    if (t_[at_] != c) throw bad(at_, std::string("'") + c + "' expected");
    ++at_;
  }

  void gameTree(int parent) {
    if (++depth_ > 1000) throw bad(at_, "variations nested too deep");
    expect('(');
    int current = parent;
    skipSpace();
    if (at_ >= t_.size() || t_[at_] != ';') throw bad(at_, "a game tree without a node");
    while (true) {
      skipSpace();
      if (at_ >= t_.size()) throw bad(at_, "the file ends inside a game tree");
      if (t_[at_] == ';') {
        ++at_;
        current = node(current);
      } else if (t_[at_] == '(') {
        gameTree(current);
      } else if (t_[at_] == ')') {
        ++at_;
        --depth_;
        return;
      } else {
        throw bad(at_, "unexpected character");
      }
    }
  }

  // One node's properties (all read first: a comment may precede the move); returns the tree
  // node the sequence continues from.
  int node(int current) {
    struct Property {
      std::string name;
      std::size_t at;
      std::string value;
    };
    std::vector<Property> properties;
    while (true) {
      skipSpace();
      if (at_ >= t_.size() || !std::isupper(static_cast<unsigned char>(t_[at_]))) break;
      std::string name;
      while (at_ < t_.size() && std::isalpha(static_cast<unsigned char>(t_[at_]))) name += t_[at_++];
      skipSpace();
      if (at_ >= t_.size() || t_[at_] != '[') throw bad(at_, "property " + name + " without a value");
      while (true) {
        skipSpace();
        if (at_ >= t_.size() || t_[at_] != '[') break;
        const std::size_t valueAt = ++at_;
        std::string v;
        while (true) {
          if (at_ >= t_.size()) throw bad(valueAt, "a value without its closing ']'");
          char c = t_[at_++];
          if (c == '\\') {
            if (at_ >= t_.size()) throw bad(valueAt, "a value without its closing ']'");
            c = t_[at_++];
          } else if (c == ']') {
            break;
          }
          v += c;
        }
        properties.push_back({name, valueAt, v});
      }
    }
    for (const auto& p : properties) {
      // Another game's record, or a position set up stone by stone, is no line of moves.
      if (p.name == "GM" && p.value != "4")
        throw bad(p.at, "GM[" + p.value + "] is not a gomoku or renju record (GM[4])");
      if (p.name == "AB" || p.name == "AW" || p.name == "AE")
        throw bad(p.at, "setup stones (" + p.name + ") are not moves: tengen reads game records, a move at a time");
    }
    for (const auto& p : properties)
      if (p.name == "SZ") {
        int n = 0;
        for (char c : p.value) n = std::isdigit(static_cast<unsigned char>(c)) && n < 100 ? n * 10 + (c - '0') : 1000;
        if (n < gomoku::kMinSize || n > gomoku::kMaxSize || sawMove_)
          throw bad(p.at, "board size '" + p.value + "' is not one tengen plays (5 to 20), or comes after a move");
        tree_.size = n;
        sized_ = true;
      }
    for (const auto& p : properties)
      if (p.name == "B" || p.name == "W") {
        const std::string& v = p.value;
        if (v.size() != 2 || v[0] < 'a' || v[1] < 'a' || v[0] - 'a' >= tree_.size || v[1] - 'a' >= tree_.size)
          throw bad(p.at, "move '" + v + "' is not a point of the board (a pass is not a renju move)");
        const int col = v[0] - 'a', row = tree_.size - 1 - (v[1] - 'a');
        sawMove_ = true;
        current = tree_.child(current, static_cast<gomoku::Point>(row * tree_.size + col));
      }
    for (const auto& p : properties) {
      if (p.name == "C") tree_.nodes[static_cast<std::size_t>(current)].comment = p.value;
      if (p.name == "TE" && current != 0) tree_.nodes[static_cast<std::size_t>(current)].mark = true;
    }
    return current;
  }

  std::string_view t_;
  std::size_t at_ = 0;
  int depth_ = 0;
  bool sized_ = false, sawMove_ = false;
  MoveTree tree_;
};

}  // namespace

std::string sgfPoint(gomoku::Point p, int size) {
  std::string s(2, 'a');
  s[0] = static_cast<char>('a' + p % size);
  s[1] = static_cast<char>('a' + (size - 1 - p / size));
  return s;
}

std::string writeSgf(const MoveTree& tree, gomoku::Rule rule) { return Writer(tree).run(rule); }

MoveTree readSgf(std::string_view text) { return Reader(text).run(); }

}  // namespace tengen::book
