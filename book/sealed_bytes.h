// A format byte and a CRC-32 in front of a stored archive: how the book tells its own records
// from other bytes and from damage on disk (book_record.cpp, othello_entry.cpp).
#pragma once

#include <string>
#include <string_view>

namespace tengen::book {

std::string seal(char format, std::string_view archive);
// The archive inside `bytes`; throws RecordError ("unreadable <what>: ...") when the format byte
// is another or the checksum does not match.
std::string_view unseal(std::string_view bytes, char format, std::string_view what);

}  // namespace tengen::book
