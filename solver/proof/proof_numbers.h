// Proof and disproof numbers of an AND/OR node, with saturating arithmetic at infinity.
#pragma once

#include <algorithm>
#include <cstdint>

namespace tengen::proof {

inline constexpr std::uint32_t kInfinity = 1u << 30;
// The 1+epsilon threshold trick's epsilon unless a search asks for another (see SearchLimits).
inline constexpr double kDefaultEpsilon = 0.125;

struct ProofNumbers {
  std::uint32_t pn = 1;  // effort still needed to prove the attacker wins
  std::uint32_t dn = 1;  // effort still needed to prove the attacker does not win

  static constexpr ProofNumbers proven() { return {0, kInfinity}; }
  static constexpr ProofNumbers disproven() { return {kInfinity, 0}; }
  bool isProven() const { return pn == 0; }
  bool isDisproven() const { return dn == 0; }
  bool solved() const { return pn == 0 || dn == 0; }
};

// Infinity only from an infinite part: a large finite sum (transpositions count shared subtrees
// more than once) stops just below it, so an open node never looks solved or stalls the root.
inline std::uint32_t saturatingAdd(std::uint32_t a, std::uint32_t b) {
  if (a >= kInfinity || b >= kInfinity) return kInfinity;
  const std::uint64_t s = std::uint64_t{a} + b;
  return s >= kInfinity ? kInfinity - 1 : static_cast<std::uint32_t>(s);
}

}  // namespace tengen::proof
