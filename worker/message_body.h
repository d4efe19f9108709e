// A message's body as a Boost binary archive (no archive header: the protocol's version is ours),
// and the serialization of the wire types every game's messages share (proof trees). Games encode
// their own job requests and replies with these inside the protocol's envelope (game_envelope.h).
#pragma once

#include <boost/archive/binary_iarchive_impl.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/archive/detail/register_archive.hpp>
#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/stream.hpp>
#include <boost/serialization/array_optimization.hpp>
#include <boost/serialization/collection_size_type.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <boost/serialization/version.hpp>
#include <cstddef>
#include <istream>
#include <sstream>
#include <string>
#include <string_view>

#include "worker/protocol.h"

BOOST_CLASS_VERSION(tengen::worker::WireTree::Node, 1)
BOOST_CLASS_VERSION(tengen::worker::WireTree, 1)

namespace boost::serialization {

template <class Archive>
void serialize(Archive& ar, tengen::worker::WireTree::Node& n, unsigned) {
  ar & n.moves & n.targets & n.argumentKind & n.argumentMoves & n.depth;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::WireTree& t, unsigned) {
  ar & t.attackerWins & t.nodes;
}

}  // namespace boost::serialization

namespace tengen::worker {

inline constexpr unsigned kArchiveFlags = boost::archive::no_header | boost::archive::no_codecvt;

template <class T>
std::string encodeBody(const T& value) {
  std::ostringstream stream;
  {
    boost::archive::binary_oarchive ar(stream, kArchiveFlags);
    ar << value;
  }
  return stream.str();
}

// Boost's binary reader, except that no length it reads (of a string, or of a vector before its
// items) may exceed the body's own size, and a truth value must be 0 or 1: a body that passed the
// checksum but was never written by tengen (another program, a bug) must not make the reader
// allocate what it says, or read a byte as a bool that is none.
class BoundedArchive
    : public boost::archive::binary_iarchive_impl<BoundedArchive, char, std::char_traits<char>> {
  using Base = boost::archive::binary_iarchive_impl<BoundedArchive, char, std::char_traits<char>>;
  friend class boost::archive::detail::interface_iarchive<BoundedArchive>;
  friend class boost::archive::basic_binary_iarchive<BoundedArchive>;
  friend class boost::archive::basic_binary_iprimitive<BoundedArchive, char, std::char_traits<char>>;
  friend class boost::archive::load_access;

 public:
  BoundedArchive(std::istream& in, std::size_t bodyBytes) : Base(in, kArchiveFlags), limit_(bodyBytes) {}

 private:
  template <class T>
  void load_override(T& t) {
    Base::load_override(t);
  }
  void load_override(boost::serialization::collection_size_type& count);
  using Base::load;
  void load(std::string& s);
  void load(bool& b);  // a byte other than 0 or 1 is no truth value (reading it as bool is undefined)
  void checkLength(std::size_t length) const;

  std::size_t limit_;
};

}  // namespace tengen::worker

// Read as Boost's own binary reader reads: arrays of numbers whole (the layout binary_oarchive writes).
BOOST_SERIALIZATION_REGISTER_ARCHIVE(tengen::worker::BoundedArchive)
BOOST_SERIALIZATION_USE_ARRAY_OPTIMIZATION(tengen::worker::BoundedArchive)

namespace tengen::worker {

// Throws what Boost throws on a damaged body, std::length_error on a length longer than the body
// and std::domain_error on a truth value other than 0 or 1 (the callers turn each into a
// ProtocolError).
template <class T>
T decodeBody(std::string_view body) {
  T value;
  boost::iostreams::stream<boost::iostreams::array_source> stream(body.data(), body.size());
  BoundedArchive ar(stream, body.size());
  ar >> value;
  return value;
}

}  // namespace tengen::worker
