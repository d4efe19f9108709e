// One run of a campaign: the coordinator with the campaign's levers (pass proofs as hints, jobs
// grown before they are split, the engine at the splits), the log's samples, the root linked.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>
#include <map>
#include <sstream>

#include "book/claim_parts.h"
#include "book/position_key.h"
#include "book/stored_proof.h"
#include "book/whole_file.h"
#include "cli/campaign.h"
#include "cli/hint_engine_options.h"
#include "cli/input_lines.h"
#include "cli/json.h"
#include "solver/gomoku/notation.h"
#include "solver/gomoku/verifier_scans.h"
#include "worker/shutdown.h"

namespace tengen::cli {

using gomoku::Color;
using gomoku::Position;

CampaignTarget campaignTarget(const Position& root, std::string text, Color winner, std::optional<gomoku::Point> via) {
  CampaignTarget t;
  t.root = root;
  t.text = std::move(text);
  t.winner = winner;
  t.proved = root;
  if (via) {
    const int n = root.board.size();
    if (root.toMove != winner)
      throw UsageError("--via is the winner's move at the root, and " + std::string(gomoku::colorName(winner)) + " is not to move there");
    if (!root.board.isEmpty(*via)) throw UsageError("--via " + gomoku::formatPoint(*via, n) + ": the point is taken");
    t.via = *via;
    t.proved.board.place(*via, winner);
    t.proved.toMove = gomoku::opponent(winner);
  } else if (root.toMove == winner) {
    throw UsageError("the winner is to move at the root: name the winning move with --via MOVE (the campaign proves the position after it)");
  }
  t.campaign = book::canonicalKey(t.proved.board, t.proved.rule, t.proved.toMove).bytes + "/" +
               std::string(gomoku::colorName(winner));
  return t;
}

ReplyCount repliesOf(const book::QueryAnswer& proved, const CampaignTarget& t) {
  ReplyCount c;
  const book::Value win = book::winValue(t.winner);
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

std::string hours(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f h", seconds / 3600);
  return text;
}

namespace {

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

}  // namespace

std::vector<CampaignSample> samplesOf(const book::Book& book, const std::string& campaign) {
  std::vector<CampaignSample> out;
  book.forEachCampaignSample(campaign, [&](std::uint64_t at, std::string_view text) {
    if (const auto s = decodeSample(at, text)) out.push_back(*s);
    return true;
  });
  return out;
}

namespace {

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

}  // namespace

int rethinkMilliseconds(const Args& args, const HintEngineOptions& hints) {
  return static_cast<int>(args.integer("split-rethink-ms", std::min<long long>(30LL * hints.milliseconds, 3600000), 0, 3600000));
}

coordinator::RunOptions campaignRunOptions(const Args& args, gomoku::Rule rule, int boardSize, Color winner) {
  coordinator::RunOptions options;
  options.goal = coordinator::Goal::Solve;
  options.onlyAttacker = winner;
  options.jobBudget = budgetFrom(args, "job-nodes", "job-time", 200000);
  options.maxSeconds = args.seconds("time", 0, 0, 1e9);
  options.passHints = args.integer("pass-hints", 1, 0, 1) == 1;
  options.budgetGrowth = static_cast<int>(args.integer("job-growth", 4, 1, 64));
  options.maxJobNodes = static_cast<std::uint64_t>(args.integer("job-max-nodes", 3200000, 0, 1LL << 40));
  if (options.budgetGrowth > 1 && options.maxJobNodes <= options.jobBudget.maxNodes) options.budgetGrowth = 1;
  options.sampleEvery = args.seconds("sample-every", 60, 1, 86400);

  // The coordinator's own engine names the attacker's move where the run splits a position.
  if (const auto hints = hintEngineOptions(args); hints && options.passHints) {
    options.splitOracle = searchGuideOf(*hints).make(rule, boardSize);
    // Where its quick move fails at the largest job, the engine thinks again, longer (the
    // positions that stalled campaigns fell to a move an engine found only with seconds).
    HintEngineOptions longer = *hints;
    longer.milliseconds = rethinkMilliseconds(args, *hints);
    if (longer.milliseconds > 0) options.splitRethink = searchGuideOf(longer).make(rule, boardSize);
  } else if (args.value("split-rethink-ms")) {
    throw UsageError("--split-rethink-ms needs --hint-engine (the engine to ask)");
  }
  return options;
}

void writeCampaignChart(const Args& args, const CampaignTarget& t, const std::vector<CampaignSample>& samples) {
  const auto file = args.value("chart");
  if (!file) return;
  std::string title = t.text;
  if (t.via) title.append(" then ").append(gomoku::formatPoint(*t.via, t.root.board.size()));
  title.append(": ").append(gomoku::colorName(t.winner)).append("'s win");
  book::writeWholeFile(*file, campaignChartSvg(title, samples));
}

CampaignStepResult runCampaignStep(const Args& args, const CampaignTarget& t, DistributedRun& run,
                                   coordinator::RunOptions options) {
  const bool json = args.flag("json");
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
  writeCampaignChart(args, t, samples);
  const int n = t.root.board.size();
  if (json) {
    JsonObject o;
    o.str("campaign", t.text)
        .str("winner", gomoku::colorName(t.winner))
        .raw("via", t.via ? jsonQuote(gomoku::formatPoint(*t.via, n)) : "null")
        .str("result", gomoku::gameValueName(rootValue))
        .num("nodes", static_cast<long long>(s.nodes))
        .num("jobs", static_cast<long long>(s.jobs))
        .num("seconds", s.seconds)
        .num("campaign_seconds", samples.empty() ? s.seconds : samples.back().campaignSeconds)
        .str("stopped_by", s.stoppedBy);
    addEngineInJobs(o, s);
    std::cout << o.done() << '\n';
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
    if (const std::string engine = engineInJobs(s); !engine.empty()) std::cout << engine << "\n";
    if (rootValue == gomoku::GameValue::Unknown) std::cout << "run the same command again to go on\n";
  }
  std::cout.flush();  // before the next step's progress on standard error
  if (rootValue != gomoku::GameValue::Unknown) return {rootValue, {}, {}};
  return {rootValue, s.openReplies, s.hardestLines};
}


}  // namespace tengen::cli
