// `tengen campaign`: a long proof of an opening (or any position) run until it falls, stopped and
// resumed at any time: the coordinator with the campaign's levers (pass proofs as hints, jobs
// grown before they are split), a log of where it stands kept in the book, and a chart.
// `tengen campaign status` reads the log and the book without proving anything.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "book/book.h"
#include "book/book_query.h"
#include "book/claim_parts.h"
#include "book/position_key.h"
#include "book/stored_proof.h"
#include "book/whole_file.h"
#include "cli/args.h"
#include "cli/campaign_chart.h"
#include "cli/commands.h"
#include "cli/distributed.h"
#include "cli/hint_engine_options.h"
#include "cli/input_lines.h"
#include "cli/json.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/openings.h"
#include "solver/gomoku/position.h"
#include "solver/gomoku/verifier_scans.h"
#include "worker/shutdown.h"

namespace tengen::cli {
namespace {

using gomoku::Color;
using gomoku::Position;

// What the campaign proves: the root, the winner, and the winner's move at the root when the
// winner is to move there (the campaign then proves the position after it).
struct Target {
  Position root;
  std::string text;       // as the user gave it
  Color winner = Color::Black;
  std::optional<gomoku::Point> via;
  Position proved;         // root, or root after `via`
  std::string campaign;    // the log's name: the proved position's book key
};

Target targetOf(const Args& args) {
  if (args.positional().size() != 1) throw UsageError("give the opening or position to prove, e.g. tengen campaign I13");
  Target t;
  t.text = args.positional()[0];
  t.root = parsePosition(t.text, positionOptions(args));
  std::optional<Color> winner = colorOption(args, "win");
  if (!winner)
    if (const auto o = gomoku::findOpening(t.text); o && !o->assessment.empty())
      winner = o->assessment == "black-wins" ? Color::Black : Color::White;
  if (!winner) throw UsageError("say whose win to prove with --win black|white (known for an opening the table assesses)");
  t.winner = *winner;
  t.proved = t.root;
  if (const auto via = args.value("via")) {
    std::string error;
    const auto p = gomoku::parsePoint(*via, t.root.board.size(), &error);
    if (!p) throw UsageError("--via: " + error);
    if (t.root.toMove != t.winner) throw UsageError("--via is the winner's move at the root, and " + std::string(gomoku::colorName(t.winner)) + " is not to move there");
    if (!t.root.board.isEmpty(*p)) throw UsageError("--via " + *via + ": the point is taken");
    t.via = *p;
    t.proved.board.place(*p, t.winner);
    t.proved.toMove = gomoku::opponent(t.winner);
  } else if (t.root.toMove == t.winner) {
    throw UsageError("the winner is to move at the root: name the winning move with --via MOVE (the campaign proves the position after it)");
  }
  t.campaign = book::canonicalKey(t.proved.board, t.proved.rule, t.proved.toMove).bytes + "/" +
               std::string(gomoku::colorName(t.winner));
  return t;
}

// The loser's replies at the proved position, and how many the book holds as the winner's; the
// same counted by class (replies whose positions are mirror images of each other are one).
struct ReplyCount {
  std::uint32_t replies = 0, won = 0;
  std::vector<std::string> open;
  std::uint32_t classes = 0, classesWon = 0;
  std::vector<std::pair<std::string, int>> openClasses;  // a reply of each open class, and its size
};
ReplyCount repliesOf(const book::QueryAnswer& proved, const Target& t) {
  ReplyCount c;
  const book::Value win = t.winner == Color::Black ? book::Value::BlackWins : book::Value::WhiteWins;
  std::map<std::string, std::size_t> classOf;  // canonical key -> index in `seen`
  std::vector<std::pair<std::string, int>> seen;
  std::vector<bool> seenWon;
  for (const auto& r : proved.replies) {
    ++c.replies;
    const std::string move = gomoku::formatPoint(r.move, t.root.board.size());
    gomoku::Board after = t.proved.board;
    after.place(r.move, t.proved.toMove);
    // A reply that leaves the winner a five at once needs no proof of its own (the verifier
    // refutes it on the spot): won, stored or not.
    const bool won = r.result == win || (t.proved.toMove != t.winner &&
                                         !gomoku::scanFivePoints(after, t.winner, t.proved.rule).empty());
    if (won) ++c.won;
    else c.open.push_back(move);
    const auto [it, fresh] = classOf.emplace(book::canonicalKey(after, t.proved.rule, gomoku::opponent(t.proved.toMove)).bytes, seen.size());
    if (fresh) {
      seen.push_back({move, 0});
      seenWon.push_back(won);
    }
    ++seen[it->second].second;
  }
  c.classes = static_cast<std::uint32_t>(seen.size());
  for (std::size_t i = 0; i < seen.size(); ++i) {
    if (seenWon[i]) ++c.classesWon;
    else c.openClasses.push_back(seen[i]);
  }
  return c;
}

// A sample as the log keeps it: a line of numbers (the campaign's time, the run's figures, the
// replies proved), then the hardest positions. v1 samples (no reply count) still read.
std::string encodeSample(double campaignSeconds, const coordinator::RunProgress& p, const ReplyCount& replies) {
  std::ostringstream out;
  out << "v2 " << campaignSeconds << ' ' << p.nodes << ' ' << p.jobs << ' ' << p.proven << ' ' << p.unknown << ' '
      << p.rootPn << ' ' << p.rootDn << ' ' << p.openLeaves << ' ' << p.treeNodes << ' ' << replies.replies << ' '
      << replies.won;
  for (const auto& h : p.hardest) out << '\n' << h;
  return out.str();
}

std::optional<CampaignSample> decodeSample(std::uint64_t at, std::string_view text) {
  std::istringstream in{std::string(text)};
  std::string version;
  CampaignSample s;
  s.at = at;
  if (!(in >> version >> s.campaignSeconds >> s.nodes >> s.jobs >> s.proven >> s.unknown >> s.rootPn >> s.rootDn >>
        s.openLeaves >> s.treeNodes) ||
      (version != "v1" && version != "v2"))
    return std::nullopt;
  if (version == "v2" && !(in >> s.replies >> s.repliesWon)) return std::nullopt;
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) s.hardest.push_back(line);
  return s;
}

std::vector<CampaignSample> samplesOf(const book::Book& book, const std::string& campaign) {
  std::vector<CampaignSample> out;
  book.forEachCampaignSample(campaign, [&](std::uint64_t at, std::string_view text) {
    if (const auto s = decodeSample(at, text)) out.push_back(*s);
    return true;
  });
  return out;
}

// Stores the root's step (the winner's move `via`, whose position the campaign proved) and has the
// verifier re-check the whole proof from the book: the root is proved when that check passes. When
// this run's closing check re-checked the proved position's claim whole, the step above it is
// checked by the rules alone rather than the same tree twice. Stopped (Ctrl-C): a claim still.
gomoku::GameValue linkRootStep(book::Book& book, const Position& root, gomoku::Point via, Color winner,
                               bool provedCheckedThisRun) {
  // Proved by an earlier run: said so at once ('tengen verify' re-checks it whenever asked).
  if (const auto stored = book.get(book::canonicalKey(root.board, root.rule, root.toMove).bytes)) {
    const book::ProofStep* done = stored->provedStep(gomoku::index(winner));
    if (done && done->attackerWins) {
      std::cerr << "root: proved and verified by an earlier run\n";
      return gomoku::winFor(winner);
    }
  }
  Position after = root;
  after.board.place(via, winner);
  after.toMove = gomoku::opponent(winner);
  const auto child = book.get(book::canonicalKey(after.board, after.rule, after.toMove).bytes);
  const book::ProofStep* step = child ? child->provedStep(gomoku::index(winner)) : nullptr;
  if (!step || !step->attackerWins) return gomoku::GameValue::Unknown;
  const auto records = book::recordsFromStep(root, winner, true, {via}, {}, via, step->size + 1, step->depth + 1);
  book::storeRecords(book, records);
  const auto start = std::chrono::steady_clock::now();
  std::size_t positions = 0;  // the parts' keys, marked as each part passes
  const book::StoredCheck check =
      provedCheckedThisRun
          ? book::checkStepAbove(book, root.board, root.rule, root.toMove, winner)
          : book::checkStoredClaim(
                book, root.board, root.rule, root.toMove, winner, 0, [] { return worker::stopFlag().load(); },
                [&](const std::vector<std::string>& keys) {
                  book::markVerified(book, keys, winner, true);
                  positions += keys.size();
                });
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (check.stopped) {
    std::cerr << "root: its check stopped (" << check.error << "); the step stays a claim\n";
    return gomoku::GameValue::Unknown;
  }
  if (!check.ok) throw std::runtime_error("the opening's proof failed verification: " + check.error);
  book::markVerified(book, check.keys, winner, true);
  if (provedCheckedThisRun)
    std::cerr << "root: " << gomoku::formatPoint(via, root.board.size())
              << " checked by the rules; the proof below it was re-checked whole in this run\n";
  else
    std::cerr << "root: its whole proof re-checked from the book, " << positions + check.keys.size() << " positions in " << seconds
              << " s\n";
  return gomoku::winFor(winner);
}

std::uint64_t nowMs() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count());
}

std::string hours(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f h", seconds / 3600);
  return text;
}

void writeChart(const Args& args, const Target& t, const std::vector<CampaignSample>& samples) {
  const auto file = args.value("chart");
  if (!file) return;
  std::string title = t.text;
  if (t.via) title.append(" then ").append(gomoku::formatPoint(*t.via, t.root.board.size()));
  title.append(": ").append(gomoku::colorName(t.winner)).append("'s win");
  book::writeWholeFile(*file, campaignChartSvg(title, samples));
}

// What the book holds at the proved position, and the campaign's log, in words.
int status(const Args& args) {
  const Target t = targetOf(args);
  const book::Book book(args.value("book").value_or(book::kDefaultBookDir), book::Book::Access::ReadOnly);
  const auto samples = samplesOf(book, t.campaign);
  const book::QueryAnswer root = book::queryBook(book, t.root);
  const book::QueryAnswer proved = book::queryBook(book, t.proved);
  const ReplyCount count = repliesOf(proved, t);
  const std::size_t replies = count.replies, won = count.won;
  const std::vector<std::string>& open = count.open;
  const int n = t.root.board.size();
  const CampaignSample* last = samples.empty() ? nullptr : &samples.back();
  if (args.flag("json")) {
    JsonObject o;
    // As the run's own JSON line: the position as given, and the move after it apart.
    o.str("campaign", t.text)
        .str("winner", gomoku::colorName(t.winner))
        .raw("via", t.via ? jsonQuote(gomoku::formatPoint(*t.via, n)) : "null")
        .str("root_result", book::valueName(root.result))
        .str("proved_position_result", book::valueName(proved.result))
        .num("replies", static_cast<long long>(replies))
        .num("replies_won", static_cast<long long>(won));
    std::string list = "[";
    for (std::size_t i = 0; i < open.size(); ++i) list += (i ? ", " : "") + jsonQuote(open[i]);
    o.raw("open_replies", list + "]");
    // One reply a class with the number of replies it stands for, as the text lists them.
    list = "[";
    for (std::size_t i = 0; i < count.openClasses.size(); ++i)
      list += (i ? ", " : "") + JsonObject()
                                    .str("move", count.openClasses[i].first)
                                    .num("replies", static_cast<long long>(count.openClasses[i].second))
                                    .done();
    o.raw("open_classes", list + "]");
    o.num("classes", static_cast<long long>(count.classes)).num("classes_won", static_cast<long long>(count.classesWon));
    o.num("samples", static_cast<long long>(samples.size()));
    if (last) {
      o.num("campaign_seconds", last->campaignSeconds)
          .num("open_leaves", static_cast<long long>(last->openLeaves))
          .num("root_pn", static_cast<long long>(last->rootPn));
    }
    std::cout << o.done() << '\n';
  } else {
    std::cout << "campaign: " << shownPosition(t.text) << (t.via ? " then " + gomoku::formatPoint(*t.via, n) : "") << ", "
              << gomoku::colorName(t.winner) << "'s win\n"
              << "root: " << book::valueName(root.result) << (root.verified ? " (verified)" : "") << "\n";
    if (t.via)
      std::cout << "after " << gomoku::formatPoint(*t.via, n) << ": " << book::valueName(proved.result)
                << (proved.verified ? " (verified)" : "") << "\n";
    std::cout << "replies: " << won << " of " << replies << " proved " << gomoku::colorName(t.winner) << " wins";
    if (count.classes < replies) std::cout << " (" << count.classesWon << " of " << count.classes << " classes under the board's symmetries)";
    if (!open.empty()) {
      // One reply a class, with the number of replies it stands for: the list a player reads.
      std::cout << "; open:";
      for (const auto& [m, size] : count.openClasses) std::cout << ' ' << m << (size > 1 ? " (" + std::to_string(size) + ")" : "");
    }
    std::cout << "\n";
    if (last) {
      std::cout << "log: " << samples.size() << " samples over " << hours(last->campaignSeconds) << " of runs; last: "
                << last->openLeaves << " open positions at the frontier, root pn " << last->rootPn << "\n";
      for (const auto& h : last->hardest) std::cout << "  hardest: " << h << "\n";
    } else {
      std::cout << "log: no sample yet (run 'tengen campaign " << shownPosition(t.text) << " --book ...')\n";
    }
  }
  writeChart(args, t, samples);
  return 0;
}

}  // namespace

int runCampaign(int argc, char** argv) {
  if (argc > 2 && std::string_view(argv[2]) == "status") {
    const Args args(argc, argv, 3, commandHelp("campaign status"));
    return status(args);
  }
  const Args args(argc, argv, 2, commandHelp("campaign"));
  const Target t = targetOf(args);
  const bool json = args.flag("json");
  coordinator::RunOptions options;
  options.goal = coordinator::Goal::Solve;
  options.onlyAttacker = t.winner;
  options.jobBudget = budgetFrom(args, "job-nodes", "job-time", 200000);
  options.maxSeconds = args.seconds("time", 0, 0, 1e9);
  options.passHints = args.integer("pass-hints", 1, 0, 1) == 1;
  options.budgetGrowth = static_cast<int>(args.integer("job-growth", 4, 1, 64));
  options.maxJobNodes = static_cast<std::uint64_t>(args.integer("job-max-nodes", 3200000, 0, 1LL << 40));
  if (options.budgetGrowth > 1 && options.maxJobNodes <= options.jobBudget.maxNodes) options.budgetGrowth = 1;
  options.sampleEvery = args.seconds("sample-every", 60, 1, 86400);

  // The coordinator's own engine names the attacker's move where the run splits a position.
  if (const auto hints = hintEngineOptions(args); hints && options.passHints) {
    options.splitOracle = searchGuideOf(*hints).make(t.proved.rule, t.proved.board.size());
    // Where its quick move fails at the largest job, the engine thinks again, longer (the
    // positions that stalled campaigns fell to a move an engine found only with seconds).
    HintEngineOptions longer = *hints;
    longer.milliseconds = static_cast<int>(args.integer("split-rethink-ms", std::min<long long>(30LL * hints->milliseconds, 3600000), 0, 3600000));
    if (longer.milliseconds > 0) options.splitRethink = searchGuideOf(longer).make(t.proved.rule, t.proved.board.size());
  } else if (args.value("split-rethink-ms")) {
    throw UsageError("--split-rethink-ms needs --hint-engine (the engine to ask)");
  }
  DistributedRun run(args, false, distributedGuide(args));
  book::Book& book = *run.book;
  // The campaign's time goes on from its last sample: the chart spans every run.
  const auto before = samplesOf(book, t.campaign);
  const double earlier = before.empty() ? 0 : before.back().campaignSeconds;
  options.sample = [&](const coordinator::RunProgress& p) {
    book.appendCampaignSample(t.campaign, nowMs(), encodeSample(earlier + p.seconds, p, repliesOf(book::queryBook(book, t.proved), t)));
  };
  coordinator::RunSummary s = run.run(args, t.proved, options, json);
  // The root's step when the campaign proved the position after its move: from the book, one node.
  gomoku::GameValue rootValue = s.value;
  if (t.via && s.value == gomoku::winFor(t.winner)) rootValue = linkRootStep(book, t.root, *t.via, t.winner, s.rootClaimChecked);
  if (rootValue == gomoku::GameValue::Unknown && worker::stopRequested()) s.stoppedBy = "interrupted";
  const auto samples = samplesOf(book, t.campaign);
  writeChart(args, t, samples);
  const int n = t.root.board.size();
  if (json) {
    std::cout << JsonObject()
                     .str("campaign", t.text)
                     .str("winner", gomoku::colorName(t.winner))
                     .raw("via", t.via ? jsonQuote(gomoku::formatPoint(*t.via, n)) : "null")
                     .str("result", gomoku::gameValueName(rootValue))
                     .num("nodes", static_cast<long long>(s.nodes))
                     .num("jobs", static_cast<long long>(s.jobs))
                     .num("seconds", s.seconds)
                     .num("campaign_seconds", samples.empty() ? s.seconds : samples.back().campaignSeconds)
                     .str("stopped_by", s.stoppedBy)
                     .done()
              << '\n';
  } else {
    std::cout << "campaign: " << shownPosition(t.text) << (t.via ? " then " + gomoku::formatPoint(*t.via, n) : "") << ", "
              << gomoku::colorName(t.winner) << "'s win: " << gomoku::gameValueName(rootValue) << " (this run: " << s.jobs
              << " jobs, " << s.nodes << " nodes, " << s.seconds << " s, stopped: " << s.stoppedBy << ")\n";
    if (!samples.empty()) {
      const auto& last = samples.back();
      std::cout << "campaign so far: " << hours(last.campaignSeconds) << "; open frontier: " << last.openLeaves
                << " positions";
      if (last.campaignSeconds > 0)
        std::cout << "; " << static_cast<long long>(static_cast<double>(last.nodes) / std::max(1.0, s.seconds) * 3600)
                  << " nodes/h and " << static_cast<long long>(static_cast<double>(s.jobs) / std::max(1.0, s.seconds) * 3600)
                  << " jobs/h this run";
      std::cout << "\n";
      const ReplyCount count = repliesOf(book::queryBook(book, t.proved), t);
      std::cout << "replies: " << count.won << " of " << count.replies << " proved " << gomoku::colorName(t.winner) << " wins\n";
      for (const auto& h : last.hardest) std::cout << "  hardest: " << h << "\n";
    }
    if (s.splitQuestions > 0)
      std::cout << "engine at the splits: asked at " << s.splitQuestions << " nodes, again (longer) at " << s.splitRethinks
                << ", another move named at " << s.splitRethinksChanged << "\n";
    if (rootValue == gomoku::GameValue::Unknown) std::cout << "run the same command again to go on\n";
  }
  // Stopped by a signal (Ctrl-C, mpirun's SIGTERM): the book is consistent, the status says why.
  return worker::stopRequested() ? worker::stopExitStatus() : 0;
}

}  // namespace tengen::cli
