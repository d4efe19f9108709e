// Batch input for commands that take one position per line of standard input.
#pragma once

#include <functional>
#include <istream>
#include <string>

namespace tengen::cli {

// Calls `answer` for each line of `in` that is not blank or a # comment (a trailing CR is
// dropped). Returns true when every call returned true.
bool forEachInputLine(std::istream& in, const std::function<bool(const std::string&)>& answer);

// The answer a batch gives for a line it cannot use: the line and why, as text or one JSON object.
void printLineError(const std::string& text, const std::string& error, bool json);

}  // namespace tengen::cli
