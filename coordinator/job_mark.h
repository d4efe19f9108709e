// A job that decided nothing leaves a mark beside the book's records (its budget and the numbers
// it reached), so a resumed run neither repeats it nor asks it with less.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "solver/gomoku/position.h"
#include "worker/gomoku_job.h"

namespace tengen::coordinator {

struct JobMark {
  std::uint64_t maxNodes = 0;
  double maxSeconds = 0;
  std::uint32_t pn = 1, dn = 1;
};

// The mark's key in the book's job-state column family: the position's key and the attacker.
std::string jobStateKey(const std::string& positionKey, gomoku::Color attacker);

std::string encodeMark(const JobMark& m);
std::optional<JobMark> decodeMark(const std::string& text);  // nullopt: not a mark of this version

// Whether a job with the mark's budget was at least as big as one with `b` (0 means unlimited).
bool covers(const JobMark& m, const worker::JobBudget& b);

}  // namespace tengen::coordinator
