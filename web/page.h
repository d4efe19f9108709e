// The web view's page, one self-contained HTML document.
#pragma once

#include <string_view>

namespace tengen::web {

std::string_view page();

}  // namespace tengen::web
