// Line reading shared by the batch modes of fouls and query.
#include "cli/input_lines.h"

#include <iostream>

#include "cli/json.h"

namespace tengen::cli {

bool forEachInputLine(std::istream& in, const std::function<bool(const std::string&)>& answer) {
  bool allGood = true;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.find_first_not_of(" \t") == std::string::npos || line[0] == '#') continue;
    allGood &= answer(line);
  }
  return allGood;
}

void printLineError(const std::string& text, const std::string& error, bool json) {
  if (json)
    std::cout << JsonObject().str("position", text).str("error", error).done() << '\n';
  else
    std::cout << "position: " << text << "\nerror: " << error << '\n';
}

}  // namespace tengen::cli
