// The web view's page, one self-contained HTML document with the board's first picture in it.
#pragma once

#include <string>
#include <string_view>

namespace tengen::web {

// `firstBoard`: an <svg> element (web/board_svg.h) shown until the script has the book's answer.
std::string page(std::string_view firstBoard);

}  // namespace tengen::web
