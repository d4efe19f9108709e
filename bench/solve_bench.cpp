// The fixed positions behind `tengen bench solve`: a long VCF, renju VCTs, full-value wins from
// real games and small-board draws. Figures are comparable only between runs of one machine.
#include "bench/solve_bench.h"

#include "solver/gomoku/solve.h"

namespace tengen::bench {
namespace {

using namespace tengen::gomoku;

struct BenchCase {
  const char* name;
  const char* stones;
  Rule rule;
  int size;
  Color toMove;
  ProofMode mode;
  int limit;
};

// Positions from the quintet benchmark set (renju-note/quintet, MIT) and from m,n,k theory.
const BenchCase kCases[] = {
    {"vcf_long (renju, vcf)",
     "b15,f15,h15,m15,d14,h14,i14,n14,o14,c13,m13,o13,a12,c11,n11,b10,n10,o10,b9,d9,l9,a8,h8,h6,a5,e5,o5,b4,d4,i4,"
     "i3,j3,a2,j2,n2,d1,g1,k1,o1/c15,e15,i15,j15,k15,l15,n15,o15,g14,j14,m14,a13,e12,f12,n12,o12,o11,a10,c10,d10,"
     "a9,g9,b8,c8,d8,j8,o8,a7,b7,o7,a6,g6,i6,o6,j5,h4,g3,m2,h1",
     Rule::Renju, 15, Color::Black, ProofMode::Vcf, 255},
    {"vct_black (renju, vct)", "h10,h9,j9,h8,i7/i11,i9,g8,j8,h7", Rule::Renju, 15, Color::Black, ProofMode::Vct, 4},
    {"vct_dual_forbiddens (renju, vct)", "h8,i8,h7,j6,g5,h5/h9,i7,h6,i6,i5", Rule::Renju, 15, Color::White,
     ProofMode::Vct, 5},
    {"game_black_l03_1 (renju, full)",
     "h10,i10,j10,h9,j9,e8,f8,g8,h8,g7,f6,h6,j6,f5,i5,j3/e9,g9,i9,d8,i8,j8,f7,h7,k7,g6,i6,l6,e5,h5,i4,j4",
     Rule::Renju, 15, Color::Black, ProofMode::Full, 0},
    {"game_black_l04_1 (renju, full)",
     "g12,h12,i12,f11,h11,c10,h10,k9,h8,c7,g7/j12,g11,d10,e10,f10,g10,e9,h9,i9,j9,d8", Rule::Renju, 15,
     Color::Black, ProofMode::Full, 0},
    {"6x6 empty (freestyle, full)", "", Rule::Freestyle, 6, Color::Black, ProofMode::Full, 0},
    {"7x7 d4 e5 (freestyle, full)", "d4/e5", Rule::Freestyle, 7, Color::Black, ProofMode::Full, 0},
};

}  // namespace

std::vector<SolveFigure> runSolveBench() {
  std::vector<SolveFigure> out;
  for (const auto& c : kCases) {
    PositionOptions p;
    p.rule = c.rule;
    p.size = c.size;
    p.toMove = c.toMove;
    const Position pos = parsePosition(c.stones, p);
    SolveOptions o;
    o.mode = c.mode;
    o.moveLimit = c.limit;
    o.hashMegabytes = 128;
    o.maxNodes = 20'000'000;
    const SolveResult r = solve(pos, o);
    out.push_back({c.name, std::string(gameValueName(r.value)), r.nodes, r.seconds});
  }
  return out;
}

}  // namespace tengen::bench
