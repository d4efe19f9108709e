// A message's body as a Boost binary archive (no archive header: the protocol's version is ours),
// and the serialization of the wire types every game's messages share (proof trees). Games encode
// their own job requests and replies with these inside the protocol's GameJob envelope.
#pragma once

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/stream.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <boost/serialization/version.hpp>
#include <cstdint>
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

// An envelope's body as game `game`'s `T` (a request or reply with a jobId), after checking the
// envelope is that game's and the body that job's. Throws ProtocolError naming the job otherwise.
template <class T>
T gameBodyOf(std::string_view game, std::string_view title, std::uint64_t jobId, const std::string& envelopeGame,
             const std::string& body) {
  const std::string job = std::string(title) + " job " + std::to_string(jobId);
  if (envelopeGame != game) throw ProtocolError("job " + std::to_string(jobId) + " is a " + envelopeGame + " job, not " + job);
  T value;
  try {
    value = decodeBody<T>(body);
  } catch (const std::exception& e) {
    throw ProtocolError(job + " damaged: " + e.what());
  }
  if (value.jobId != jobId) throw ProtocolError(job + ": its body names job " + std::to_string(value.jobId));
  return value;
}

}  // namespace tengen::worker
