// An HTTP/1.x request head as the web view reads it: the request line, the headers and the decoded
// query parameters, or the status that refuses it. The web view answers GET and HEAD and takes no
// request body.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <variant>

namespace tengen::web {

struct HttpRequest {
  std::string method;                         // GET or HEAD
  std::string path;                           // the target before '?', as sent
  std::map<std::string, std::string> query;   // decoded parameters (a name given twice: the last)
  std::map<std::string, std::string> headers; // names in lower case
  bool keepAlive = true;                      // HTTP/1.1 unless "Connection: close"; 1.0 only if asked
};

// A request refused: the status and what was wrong, in words for the client.
struct HttpRefusal {
  int status = 400;
  std::string why;
};

// Limits on a request head, so a client cannot make the server hold more than this.
inline constexpr std::size_t kMaxRequestLine = 8 * 1024;   // beyond: 414
inline constexpr std::size_t kMaxRequestHead = 32 * 1024;  // beyond: 431

// Where the head in `bytes` ends (one past its blank line), 0 while it is not whole yet, or a
// refusal when the bytes so far already break a limit.
std::variant<std::size_t, HttpRefusal> findRequestHead(std::string_view bytes);

// Parses a whole head (as findRequestHead delimits it).
std::variant<HttpRequest, HttpRefusal> parseRequestHead(std::string_view head);

// The reason phrase of a status code ("Not Found").
std::string_view reasonPhrase(int status);

}  // namespace tengen::web
