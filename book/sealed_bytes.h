// A format byte and a CRC-32 in front of a stored archive: how the book tells its own records
// from other bytes and from damage on disk (book_record.cpp, othello_entry.cpp); and the binding
// of every stored value to the key it is stored under (book.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tengen::book {

// The CRC-32 (IEEE) of `bytes`: the one checksum the book computes itself.
std::uint32_t crc32(std::string_view bytes);

std::string seal(char format, std::string_view archive);
// The archive inside `bytes`; throws RecordError ("unreadable <what>: ...") when the format byte
// is another or the checksum does not match.
std::string_view unseal(std::string_view bytes, char format, std::string_view what);

// A value as the book stores it under `key`: 'K', the CRC-32 of the key's length, the key and the
// payload, then the payload. A value moved or copied under another key no longer matches.
std::string bindToKey(std::string_view key, std::string_view payload);
// The payload of `stored`, the value found under `key`. Throws RecordError ("unreadable <what>:
// ...") when it is not bound to `key`: damaged, or stored under another key. `acceptUnbound`:
// a value written before binding existed (a format 1 book) is taken whole.
std::string_view boundPayload(std::string_view key, std::string_view stored, bool acceptUnbound, std::string_view what);

}  // namespace tengen::book
