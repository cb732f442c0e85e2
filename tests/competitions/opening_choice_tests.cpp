// Which opening each game gets: sequential order cycles through the list; random order plays
// every opening once per cycle of N (a permutation per cycle), and both follow from the game
// number alone, so a resumed run repeats them.
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "ringmaster/competitions/opening_choice.hpp"

using rm::comp::OpeningChoice;

namespace {

OpeningChoice choice(int n, rm::control::OpeningOrder order, std::uint64_t seed, bool pairs) {
  rm::control::OpeningsSettings s;
  for (int i = 0; i < n; ++i) {
    rm::game::Opening o;
    o.name = "o" + std::to_string(i);
    s.openings.push_back(o);
  }
  s.order = order;
  s.seed = seed;
  s.pairs = pairs;
  return OpeningChoice(s);
}

}  // namespace

TEST_CASE("random openings: each opening once in every cycle of N", "[openings]") {
  for (int n : {1, 2, 4, 7, 50})
    for (std::uint64_t seed : {0ULL, 5ULL, 123456789ULL}) {
      auto c = choice(n, rm::control::OpeningOrder::Random, seed, true);
      for (int cycle = 0; cycle < 3; ++cycle) {
        std::set<std::string> seen;
        for (int k = 0; k < n; ++k) {
          const auto game = static_cast<std::uint64_t>(2 * (cycle * n + k));
          const auto& first = c.opening_for(game);
          CHECK(c.opening_for(game + 1).name == first.name);  // the pair shares it
          seen.insert(first.name);
        }
        CHECK(static_cast<int>(seen.size()) == n);
      }
    }
}

TEST_CASE("random openings: the same order on every call, another for another seed or cycle",
          "[openings]") {
  auto a = choice(8, rm::control::OpeningOrder::Random, 7, false);
  auto b = choice(8, rm::control::OpeningOrder::Random, 8, false);
  std::vector<std::string> first, again, other_seed, next_cycle;
  for (std::uint64_t k = 0; k < 8; ++k) {
    first.push_back(a.opening_for(k).name);
    again.push_back(a.opening_for(k).name);
    other_seed.push_back(b.opening_for(k).name);
    next_cycle.push_back(a.opening_for(k + 8).name);
  }
  CHECK(first == again);
  CHECK(first != other_seed);
  CHECK(first != next_cycle);
}

TEST_CASE("sequential openings cycle through the list in order", "[openings]") {
  auto c = choice(3, rm::control::OpeningOrder::Sequential, 0, true);
  std::vector<std::string> names;
  for (std::uint64_t g = 0; g < 8; ++g) names.push_back(c.opening_for(g).name);
  CHECK(names == std::vector<std::string>{"o0", "o0", "o1", "o1", "o2", "o2", "o0", "o0"});
}
