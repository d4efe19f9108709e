// Batch input for commands that take one position per line of standard input.
#pragma once

#include <functional>
#include <istream>
#include <string>
#include <string_view>

namespace tengen::cli {

// Reads one line (without its newline and a trailing CR) keeping at most `limit` bytes: the rest
// of a longer line is read and dropped, and `cut` says so. False at the end of input. Memory
// stays bounded whatever the input (a file of zeros has no newline).
bool readBoundedLine(std::istream& in, std::string& line, std::size_t limit, bool& cut);

// A position the user typed as it may stand in text output: "(empty board)", or the text with
// control bytes and bytes that are not UTF-8 escaped, cut when long.
std::string shownPosition(std::string_view text);

// When standard input is a terminal, says on standard error that positions are read from it (one
// a line; Ctrl-D ends): a command waiting for input never waits silently.
void promptIfTerminal(const char* command);

// Calls `answer` for each line of `in` that is not blank or a # comment (a trailing CR is
// dropped). Returns true when every call returned true.
bool forEachInputLine(std::istream& in, const std::function<bool(const std::string&)>& answer);

// The same, on `threads` threads: lines are taken in chunks (those already waiting, up to 1024,
// so an interactive caller is answered line by line), answered in parallel, and written to
// standard output in input order, `separator` between answers. `answer` appends its text to `out`
// and returns whether the line was good; it is called from several threads at once. `beforeChunk`
// runs on the calling thread before each chunk. An exception from `answer` stops the batch after
// the answers before it are written.
using LineAnswer = std::function<bool(const std::string& line, std::string& out)>;
bool answerInputLines(std::istream& in, int threads, std::string_view separator, const LineAnswer& answer,
                      const std::function<void()>& beforeChunk);

// The answer a batch gives for a line it cannot use: the line and why, as text or one JSON object.
void printLineError(const std::string& text, const std::string& error, bool json);
std::string lineErrorText(const std::string& text, const std::string& error, bool json);

}  // namespace tengen::cli
