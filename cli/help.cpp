// The help table. Each command lists every option its parser accepts (the parser reads them
// from here), with an example that runs as written.
#include "cli/help.h"

#include <algorithm>
#include <stdexcept>

namespace tengen::cli {
namespace {

const OptionSpec kRule{"rule", true, "R", "renju (default), freestyle (five or more wins) or standard (exactly five)"};
const OptionSpec kGame{"game", true, "G", "gomoku (default), othello or anti-othello (the fewest discs win); --rule othello works too"};
const OptionSpec kStart{"start", true, "S", "othello: the start moves are played from: diagonal (standard) or parallel (side by side)"};
const OptionSpec kSize{"size", true, "N", "board size, 5 to 20 (default 15)"};
const OptionSpec kToMove{"to-move", true, "C", "black or white: override the side the stone counts imply"};
const OptionSpec kJson{"json", false, "", "one JSON object per answer"};
const OptionSpec kBook{"book", true, "DIR", "the book (a RocksDB directory; default ./tengen-book)"};
const OptionSpec kHash{"hash", true, "MB", "transposition table size in MiB"};
const OptionSpec kProbeNodes{"probe-nodes", true, "N",
                             "full mode: the first threat probe (a VCT at an attacker's node) in nodes (0: none; default 64)"};
const OptionSpec kProbeMax{"probe-max", true, "N",
                           "full mode: a probe doubles each time the search comes back, up to this (default 4096)"};
const OptionSpec kSequenceThreats{"sequence-threats", true, "N",
                                  "full mode, freestyle and exact five: threats a threat-space sequence search may try at each attacker's node (0: none; default 300)"};
const OptionSpec kReplyProbes{"reply-probes", true, "PLIES",
                              "full mode: within this many plies of the root, every defender's reply gets a threat probe at once (default 0: none)"};
const OptionSpec kEffortShift{"effort-shift", true, "K",
                               "full mode: an attacker's move is picked by its proof number plus the nodes spent on it / 2^K (0: proof number alone; default 7)"};
const OptionSpec kEpsilon{"epsilon", true, "E",
                           "full mode: a child is searched until its number passes the runner-up's times 1+E (default 0.125)"};
const OptionSpec kWeakPn{"weak-pn", true, "PLIES",
                          "full mode: within this many plies of the root a defender's node counts as its hardest reply plus one per other open reply, deeper as the sum (default 2; 0: the sum everywhere)"};
const OptionSpec kHintEngine{"hint-engine", true, "CMD",
                             "a Gomocup engine (e.g. pbrain-rapfi) whose moves the attacker tries first (a guided proof); with --workers or mpirun, each worker starts its own"};
const OptionSpec kHintPlies{"hint-plies", true, "K",
                            "--hint-engine: ask it before the search at the attacker's positions fewer than K plies below the position (default 0; single process only)"};
const OptionSpec kHintAfter{"hint-after", true, "N",
                            "--hint-engine: ask it during the search at the root and at the attacker's nodes the search comes back to after N nodes below them (default 256; 0: not)"};
const OptionSpec kHintQuestions{"hint-questions", true, "Q", "--hint-engine: at most Q questions during a search, or a job's (default 1000)"};
const OptionSpec kHintWait{"hint-wait", true, "N",
                           "--hint-engine: 1 makes the search wait for each answer during it; 0 goes on while the engine thinks, the answer favoured from the node's next visit (default 1)"};
const OptionSpec kCompactThreats{"compact-threats", true, "N",
                                 "proof files (freestyle, standard): each attacker node whose win a threat-space search of N threats "
                                 "finds becomes one sequence leaf the verifier replays (default 2000; 0: the tree as it is)"};
const OptionSpec kHintMs{"hint-ms", true, "MS", "--hint-engine: milliseconds it may think per position (default 1000)"};
const OptionSpec kSiblingHints{"sibling-hints", true, "N",
                                "full mode: 1 tries first, below a defender's reply, the moves that won below a proven sibling reply; 0 does not (default 1)"};
const OptionSpec kLockWait{"lock-wait", true, "S", "seconds to wait for another writer to let go of the book (default 10; 0: none)"};
const OptionSpec kWorkers{"workers", true, "N", "in-process workers (default: the number of cores); under mpirun the ranks"};
const OptionSpec kBookLeaves{"book-leaves", true, "N",
                              "distributed: 1 lets workers take the book's verified wins, and the run's as they are stored, as leaves of their searches; 0 does not (default 1)"};

std::vector<CommandHelp> makeCommands() {
  return {
      {"fouls",
       "black's forbidden points on a board",
       "tengen fouls [POSITION] [options]",
       "Draws the board and black's forbidden points under renju (3 double-three, 4 double-four, 6\n"
       "overline). Without a POSITION, answers one position per line of standard input.",
       {kRule, kSize, kToMove, kJson},
       {"tengen fouls \"h8 h9 i9 j10 g8\"", "tengen fouls --json \"c8,e8,g8,i8,f10,f11,g12,h12/a1,a3,a5,a7\""}},
      {"diagram",
       "the board as a picture to print (SVG) or as text",
       "tengen diagram POSITION [--svg FILE] [options]",
       "Draws the position: stones numbered in the order played, black's forbidden points with their kind\n"
       "(3 double-three, 4 double-four, 6 overline) when black is to move under renju, and the opening's\n"
       "name when the game starts with one of the 26. With --svg, a picture (SVG) of the board.",
       {kRule, kSize, kToMove, {"svg", true, "FILE", "write the board as an SVG picture here"},
        {"title", true, "TEXT", "the picture's title (default: the opening, the rule and the side to move)"}},
       {"tengen diagram \"h8 i9 f6 j9\" --svg suisei.svg", "tengen diagram \"f8 a1 g8 a3 h6 a5 h7 a7\""}},
      {"solve",
       "prove a position's value (or a VCF/VCT); --workers: distributed",
       "tengen solve POSITION [options]\n"
       "tengen solve POSITION --workers N [--job-nodes N | --job-time S] [--time S] [--jobs N]   (distributed)",
       "Proves the position's value for the side to move (black-wins, white-wins, draw, or unknown when\n"
       "the budget runs out), or with --mode a VCF/VCT, and prints the best move, the line and the proof's\n"
       "figures. Every proof is checked by the independent verifier before it is reported. With --workers\n"
       "(or under mpirun) the coordinator splits the search into jobs and stores every answer in a book.\n"
       "Without POSITION (single process), one position per line of standard input. With --game othello\n"
       "(or anti-othello), POSITION is moves from the start (\"f5 d6 c3\") or 64 cells X/O/- row by row from a1\n"
       "and the side to move; the answer is the exact final disc margin (--size 4, 6 or 8). With --workers (or\n"
       "under mpirun) each of its moves is a job: the first asked for its exact margin, the later ones, once it\n"
       "is answered, only whether they beat the best so far; the first move's own moves are split the same\n"
       "way, --split-levels deep. --time and --hash are then per job, and --prove composes the root's proof\n"
       "from the jobs' trees (each within --proof-nodes), checked by the verifier.",
       {kRule, kSize, kToMove,
        {"mode", true, "M", "full (the game value, default), vct or vcf"},
        {"nodes", true, "N", "node budget of the proof search (0: none)"},
        {"time", true, "S", "seconds (fractions allowed); distributed: for the whole run"},
        kHash,
        {"limit", true, "MOVES", "VCF/VCT: at most this many attacker moves before the win is unstoppable"},
        {"threat-limit", true, "T", "VCT: threats are wins by a VCF of at most T moves against a pass (default 1)"},
        {"zone-nodes", true, "N", "node budget of each null-move threat search behind a relevance zone (0: none; default 1000)"},
        kProbeNodes,
        kProbeMax,
        kSequenceThreats,
        kReplyProbes,
        kEffortShift,
        kEpsilon,
        kWeakPn,
        kSiblingHints,
        {"book", true, "DIR", "store the proof (every position on it) in this book; distributed default: ./tengen-book"},
        {"lines", true, "FILE", "prove every line of a RenLib or SGF library, its moves tried first for the attacker"},
        {"win", true, "C", "full mode: ask only whether black (or white) can force a win: proved, disproved or unknown"},
        kHintEngine,
        kHintPlies,
        kHintAfter,
        kHintQuestions,
        kHintMs,
        kHintWait,
        kLockWait,
        kJson,
        kWorkers,
        kBookLeaves,
        {"job-nodes", true, "N", "distributed: nodes per job (default 20000)"},
        {"job-growth", true, "K", "distributed: an unknown job is asked again with K times its nodes, up to --job-max-nodes, before it is split (default 1: split at once)"},
        {"job-max-nodes", true, "N", "distributed, with --job-growth: the largest job a question gets"},
        {"pass-hints", true, "N", "distributed, with --win C: prove C's win after a pass at each of the opponent's nodes first, and give its winning moves to the jobs below as hints, followed for a quarter of each job (default 0)"},
        {"job-time", true, "S", "distributed: seconds per job"},
        {"jobs", true, "N", "distributed: at most this many jobs"},
        kGame,
        kStart,
        {"prove", false, "", "othello: prove the margin again by df-pn, both trees checked by the plain-rules verifier"},
        {"replies", false, "", "othello: every legal move's exact margin too, best first (in one process, within --time)"},
        {"proof-nodes", true, "N", "othello with --workers: the largest tree a job's proof may take (default 2000000)"},
        {"split-levels", true, "L", "othello with --workers: positions of the principal line split into jobs, the root's first (default 3)"}},
       {"tengen solve \"g12,h12,i12,f11,h11,c10,h10,k9,h8,c7,g7/j12,g11,d10,e10,f10,g10,e9,h9,i9,j9,d8\"", "tengen solve --time 30s \"D4 j10 g8 i8 g10\"", "tengen solve --mode vct --limit 4 --to-move black \"h10,h9,j9,h8,i7/i11,i9,g8,j8,h7\"",
        "tengen solve --rule freestyle --size 7 \"\"", "tengen solve --game othello --size 4 \"\"",
        "tengen solve --game othello --workers 2 \"f5 d6 c3 d3 c4 f4 f6 f3 e6 e7 d7 c6\""}},
      {"query",
       "what the book holds: value, best move, line, every reply",
       "tengen query [POSITION] [options]",
       "What the book holds about a position, in the orientation asked: its value (proved values only;\n"
       "an entry no verifier here has checked is shown as claimed, unverified), best move, line, and every\n"
       "legal reply's value. Without a POSITION, one position per line of standard input, on every core.",
       {kRule, kSize, kToMove, kBook, kJson, {"threads", true, "N", "batch: threads answering lines (default: cores)"},
        kGame,
        kStart},
       {"tengen query --book ./tengen-book \"h8 h9 i9\"", "tengen query --game othello --size 4 --book ./tengen-book \"d3\""}},
      {"verify",
       "re-check stored proofs with the independent verifier",
       "tengen verify [POSITION] [options]",
       "Rebuilds stored proofs from the book's records and re-checks them with the independent verifier,\n"
       "marking them verified (or not). Without a POSITION, every claim in the book, and every Othello entry's\n"
       "trees with the plain-rules Othello verifier.",
       {kRule, kSize, kToMove, kBook, kLockWait, kJson,
        {"proof", true, "FILE", "re-check a proof file (book export --format proof) from the file alone, no book"},
        {"slice", true, "MOVES", "with --proof: only the subtree after these moves"},
        {"compact", true, "OUT", "with --proof: once verified, write it compacted by threat sequences to OUT (checked again first)"},
        kCompactThreats,
        {"proof-set", true, "INDEX", "re-check a claim proved by several proof files: the index's position, the attacker's move there, every reply leading (up to symmetry) to one file's root, every file's tree"},
        {"roots-only", false, "", "with --proof-set: read only the files' roots (the coverage), leaving their trees to 'verify --proof' each"}},
       {"tengen verify --book ./tengen-book", "tengen verify --proof proofs/suisei-i13.tgp",
        "tengen verify --proof big.tgp --compact small.tgp", "tengen verify --proof-set proofs/freestyle-15x15.tgs"}},
      {"openings",
       "the 26 renju openings, and what the book knows of them",
       "tengen openings [options]",
       "The 26 canonical renju openings: code, name, moves, what the renju literature says of them, and with\n"
       "a book, the book's value and proof size for each. A position may start with a code or a name.",
       {kBook, kJson},
       {"tengen openings", "tengen openings --book ./tengen-book --json"}},
      {"book init",
       "make a new, empty book",
       "tengen book init [--book DIR]",
       "Makes a new, empty book in a missing or empty directory (an existing book is left as it is).",
       {kBook, kLockWait},
       {"tengen book init --book ./my-book"}},
      {"book stats",
       "a book's entries in figures",
       "tengen book stats [options]",
       "Entries by value, rule and size, stones on the board; verified entries and unverified claims;\n"
       "bytes on disk.",
       {kBook, kJson, {"check", false, "", "also read every block of every file and check its checksum"}},
       {"tengen book stats --check"}},
      {"book export",
       "every entry as JSON Lines, or the book's tree as a RenLib library or an SGF file",
       "tengen book export [options]\n"
       "tengen book export --format renlib|sgf [--root POSITION] [--depth D] > out.lib",
       "Every entry as one JSON line on standard output; or, with --format renlib or sgf, the tree of\n"
       "every stored position that legal moves reach within --depth plies of --root, each node's comment\n"
       "saying what the book proves there (\"black wins (verified, proof of N positions)\", \"white cannot\n"
       "win (verified)\", ...), the proved best moves marked. RenLib holds 15x15 only.",
       {kBook, kRule, kSize,
        {"format", true, "F", "jsonl (default), renlib (.lib, RenLib 3.x), sgf (FF[4] GM[4]) or proof (a proof file for 'tengen verify --proof'; under freestyle and standard its forcing lines end at threat-sequence leaves, see --compact-threats)"},
        {"out", true, "FILE", "the file to write instead of standard output (proof: needed), whole or not at all; jsonl to a name ending in .zst: Zstandard-compressed"},
        {"win", true, "C", "proof: whose win (default: the stored result's winner); the other colour's gives its disproof"},
        {"root", true, "POSITION", "renlib/sgf: the tree's root, a move list (default: the empty board)"},
        {"depth", true, "D", "renlib/sgf: plies below the root (default 4)"},
        {"max-nodes", true, "N", "renlib/sgf: stop after this many moves in the tree (default 1000000)"},
        {"along", true, "GAME", "proof: a game (a move list from the empty board) whose winner's moves the tree takes wherever the book proves the position after them the same win"},
        {"whole", false, "", "proof: write a win the book checks by its parts (mirror-image replies) as one tree, each image's proof repeated"},
        kCompactThreats},
       {"tengen book export > book.jsonl", "tengen book export --out campaign.jsonl.zst",
        "tengen book export --format renlib --root \"D4\" --depth 6 > d4.lib",
        "tengen book export --format proof --root \"h8 a1\" --rule freestyle --out h8-a1.tgp"}},
      {"book import",
       "merge a book, a JSON Lines file or a proof file (.tgp)",
       "tengen book import SOURCE [--book DIR]",
       "Merges a book directory, a JSON Lines file (.jsonl, or .jsonl.zst as 'book export --out' writes\n"
       "it), or - (standard input) into the book. Imported proofs are claims until 'tengen verify'\n"
       "re-checks them; a contradiction imports nothing. A proof file\n"
       "(SOURCE ending in .tgp, as 'book export --format proof' writes and proofs/ ships) is re-checked\n"
       "whole by the verifier first and stored as verified records in one atomic write, or not at all.",
       {kBook, kLockWait},
       {"tengen book import book.jsonl --book ./tengen-book",
        "tengen book import campaign.jsonl.zst --book ./tengen-book && tengen verify --book ./tengen-book",
        "tengen book import proofs/freestyle-h8-n9.tgp --book ./tengen-book"}},
      {"book repair",
       "copy what can be read of a damaged book into a new book",
       "tengen book repair --book DAMAGED --into NEW",
       "Copies every readable value of a damaged book into a new book (a missing or empty directory),\n"
       "re-checks every copied proof with the verifier, and lists what could not be kept. The damaged\n"
       "book is never changed.",
       {kBook, {"into", true, "DIR", "the new book (a missing or empty directory)"}, kLockWait},
       {"tengen book repair --book ./tengen-book --into ./tengen-book-repaired"}},
      {"book build",
       "a value for every position a few plies below a root or opening",
       "tengen book build ROOT --depth D [options]\n"
       "tengen book build --openings all|CODE,... --depth D [options]",
       "Gives every position up to D plies below ROOT (or below each named opening) a value, one job per\n"
       "question, with the coordinator and its workers; rerun the same command to resume. Ctrl-C (or\n"
       "SIGTERM) stops at the next answer with the book consistent and says where it stopped.\n"
       "With --game othello (or anti-othello) the positions at the depth get their exact final margin from\n"
       "the workers' endgame solver, proved by df-pn within --proof-nodes and re-checked by the plain-rules\n"
       "verifier (a margin without such a proof is stored as a claim); the positions above take theirs\n"
       "from their children.",
       {kRule, kSize, kToMove, kBook, kGame, kStart,
        {"proof-nodes", true, "N", "othello: df-pn nodes for each of a margin's two proofs (default 2000000; 0: none)"},
        {"depth", true, "D", "plies below the root (0 to 8)"},
        {"openings", true, "LIST", "all, or opening codes or names separated by commas (renju 15x15)"},
        {"nodes", true, "N", "nodes per position (default 20000)"},
        {"time", true, "S", "seconds per position"},
        {"hash", true, "MB", "table per job in MiB (default 32)"},
        kWorkers,
        kBookLeaves,
        {"jobs", true, "N", "at most this many jobs"},
        kLockWait,
        kJson},
       {"tengen book build \"\" --rule freestyle --size 6 --depth 1 --workers 2", "tengen book build --openings D4,I7 --depth 1",
        "tengen book build --game othello --size 4 \"\" --depth 3 --workers 2"}},
      {"lines import",
       "a RenLib library's or an SGF file's lines as positions to prove",
       "tengen lines import FILE.lib|FILE.sgf [options]",
       "Reads a library's tree and prints every line from the empty board to a leaf as a move list, one a\n"
       "line, each checked as a game under the rule (a line that is no game is left out and named). Feed\n"
       "them to 'tengen solve', or prove them with the library's moves tried first: 'tengen solve --lines\n"
       "FILE'. Nothing a library says is stored as a value without a proof.",
       {kRule, kSize, kJson},
       {"tengen lines import d4.lib", "tengen lines import game.sgf | tengen solve --book ./tengen-book"}},
      {"bench",
       "speed and strength figures (fouls, solve, book, distributed, horizon, othello)",
       "tengen bench fouls|solve|book|distributed|horizon|othello [options]",
       "Speed and strength figures: fouls (forbidden-point scan), solve (the prover on fixed positions),\n"
       "book (queries on a synthetic book), distributed (dispatch capacity at 2 and 64 workers, the coordinator's\n"
       "time per answer replaying a recorded build to 2, 64 and 1000 simulated workers, speedup), horizon (how close\n"
       "to the opening the known winners of real games are proved), othello (the exact endgame solver on the\n"
       "FForum problems #1-19).",
       {{"file", true, "F", "fouls: renju-fouls.tsv; horizon: a JSON Lines file of games; othello: an .obf file (default: tests/data)"},
        {"rounds", true, "N", "fouls: passes over the positions; distributed: job-set rounds, the fastest kept (default 3)"},
        {"entries", true, "N", "book: entries (default 1000000)"},
        {"queries", true, "N", "book: point queries"},
        {"dir", true, "DIR", "book: keep the benchmark book here"},
        {"jobs", true, "N", "distributed: trivial jobs to dispatch"},
        {"quick", false, "", "distributed: dispatch at 2 workers only"},
        {"depth", true, "N", "distributed: plies of the recorded build (default 3)"},
        {"rule", true, "R", "horizon: the rule of the games whose line names none (a line's \"rule\" field; default renju)"},
        {"nodes", true, "N", "horizon: nodes per position (default 1000000)"},
        {"time", true, "S", "horizon: seconds per position (default 60); othello: seconds per problem, after which it is reported unfinished (default: none)"},
        kHash,
        {"lines", true, "LIST", "horizon: line numbers of the file, e.g. 1,3"},
        {"prove", false, "", "othello: prove every margin again and verify the trees"},
        {"method", true, "M", "othello --prove: null-window (default: trees from the endgame solver) or dfpn"},
        {"start", true, "PLY", "horizon: start the walk at this ply"},
        {"stop", true, "PLY", "horizon: the last (earliest) ply the walk tries (default 3, the opening)"},
        {"misses", true, "N", "horizon: stop after N positions in a row not proved (default 3)"},
        {"reuse", false, "", "horizon: earlier positions of a line take the line's proofs found so far as leaves"},
        {"book", true, "DIR", "horizon: every search takes this book's verified wins (of the line's rule) as leaves, "
                              "grafted into its proof and checked again; one process only"},
        {"replies", false, "", "horizon: with one line and --start PLY (the loser to move), prove the winner's win after each of "
                               "the loser's legal moves instead of walking back, and sum up which fall and which do not; with "
                               "the winner to move, the same after each of the winner's moves within two cells of a stone; "
                               "othello: solve every move too and check each listed move's published score"},
        {"then", true, "MOVES", "horizon --replies: moves played after --start PLY first (a position off the line, e.g. \"e9\")"},
        kProbeNodes,
        kProbeMax,
        kSequenceThreats,
        kReplyProbes,
        kEffortShift,
        kEpsilon,
        kWeakPn,
        kSiblingHints,
        kHintEngine,
        kHintPlies,
        kHintAfter,
        kHintQuestions,
        kHintMs,
        kHintWait,
        {"workers", true, "N", "horizon: prove through the coordinator with N workers"},
        {"job-nodes", true, "N", "horizon --workers: nodes per job (the root's first job: the rest of the budget)"},
        kBookLeaves,
        kJson},
       {"tengen bench solve", "tengen bench horizon --lines 1 --nodes 200000",
        "tengen bench horizon --lines 9 --start 24 --replies --nodes 20000",
        "tengen bench horizon --lines 5 --start 13 --then e9 --replies --nodes 500000"}},
      {"engine",
       "the Gomocup engine protocol GUIs speak (also as pbrain-tengen)",
       "tengen engine [options]      (also as pbrain-tengen [options])",
       "Speaks the Gomocup (Piskvork) engine protocol on standard input and output, with Yixin-Board's\n"
       "YXBOARD and YXSHOWFORBID: plays the book's proven move when the book knows the position, else a win\n"
       "the prover finds within half the turn's time (VCF, VCT, a short full search), else a move that\n"
       "stops the opponent's VCF, else the pattern evaluation's best; never an illegal move or a black foul.",
       {kBook, {"hash", true, "MB", "transposition table in MiB (default 256)"}},
       {"printf 'START 15\\nINFO rule 4\\nBEGIN\\nEND\\n' | tengen engine"}},
      {"campaign",
       "prove an opening (or any position) over as many runs as it takes",
       "tengen campaign OPENING|POSITION [--via MOVE] [--win C] --book DIR [options]\n"
       "tengen campaign GAME --line --win C --book DIR [options]\n"
       "tengen campaign status OPENING|POSITION [--via MOVE] --book DIR [--chart FILE.svg]",
       "Proves the winner's win with the coordinator and its workers (in-process, or the ranks under\n"
       "mpirun), keeping every verified answer in the book, until it falls or is stopped; run the same\n"
       "command again to go on (also after kill -9). At each node where the loser is to move, the\n"
       "winner's win after a pass is proved first and its moves guide the jobs below; a job that comes\n"
       "back unknown is asked again with --job-growth times its nodes up to --job-max-nodes before it is\n"
       "split (with --hint-engine, the coordinator's own engine names the winner's move to ask first\n"
       "there). Where the winner is to move at the root, --via names its move, and the campaign proves the\n"
       "position after it, then the root (re-checked whole from the book). A log of where it stands goes\n"
       "into the book every --sample-every seconds; 'campaign status' reads it, and --chart draws it.\n"
       "With --line the position is a whole game that C won: every position where C is to move (from ply\n"
       "--line-from on) is proved through the game's own move there, deepest first, each step a run of\n"
       "--time seconds; with --hint-engine, a step that stops with at most --reply-help of the loser's\n"
       "replies open (by class) has the engine think --split-rethink-ms about each, proves that move as a\n"
       "campaign of its own, and runs the step again if one was proved (a single campaign does so with\n"
       "--reply-help N).\n"
       "The line stops at the first step still open.",
       {kRule, kSize, kToMove, kBook, kWorkers, kLockWait, kJson, kHintEngine, kHintAfter, kHintQuestions, kHintMs, kHintWait, kBookLeaves,
        {"win", true, "C", "whose win to prove (default: an opening's assessment)"},
        {"via", true, "MOVE", "the winner's move at the root, when the winner is to move there"},
        {"line", false, "", "the position is a game the winner won: prove its line back from the end"},
        {"line-from", true, "PLY", "--line: the shallowest position to prove, in plies (default 0, the whole game)"},
        {"reply-help", true, "N", "with --hint-engine: a run left with at most N open reply classes gets the engine's move after each, proved as a campaign of its own, then runs again if one was proved (default 4 with --line, else 0: never)"},
        {"help-depth", true, "D", "--reply-help: levels of help (default 1); at 2, the campaign of the engine's move after an open reply, itself left with at most N open, is helped the same way"},
        {"help-tries", true, "K", "--reply-help: the engine's moves tried after an open reply (default 1, at most 8); a move whose campaign is left with more than N open, or lost, gives way to the engine's next choice, asked with the moves before barred (YXBLOCK); an answer the engine announces a win with (+M) is tried first, and before any of the engine's, an answer the book has more than half of the replies to proved"},
        {"drill", true, "N", "a run still open after its help is drilled up to N times (default 0): the run's hardest line not drilled yet is followed to the winner's move at --drill-ply, that move is proved as a campaign of its own (helped as the run is), each winner's move above it on the line is linked from the book, and the run goes again; a drill whose answer stays open is followed deeper, along that answer's campaign's hardest line"},
        {"drill-ply", true, "P", "--drill: the ply of the winner's answer drilled below the proved position, even (default 4; a loser's four and its block not counted; a shorter line: its deepest)"},
        {"drill-time", true, "S", "--drill: seconds of each drilled or linking run (default: --time)"},
        {"drill-jobs", true, "N", "--drill: jobs of each drilled or linking run (default: --jobs)"},
        {"job-nodes", true, "N", "nodes of a question's first job (default 200000)"},
        {"job-growth", true, "K", "an unknown job is asked again with K times its nodes (default 4)"},
        {"job-max-nodes", true, "N", "the largest job a question gets before it is split (default 3200000)"},
        {"job-time", true, "S", "seconds per job instead of nodes"},
        {"pass-hints", true, "N", "prove the winner's win after a pass first where the loser is to move, as hints below, followed for a quarter of each job (default 1)"},
        {"split-rethink-ms", true, "MS", "--hint-engine: where the engine's move at a split came back unproved from the largest job, it thinks again this long, once a node (default 30 x --hint-ms; 0: never)"},
        {"time", true, "S", "stop this run after S seconds (the campaign goes on at the next run)"},
        {"jobs", true, "N", "stop this run after N jobs"},
        {"sample-every", true, "S", "seconds between the log's samples (default 60)"},
        kHash,
        {"chart", true, "FILE", "write the campaign's progress chart (SVG) here"}},
       {"tengen campaign I13 --via j9 --book ./suisei --workers 2 --chart suisei.svg",
        "tengen campaign status I13 --via j9 --book ./suisei --chart suisei.svg",
        "tengen campaign \"h8 i9 g9 g8 f10 e11 e9 g11 h10 f8 f11 g10 g12 h9 i10\" --line --win black --rule freestyle --book B --time 600"}},
      {"campaign status",
       "where a campaign stands, from its book",
       "tengen campaign status OPENING|POSITION [--via MOVE] [--win C] --book DIR [--chart FILE.svg] [--json]",
       "What the book proves at the campaign's position, which of the loser's replies are still open (counted\n"
       "also by class, replies whose positions are mirror images being one; each open class shown by one reply\n"
       "and the number it stands for), and the campaign's log: hours of runs, the open frontier and its\n"
       "hardest positions.",
       {kRule, kSize, kToMove, kBook, kJson, {"win", true, "C", "whose win (default: an opening's assessment)"},
        {"via", true, "MOVE", "the winner's move at the root"}, {"chart", true, "FILE", "write the progress chart (SVG) here"}},
       {"tengen campaign status I13 --via j9 --book ./suisei"}},
      {"serve",
       "a web view of the book (one page and a JSON API)",
       "tengen serve [--book DIR] [--port P] [--host H]",
       "Serves a read-only web view of the book: the board with the position's value, best move and line,\n"
       "every stored reply coloured by its value, black's forbidden points under renju; click to play,\n"
       "back and forward, the 26 openings. JSON: /api/query?position=...&rule=...&size=..., /api/openings,\n"
       "/api/stats. Opens the book as a reader, so it runs beside a book build. Ctrl-C stops it.",
       {kBook, {"port", true, "P", "port (default 8017; 0: any free port)"},
        {"host", true, "H", "address to listen on (default 127.0.0.1: this machine only)"}},
       {"tengen serve --book ./tengen-book   # then open http://127.0.0.1:8017/"}},
      {"version", "the version and the build", "tengen version   (or tengen --version)", "The version and the build.", {}, {"tengen --version"}},
      {"help", "this overview, or one command's usage", "tengen help [COMMAND]   (or tengen COMMAND --help)", "This overview, or one command's usage.", {},
       {"tengen help solve"}},
  };
}

}  // namespace

const std::vector<CommandHelp>& allCommands() {
  static const std::vector<CommandHelp> commands = makeCommands();
  return commands;
}

const CommandHelp* findCommand(std::string_view name) {
  for (const auto& c : allCommands())
    if (c.name == name) return &c;
  return nullptr;
}

const CommandHelp& commandHelp(std::string_view name) {
  if (const CommandHelp* c = findCommand(name)) return *c;
  throw std::logic_error("no help for command " + std::string(name));
}

void printCommandHelp(std::ostream& out, const CommandHelp& c) {
  out << "usage: " << c.usage << "\n\n" << c.summary << "\n";
  if (!c.options.empty()) {
    out << "\noptions:\n";
    for (const auto& o : c.options) {
      std::string left = "  --" + o.name + (o.takesValue ? " " + o.value : "");
      if (left.size() < 22) left.resize(22, ' ');
      else left += "  ";
      out << left << o.text << '\n';
    }
    out << "  --help, -h            this help\n";
  }
  if (!c.examples.empty()) {
    out << "\nexample" << (c.examples.size() > 1 ? "s" : "") << ":\n";
    for (const auto& e : c.examples) out << "  " << e << '\n';
  }
}

bool printGroupHelp(std::ostream& out, std::string_view group) {
  bool any = false;
  for (const auto& c : allCommands())
    if (c.name.size() > group.size() && c.name.compare(0, group.size(), group) == 0 && c.name[group.size()] == ' ') {
      if (any) out << '\n';
      any = true;
      printCommandHelp(out, c);
    }
  return any;
}

void printOverview(std::ostream& out) {
  out << "tengen - proves renju and gomoku openings and keeps them in a book\n\n"
         "usage: tengen COMMAND [ARGS] [OPTIONS]      (tengen help COMMAND, or tengen COMMAND --help)\n\n"
         "commands:\n";
  for (const auto& c : allCommands()) {
    std::string name = "  " + c.name;
    name.resize(std::max<std::size_t>(16, name.size() + 2), ' ');  // a long name keeps a gap before its line
    out << name << c.brief << '\n';
  }
  out << "\npositions:\n"
         "  a move list, black first:   \"h8 h9 i9\"   (spaces or commas; checked as a legal game)\n"
         "  an opening and more moves:  \"D4 j10\", \"kagetsu\"   (renju 15x15; see tengen openings)\n"
         "  or stone lists:             \"h8,i9/h9\"   (BLACKS/WHITES; \"/\" alone is the empty board)\n"
         "  coordinates: columns a.. from the left, rows 1.. from the bottom (h8 is the centre of 15x15)\n"
         "\ngame values assume no passes (like the published renju proofs); a draw means neither side can\n"
         "force a win. A result is reported proven only after the independent verifier accepts its proof;\n"
         "a book entry no verifier of this installation has checked is shown as \"claimed, unverified\".\n"
         "\nexit status: 0 success, 1 some batch input failed or a book problem, 2 bad command line or position\n";
}

std::string versionLine() {
  return std::string("tengen ") + TENGEN_VERSION + " (commit " + TENGEN_COMMIT + ", " + TENGEN_COMPILER + ", " +
         TENGEN_BUILD_TYPE + " build)";
}

}  // namespace tengen::cli
