// Request heads per RFC 9112, strictly: CRLF line ends, no folded headers, a token method, an
// origin-form target, and no body (Content-Length above 0 or any Transfer-Encoding is refused).
#include "web/http_request.h"

#include <algorithm>
#include <cctype>

namespace tengen::web {
namespace {

bool isToken(std::string_view s) {
  if (s.empty()) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    const unsigned char u = static_cast<unsigned char>(c);
    return std::isalnum(u) || std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
  });
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

int hexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Percent-decoding of a query component ('+' is a space). False on a malformed escape.
bool decode(std::string_view in, std::string& out) {
  out.clear();
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (in[i] == '+') {
      out += ' ';
    } else if (in[i] == '%') {
      if (i + 2 >= in.size()) return false;
      const int hi = hexValue(in[i + 1]), lo = hexValue(in[i + 2]);
      if (hi < 0 || lo < 0) return false;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else {
      out += in[i];
    }
  }
  return true;
}

}  // namespace

std::variant<std::size_t, HttpRefusal> findRequestHead(std::string_view bytes) {
  const std::size_t lineEnd = bytes.find("\r\n");
  if (lineEnd == std::string_view::npos ? bytes.size() > kMaxRequestLine : lineEnd > kMaxRequestLine)
    return HttpRefusal{414, "the request line is longer than " + std::to_string(kMaxRequestLine) + " bytes"};
  const std::size_t end = bytes.find("\r\n\r\n");
  if (end == std::string_view::npos ? bytes.size() > kMaxRequestHead : end + 4 > kMaxRequestHead)
    return HttpRefusal{431, "the request's headers are longer than " + std::to_string(kMaxRequestHead) + " bytes"};
  return end == std::string_view::npos ? std::size_t{0} : end + 4;
}

std::variant<HttpRequest, HttpRefusal> parseRequestHead(std::string_view head) {
  const auto bad = [](std::string why) { return HttpRefusal{400, std::move(why)}; };
  HttpRequest request;
  std::size_t at = head.find("\r\n");
  const std::string_view line = head.substr(0, at);
  const std::size_t s1 = line.find(' '), s2 = s1 == std::string_view::npos ? s1 : line.find(' ', s1 + 1);
  if (s1 == std::string_view::npos || s2 == std::string_view::npos || line.find(' ', s2 + 1) != std::string_view::npos)
    return bad("a malformed request line (METHOD /path HTTP/1.1)");
  const std::string_view method = line.substr(0, s1), target = line.substr(s1 + 1, s2 - s1 - 1),
                         version = line.substr(s2 + 1);
  if (!isToken(method)) return bad("a malformed method");
  if (version != "HTTP/1.1" && version != "HTTP/1.0") {
    if (version.substr(0, 5) == "HTTP/") return HttpRefusal{505, "only HTTP/1.0 and HTTP/1.1 are spoken here"};
    return bad("a malformed request line (METHOD /path HTTP/1.1)");
  }
  if (target.empty() || target[0] != '/') return bad("the target must be a path starting with /");
  for (char c : target)
    if (static_cast<unsigned char>(c) <= 0x20 || static_cast<unsigned char>(c) >= 0x7F)
      return bad("the target holds bytes a URL may not (encode them with %XX)");
  request.keepAlive = version == "HTTP/1.1";

  // Headers, one a line, until the blank line.
  while (at != std::string_view::npos) {
    const std::size_t next = head.find("\r\n", at + 2);
    const std::string_view field = head.substr(at + 2, next == std::string_view::npos ? std::string_view::npos : next - at - 2);
    at = next;
    if (field.empty()) break;
    if (field[0] == ' ' || field[0] == '\t') return bad("a folded header line");
    const std::size_t colon = field.find(':');
    if (colon == std::string_view::npos || !isToken(field.substr(0, colon))) return bad("a malformed header line");
    const std::string name = lower(field.substr(0, colon));
    const std::string value(trim(field.substr(colon + 1)));
    if (name == "content-length" && request.headers.count(name) && request.headers[name] != value)
      return bad("two different Content-Length headers");
    request.headers[name] = value;
  }
  if (request.headers.count("transfer-encoding")) return HttpRefusal{413, "a request body is not accepted here"};
  if (const auto it = request.headers.find("content-length"); it != request.headers.end()) {
    if (it->second.empty() || !std::all_of(it->second.begin(), it->second.end(), [](char c) { return c >= '0' && c <= '9'; }))
      return bad("a malformed Content-Length");
    if (it->second.find_first_not_of('0') != std::string::npos) return HttpRefusal{413, "a request body is not accepted here"};
  }
  if (const auto it = request.headers.find("connection"); it != request.headers.end()) {
    const std::string c = lower(it->second);
    if (c.find("close") != std::string::npos) request.keepAlive = false;
    else if (c.find("keep-alive") != std::string::npos) request.keepAlive = true;
  }
  if (method != "GET" && method != "HEAD") return HttpRefusal{405, "only GET and HEAD are answered here"};
  request.method = std::string(method);

  const std::size_t question = target.find('?');
  request.path = std::string(target.substr(0, question));
  if (question != std::string_view::npos) {
    std::string_view rest = target.substr(question + 1);
    while (!rest.empty()) {
      const std::size_t amp = rest.find('&');
      const std::string_view pair = rest.substr(0, amp);
      rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
      if (pair.empty()) continue;
      const std::size_t eq = pair.find('=');
      std::string name, value;
      if (!decode(pair.substr(0, eq), name) ||
          !decode(eq == std::string_view::npos ? std::string_view() : pair.substr(eq + 1), value))
        return bad("a malformed %XX escape in the query");
      request.query[name] = value;
    }
  }
  return request;
}

std::string_view reasonPhrase(int status) {
  switch (status) {
    case 200: return "OK";
    case 400: return "Bad Request";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 408: return "Request Timeout";
    case 413: return "Content Too Large";
    case 414: return "URI Too Long";
    case 431: return "Request Header Fields Too Large";
    case 500: return "Internal Server Error";
    case 503: return "Service Unavailable";
    case 505: return "HTTP Version Not Supported";
    default: return "Unknown";
  }
}

}  // namespace tengen::web
