// The tengen subcommands. Each parses its own arguments and returns the process exit status:
// 0 success, 1 some input or work failed (batch mode), 2 a bad command line or position.
#pragma once

namespace tengen::cli {

int runFouls(int argc, char** argv);
int runDiagram(int argc, char** argv);
int runSolve(int argc, char** argv);
int runBench(int argc, char** argv);
int runQuery(int argc, char** argv);
int runBook(int argc, char** argv);
int runVerify(int argc, char** argv);
int runOpenings(int argc, char** argv);
int runLines(int argc, char** argv);
int runServe(int argc, char** argv);
int runCampaign(int argc, char** argv);
int runEngine(int argc, char** argv);
// The engine for the binary named pbrain-tengen: its options start at argv[first].
int runEngine(int argc, char** argv, int first);

}  // namespace tengen::cli
