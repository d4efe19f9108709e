// The coordinator's tree: the top of the opening tree as a DAG of canonical positions, with one
// attacker question per node and colour ("can this colour force a win here?") carrying proof
// and disproof numbers. Leaves are answered by worker jobs; inner nodes back up their children's
// numbers (job-level proof-number search, Wu et al. 2013). Knows positions and numbers only:
// the book and the workers are the coordinator's business.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <unordered_map>
#include <vector>

#include "solver/gomoku/position.h"
#include "solver/proof/game.h"
#include "solver/proof/proof_numbers.h"

namespace tengen::coordinator {

using gomoku::Color;
using gomoku::Point;
using proof::ProofNumbers;

// How a node's moves are listed when it is expanded.
enum class MoveListing {
  Prover,    // the prover's own move list for the attacker (forced blocks, answers to threats)
  AllMoves,  // every legal move (a book lists every reply)
};

struct Question {
  ProofNumbers numbers{1, 1};
  bool fixed = false;     // decided by a job, the book or the rules: backups leave it alone
  bool asked = false;     // a job finished without deciding it (with the current budget)
  bool pending = false;   // a job about it is in flight
  bool checking = false;  // a job's answer about it waits for its check
  bool expanded = false;  // its children are listed in the node's edges
  bool recorded = false;  // its step is in the book (fixed answers, and backups once written)
  std::uint64_t triedNodes = 0;  // the largest node budget a job about it came back unknown with
  std::uint32_t size = 1; // proof size behind a decided answer
  int depth = 0;          // plies to the end of that proof
  bool solved() const { return numbers.solved(); }
};

struct Edge {
  Point move;  // in the node's own frame (its path from the root)
  int child;
};

struct Node {
  std::vector<Point> path;  // moves from the root to this node's representative
  std::string key;          // canonical book key
  Color toMove = Color::Black;
  int depth = 0;            // plies below the root (along the first path found)
  std::vector<int> parents;
  std::vector<Edge> edges;  // filled on the first expansion (the same for both attackers)
  proof::Argument<Point> argument[2];  // per attacker: why moves are left out of `edges`
  Question question[2];                // per attacker colour
};

class JobTree {
 public:
  JobTree(const gomoku::Position& root, MoveListing listing);

  const gomoku::Position& root() const { return root_; }
  MoveListing listing() const { return listing_; }
  std::size_t size() const { return nodes_.size(); }
  Node& node(int id) { return nodes_[static_cast<std::size_t>(id)]; }
  const Node& node(int id) const { return nodes_[static_cast<std::size_t>(id)]; }

  // The node's representative position (rebuilt from its path).
  gomoku::Position position(int id) const;

  // Lists the node's moves for `attacker` and creates (or finds) its children. Returns the ids
  // of children created by this call. When the rules decide the node on the spot, the question
  // is fixed instead and nothing is created.
  std::vector<int> expand(int id, Color attacker);
  // The canonical book keys of the children `expand` would list, without creating them (none when
  // the rules decide the node on the spot).
  std::vector<std::string> childKeys(int id, Color attacker) const;

  // Recomputes the question from the children and carries any change up to the ancestors.
  // `settled` receives every node whose question became solved by a backup.
  void backup(int id, Color attacker, std::vector<int>& settled);

  // The most-proving unanswered leaf for `attacker` below `from`, skipping leaves whose job is in
  // flight (and inner nodes whose open leaves all are); -1 when there is none. With `inFlight`,
  // the most-proving leaf whose job is in flight instead (to expand while its job runs).
  int selectLeaf(int from, Color attacker, bool inFlight = false) const;
  // Growing jobs (the coordinator's budgetGrowth): at the nodes where the attacker's opponent
  // chooses, the children least tried come first (then the most-proving one), so every reply gets
  // its small job before any gets a large one.
  void setLeastTriedFirst(bool on) { leastTriedFirst_ = on; }

  // The nodes whose `attacker` question still matters: open (not solved, no answer waiting for
  // its check) and the root or a child of such a node.
  std::vector<bool> stillOpen(Color attacker) const;

  // Distinct children of a node, in edge order.
  std::vector<int> distinctChildren(int id) const;

  // The moves a decided step lists at this node, its best move, size and depth: one good move
  // where the choosing side needs one, every listed move otherwise.
  struct Step {
    std::vector<Point> moves;
    Point best = gomoku::kNoPoint;
    std::uint32_t size = 1;
    int depth = 0;
  };
  Step stepOf(int id, Color attacker) const;

 private:
  ProofNumbers combine(int id, Color attacker) const;
  // The node's moves for `attacker` (Open), or the rules' verdict with its argument.
  proof::Expansion listMoves(gomoku::Position& pos, Color attacker, std::vector<Point>& moves,
                             proof::Argument<Point>& argument) const;
  int findOrCreate(const gomoku::Position& pos, const std::vector<Point>& path, int depth, bool& created);

  gomoku::Position root_;
  MoveListing listing_;
  bool leastTriedFirst_ = false;
  std::deque<Node> nodes_;  // a deque: references to nodes stay valid while children are added
  std::unordered_map<std::string, int> byKey_;
};

}  // namespace tengen::coordinator
