// Encoding of the coordinator/worker messages: "TGM", protocol version (4 bytes, big endian),
// kind byte, CRC-32 of the rest (4 bytes, big endian), then the body: a Boost binary archive
// without its own header (the version is ours). The checksum catches a message damaged in flight
// before any of it is believed.
#include "worker/protocol.h"

#include <boost/archive/binary_iarchive.hpp>
#include <boost/archive/binary_oarchive.hpp>
#include <boost/crc.hpp>
#include <boost/iostreams/device/array.hpp>
#include <boost/iostreams/stream.hpp>
#include <boost/serialization/string.hpp>
#include <boost/serialization/vector.hpp>
#include <boost/serialization/version.hpp>
#include <sstream>

BOOST_CLASS_VERSION(tengen::worker::WireTree::Node, 1)
BOOST_CLASS_VERSION(tengen::worker::WireTree, 1)
BOOST_CLASS_VERSION(tengen::worker::JobRequest, 4)
BOOST_CLASS_VERSION(tengen::worker::WireHint, 1)
BOOST_CLASS_VERSION(tengen::worker::KnownWin, 1)
BOOST_CLASS_VERSION(tengen::worker::ProofWanted, 1)
BOOST_CLASS_VERSION(tengen::worker::ProofGiven, 1)
BOOST_CLASS_VERSION(tengen::worker::JobReply, 1)
BOOST_CLASS_VERSION(tengen::worker::CheckRequest, 1)
BOOST_CLASS_VERSION(tengen::worker::CheckReply, 1)
BOOST_CLASS_VERSION(tengen::worker::OthelloJobRequest, 2)
BOOST_CLASS_VERSION(tengen::worker::OthelloJobReply, 2)

namespace boost::serialization {

template <class Archive>
void serialize(Archive& ar, tengen::worker::WireTree::Node& n, unsigned) {
  ar & n.moves & n.targets & n.argumentKind & n.argumentMoves & n.depth;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::WireTree& t, unsigned) {
  ar & t.attackerWins & t.nodes;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::JobRequest& j, unsigned version) {
  ar & j.jobId & j.rule & j.size & j.black & j.white & j.toMove & j.attacker & j.maxNodes & j.maxSeconds &
      j.hashMegabytes;
  if (version >= 2) ar & j.checkHere;
  if (version >= 3) ar & j.knownRun & j.knownWins;
  if (version >= 4) ar & j.hints;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::WireHint& h, unsigned) {
  ar & h.boardHash & h.move;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::KnownWin& w, unsigned) {
  ar & w.canonicalHash & w.toMove & w.attacker;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::ProofWanted& w, unsigned) {
  ar & w.jobId & w.position;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::ProofGiven& g, unsigned) {
  ar & g.jobId & g.found & g.tree;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::JobReply& r, unsigned) {
  ar & r.jobId & r.outcome & r.tree & r.pn & r.dn & r.nodes & r.seconds & r.error;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::CheckRequest& c, unsigned) {
  ar & c.checkId & c.job & c.tree;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::CheckReply& c, unsigned) {
  ar & c.checkId & c.accepted & c.error & c.seconds;
}

template <class Archive>
void serialize(Archive& ar, tengen::worker::OthelloJobRequest& j, unsigned version) {
  ar & j.jobId & j.size & j.black & j.white & j.whiteToMove & j.fewestWins & j.maxSeconds & j.proofNodes &
      j.hashMegabytes;
  if (version >= 2) ar & j.ceiling & j.wantLine;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::OthelloJobReply& r, unsigned version) {
  ar & r.jobId & r.outcome & r.margin & r.best & r.hasProof & r.atLeast & r.notAbove & r.nodes & r.seconds & r.error;
  if (version >= 2) ar & r.lowerBound & r.line;
}

}  // namespace boost::serialization

namespace tengen::worker {
namespace {

constexpr char kMagic[3] = {'T', 'G', 'M'};
constexpr std::size_t kHeaderSize = 12;

// Over everything but the checksum's own four bytes.
std::uint32_t messageChecksum(std::string_view bytes) {
  boost::crc_32_type crc;
  crc.process_bytes(bytes.data(), 8);
  crc.process_bytes(bytes.data() + kHeaderSize, bytes.size() - kHeaderSize);
  return crc.checksum();
}

void putBigEndian(std::string& out, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) out[at + i] = static_cast<char>((v >> (24 - 8 * i)) & 0xFF);
}

std::uint32_t getBigEndian(std::string_view bytes, std::size_t at) {
  std::uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
  return v;
}
constexpr unsigned kArchiveFlags = boost::archive::no_header | boost::archive::no_codecvt;

template <class T>
void writeBody(std::string& out, const T& value) {
  std::ostringstream stream;
  {
    boost::archive::binary_oarchive ar(stream, kArchiveFlags);
    ar << value;
  }
  out += stream.str();
}

template <class T>
T readBody(std::string_view body) {
  T value;
  boost::iostreams::stream<boost::iostreams::array_source> stream(body.data(), body.size());
  boost::archive::binary_iarchive ar(stream, kArchiveFlags);
  ar >> value;
  return value;
}

}  // namespace

std::string encodeMessage(const Message& message) {
  std::string out(kMagic, 3);
  out.resize(kHeaderSize);
  putBigEndian(out, 3, kProtocolVersion);
  out[7] = static_cast<char>(message.index());
  std::visit(
      [&](const auto& m) {
        using T = std::decay_t<decltype(m)>;
        if constexpr (!std::is_same_v<T, StopRequest>) writeBody(out, m);
      },
      message);
  putBigEndian(out, 8, messageChecksum(out));
  return out;
}

Message decodeMessage(std::string_view bytes) {
  if (bytes.size() < kHeaderSize || bytes.substr(0, 3) != std::string_view(kMagic, 3))
    throw ProtocolError("not a tengen message (" + std::to_string(bytes.size()) + " bytes, bad header)");
  const std::uint32_t version = getBigEndian(bytes, 3);
  if (version != kProtocolVersion)
    throw ProtocolError("protocol version " + std::to_string(version) + " from the peer, this tengen speaks " +
                        std::to_string(kProtocolVersion) + " (run the same tengen on every rank)");
  const std::string_view body = bytes.substr(kHeaderSize);
  if (messageChecksum(bytes) != getBigEndian(bytes, 8))
    throw ProtocolError("message damaged in flight (" + std::to_string(bytes.size()) + " bytes, checksum mismatch)");
  try {
    switch (static_cast<unsigned char>(bytes[7])) {
      case 0: return readBody<JobRequest>(body);
      case 1: return readBody<JobReply>(body);
      case 2: return StopRequest{};
      case 3: return readBody<CheckRequest>(body);
      case 4: return readBody<CheckReply>(body);
      case 5: return readBody<OthelloJobRequest>(body);
      case 6: return readBody<OthelloJobReply>(body);
      case 7: return readBody<ProofWanted>(body);
      case 8: return readBody<ProofGiven>(body);
    }
  } catch (const ProtocolError&) {
    throw;
  } catch (const std::exception& e) {
    throw ProtocolError(std::string("message damaged: ") + e.what());
  }
  throw ProtocolError("unknown message kind " + std::to_string(static_cast<unsigned char>(bytes[7])));
}

}  // namespace tengen::worker
