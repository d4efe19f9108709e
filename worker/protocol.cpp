// Encoding of the coordinator/worker messages: "TGM", protocol version (4 bytes, big endian),
// kind byte, CRC-32 of the rest (4 bytes, big endian), then the body: a Boost binary archive
// without its own header (the version is ours). The checksum catches a message damaged in flight
// before any of it is believed.
#include "worker/protocol.h"

#include <boost/crc.hpp>

#include "worker/message_body.h"

BOOST_CLASS_VERSION(tengen::worker::ProofWanted, 2)
BOOST_CLASS_VERSION(tengen::worker::ProofGiven, 1)
BOOST_CLASS_VERSION(tengen::worker::CheckRequest, 2)
BOOST_CLASS_VERSION(tengen::worker::CheckReply, 1)
BOOST_CLASS_VERSION(tengen::worker::GameJob, 1)
BOOST_CLASS_VERSION(tengen::worker::GameReply, 1)

namespace boost::serialization {

template <class Archive>
void serialize(Archive& ar, tengen::worker::ProofWanted& w, unsigned) {
  ar & w.jobId & w.position;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::ProofGiven& g, unsigned) {
  ar & g.jobId & g.found & g.tree;
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
void serialize(Archive& ar, tengen::worker::GameJob& j, unsigned) {
  ar & j.jobId & j.game & j.request;
}
template <class Archive>
void serialize(Archive& ar, tengen::worker::GameReply& r, unsigned) {
  ar & r.jobId & r.game & r.reply & r.error;
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
}  // namespace

std::string encodeMessage(const Message& message) {
  std::string out(kMagic, 3);
  out.resize(kHeaderSize);
  putBigEndian(out, 3, kProtocolVersion);
  out[7] = static_cast<char>(message.index());
  std::visit(
      [&](const auto& m) {
        using T = std::decay_t<decltype(m)>;
        if constexpr (!std::is_same_v<T, StopRequest>) out += encodeBody(m);
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
      case 0: return decodeBody<GameJob>(body);
      case 1: return decodeBody<GameReply>(body);
      case 2: return StopRequest{};
      case 3: return decodeBody<CheckRequest>(body);
      case 4: return decodeBody<CheckReply>(body);
      case 5: return decodeBody<ProofWanted>(body);
      case 6: return decodeBody<ProofGiven>(body);
    }
  } catch (const ProtocolError&) {
    throw;
  } catch (const std::exception& e) {
    throw ProtocolError(std::string("message damaged: ") + e.what());
  }
  throw ProtocolError("unknown message kind " + std::to_string(static_cast<unsigned char>(bytes[7])));
}

}  // namespace tengen::worker
