// The bounded reader's length checks, and Boost's reader instantiated for it (a derived archive
// is compiled where it is defined, not in the Boost library).
#include "worker/message_body.h"

#include <boost/archive/impl/archive_serializer_map.ipp>
#include <boost/archive/impl/basic_binary_iarchive.ipp>
#include <boost/archive/impl/basic_binary_iprimitive.ipp>
#include <stdexcept>

namespace tengen::worker {

void BoundedArchive::checkLength(std::size_t length) const {
  if (length > limit_)
    throw std::length_error("a length of " + std::to_string(length) + " in a body of " + std::to_string(limit_) +
                            " bytes");
}

void BoundedArchive::load_override(boost::serialization::collection_size_type& count) {
  Base::load_override(count);
  checkLength(count);
}

void BoundedArchive::load(std::string& s) {
  std::size_t length = 0;
  load(length);
  checkLength(length);
  s.resize(length);
  if (length > 0) load_binary(s.data(), length);
}

void BoundedArchive::load(bool& b) {
  static_assert(sizeof(bool) == 1, "Boost writes a bool as its own size: one byte here");
  unsigned char byte = 0;
  load_binary(&byte, 1);
  if (byte > 1) throw std::domain_error("a truth value of " + std::to_string(byte));
  b = byte == 1;
}

}  // namespace tengen::worker

namespace boost::archive {
template class detail::archive_serializer_map<tengen::worker::BoundedArchive>;
template class basic_binary_iarchive<tengen::worker::BoundedArchive>;
template class basic_binary_iprimitive<tengen::worker::BoundedArchive, char, std::char_traits<char>>;
template class binary_iarchive_impl<tengen::worker::BoundedArchive, char, std::char_traits<char>>;
}  // namespace boost::archive
