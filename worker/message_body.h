// A message's body as a Boost binary archive (no archive header: the protocol's version is ours),
// and the serialization of the wire types every game's messages share (proof trees). Games encode
// their own job requests and replies with these inside the protocol's envelope (game_envelope.h).
#pragma once

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/stream.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <boost/serialization/version.hpp>
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

// Throws what Boost throws on a damaged body (the callers turn it into a ProtocolError).
template <class T>
T decodeBody(std::string_view body) {
  T value;
  boost::iostreams::stream<boost::iostreams::array_source> stream(body.data(), body.size());
  boost::archive::binary_iarchive ar(stream, kArchiveFlags);
  ar >> value;
  return value;
}

}  // namespace tengen::worker
