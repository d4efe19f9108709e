// A test's proof file: the position solved for one attacker and its proof tree kept as a file's.
#pragma once

#include "book/proof_file.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/solve.h"

namespace tengen::tests {

inline book::ProofFile solvedProofFile(const gomoku::Position& p, gomoku::Color attacker) {
  gomoku::SolveOptions o;
  o.onlyAttacker = attacker;
  const gomoku::SolveResult r = gomoku::solve(p, o);
  book::ProofFile f;
  f.rule = p.rule;
  f.board = p.board;
  f.toMove = p.toMove;
  f.attacker = attacker;
  for (const auto& proof : r.proofs)
    if (proof.attacker == attacker) f.tree = proof.tree;
  return f;
}

}  // namespace tengen::tests
