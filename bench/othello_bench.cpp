// Reading the FForum problem files and timing the exact endgame solver on them.
#include "bench/othello_bench.h"

#include <algorithm>
#include <bit>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "solver/othello/board.h"
#include "solver/othello/endgame.h"
#include "solver/othello/move_values.h"

namespace tengen::bench {

std::vector<FfoProblem> readFfoProblems(const std::string& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error("cannot read " + file);
  std::vector<FfoProblem> out;
  int lineNumber = 0;
  for (std::string line; std::getline(in, line);) {
    ++lineNumber;
    if (line.empty() || line[0] == '#') continue;
    const std::string where = file + " line " + std::to_string(lineNumber);
    if (line.size() < 67) throw std::runtime_error(where + ": too short for a board and a side to move");
    FfoProblem p;
    p.number = static_cast<int>(out.size()) + 1;
    p.board = line.substr(0, 66);
    std::istringstream rest(line.substr(67));
    for (std::string item; std::getline(rest, item, ';');) {
      const auto colon = item.find(':');
      if (colon == std::string::npos) continue;
      std::string name = item.substr(0, colon);
      name.erase(0, name.find_first_not_of(' '));
      try {
        p.moves.emplace_back(name, std::stoi(item.substr(colon + 1)));
      } catch (const std::exception&) {
        throw std::runtime_error(where + ": the score of " + name + " is not a number");
      }
    }
    if (p.moves.empty()) throw std::runtime_error(where + ": no scored moves");
    out.push_back(std::move(p));
  }
  return out;
}

namespace {
// A listed move ("G8") as tengen names squares ("g8").
std::string squareNameOf(const std::string& listed) {
  std::string lower = listed;
  for (char& c : lower) c = static_cast<char>(c | 0x20);
  return lower;
}
}  // namespace

std::vector<FfoSolve> runOthelloBench(const std::string& file, bool prove, othello::ProofMethod method, double maxSeconds,
                                      bool replies) {
  std::vector<FfoSolve> out;
  for (const FfoProblem& prob : readFfoProblems(file)) {
    const othello::Position p = othello::parseBoardString(prob.board);
    othello::EndgameSolver solver(22);
    solver.setLimits(nullptr, maxSeconds);
    const othello::EndgameResult r = solver.solve(p);
    FfoSolve s;
    s.number = prob.number;
    s.empties = std::popcount(p.empty());
    s.margin = r.margin;
    s.expected = prob.moves.front().second;
    s.best = othello::squareName(r.best);
    for (const auto& [name, score] : prob.moves)
      if (squareNameOf(name) == s.best) s.bestScoresBest = score == s.expected;
    s.nodes = r.nodes;
    s.seconds = r.seconds;
    s.finished = r.exact;
    if (replies && s.finished) {
      const othello::MoveValues values = othello::moveValues(solver, p, nullptr, maxSeconds);
      s.repliesFinished = values.complete;
      s.repliesNodes = values.nodes;
      s.repliesSeconds = values.seconds;
      for (const auto& [name, score] : prob.moves) {
        if (!values.complete) break;
        ++s.repliesChecked;
        const std::string square = squareNameOf(name);
        const auto found = std::find_if(values.moves.begin(), values.moves.end(),
                                        [&](const othello::MoveValue& v) { return othello::squareName(v.move) == square; });
        if (found == values.moves.end()) s.repliesDiffering.push_back(name + " not a legal move");
        else if (found->margin != score)
          s.repliesDiffering.push_back(othello::squareName(found->move) + " " + (found->margin > 0 ? "+" : "") +
                                   std::to_string(found->margin) + " (published " + (score > 0 ? "+" : "") + std::to_string(score) + ")");
      }
    }
    if (prove && s.finished) {
      solver.setLimits(nullptr, 0);
      othello::MarginProofOptions o;
      o.method = method;
      o.solver = &solver;
      const othello::MarginProof proof = othello::proveMargin(p, r.margin, o);
      s.proved = proof.proved;
      s.treeNodes = proof.atLeast.size() + proof.notAbove.size();
      s.proofNodes = proof.nodes;
      s.proofSeconds = proof.seconds;
    }
    out.push_back(s);
  }
  return out;
}

}  // namespace tengen::bench
