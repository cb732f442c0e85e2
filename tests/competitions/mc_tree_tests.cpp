#include <catch2/catch.hpp>
#include <map>

#include "ringmaster/competitions/game_rng.hpp"
#include "ringmaster/competitions/mc_tuner/mc_tree.hpp"
#include "ringmaster/stats/wilson.hpp"

using namespace rm::comp;

namespace {

McNode node(int wins, int visits) {
  return McNode{wins, visits, {}};
}

McTreeSettings five_arms(int max_depth = 1, double e = 0.5) {
  return McTreeSettings{{5}, 2, 1, max_depth, e};
}

}  // namespace

TEST_CASE("urgency is gomill's value + E*sqrt(log(parent visits))*sqrt(1/visits)", "[mc_tree]") {
  // Hand-computed: 3/5 + 0.5*sqrt(ln 20)*sqrt(1/5) and 2/3 + 1.0*sqrt(ln 12)*sqrt(1/3).
  CHECK(urgency(node(3, 5), 20, 0.5) == Approx(0.9870227560204949).epsilon(1e-15));
  CHECK(urgency(node(2, 3), 12, 1.0) == Approx(1.5767777679043122).epsilon(1e-15));
  // Parent visits 1 (a root with initial_visits 1): log(1) = 0, pure value.
  CHECK(urgency(node(1, 4), 1, 3.0) == 0.25);
}

TEST_CASE("choose_child takes the first maximum in cyclic order from the start index",
          "[mc_tree]") {
  McNode parent{0, 30, {node(1, 2), node(5, 6), node(1, 2), node(5, 6), node(0, 2)}};
  // Children 1 and 3 tie for the maximum.
  CHECK(choose_child(parent, 0.5, 0) == 1);
  CHECK(choose_child(parent, 0.5, 1) == 1);
  CHECK(choose_child(parent, 0.5, 2) == 3);
  CHECK(choose_child(parent, 0.5, 3) == 3);
  CHECK(choose_child(parent, 0.5, 4) == 1);
  // The exploration term: a less visited child overtakes with a large coefficient.
  McNode explore{0, 100, {node(9, 10), node(1, 2)}};
  CHECK(choose_child(explore, 0.0, 0) == 0);
  CHECK(choose_child(explore, 2.0, 0) == 1);
}

TEST_CASE("ties among untouched children are broken uniformly", "[mc_tree]") {
  std::map<int, int> counts;
  for (std::uint64_t game = 0; game < 5000; ++game) {
    McTree tree(five_arms());
    GameRng rng(7, game);
    counts[tree.choose_path(rng).at(0)] += 1;
  }
  REQUIRE(counts.size() == 5);
  for (const auto& [child, count] : counts) {
    INFO("child " << child);
    CHECK(count > 880);  // expected 1000; these bounds are > 4 standard deviations
    CHECK(count < 1120);
  }
}

TEST_CASE("a new root is expanded with initial counts", "[mc_tree]") {
  McTree tree(McTreeSettings{{3, 2}, 10, 5, 1, 1.0});
  CHECK(tree.branching_factor() == 6);
  CHECK(tree.root().visits == 10);
  CHECK(tree.root().wins == 5);
  REQUIRE(tree.root().children.size() == 6);
  for (const auto& child : tree.root().children) {
    CHECK(child.visits == 10);
    CHECK(child.wins == 5);
    CHECK_FALSE(child.expanded());
  }
  CHECK(tree.node_count() == 7);
}

TEST_CASE("a leaf is expanded only when ripe and above max_depth", "[mc_tree]") {
  McTree tree(five_arms(2, 0.0));
  GameRng rng0(1, 0);
  const auto first = tree.choose_path(rng0);
  CHECK(first.size() == 1);  // the leaf was not ripe (visits == initial_visits)
  CHECK(tree.node_count() == 6);
  tree.update({2}, true);  // (2,) is now ripe and the best value with E = 0
  CHECK(tree.is_ripe(tree.node_at({2})));
  GameRng rng1(1, 1);
  const auto second = tree.choose_path(rng1);
  REQUIRE(second.size() == 2);
  CHECK(second[0] == 2);
  CHECK(tree.node_at({2}).expanded());
  CHECK(tree.node_count() == 11);

  McTree shallow(five_arms(1, 0.0));
  shallow.update({2}, true);
  GameRng rng2(1, 1);
  CHECK(shallow.choose_path(rng2) == std::vector<int>{2});
  CHECK(shallow.node_count() == 6);
}

TEST_CASE("update adds a visit (and a win) along the path and at the root", "[mc_tree]") {
  McTree tree(five_arms(2, 0.0));
  tree.update({1}, true);
  tree.update({1}, false);
  CHECK(tree.root().visits == 4);
  CHECK(tree.root().wins == 2);
  CHECK(tree.node_at({1}).visits == 4);
  CHECK(tree.node_at({1}).wins == 2);
  CHECK(tree.node_at({0}).visits == 2);
  CHECK_THROWS_AS(tree.update({1, 0}, true), std::invalid_argument);  // (1,) not expanded
  CHECK_THROWS_AS(tree.update({7}, true), std::invalid_argument);
  CHECK(tree.root().visits == 4);
}

TEST_CASE("the best candidate is the most-wins walk, ties to the lowest index", "[mc_tree]") {
  McTree tree(five_arms(2, 0.0));
  CHECK(tree.best_path() == std::vector<int>{0});  // no wins yet: (0,), as gomill
  tree.update({3}, false);
  CHECK(tree.best_path() == std::vector<int>{0});  // a loss does not add wins
  tree.update({3}, true);
  tree.update({1}, true);
  CHECK(tree.best_path() == std::vector<int>{1});  // 2 wins each: lowest index
  tree.update({3}, true);
  CHECK(tree.best_path() == std::vector<int>{3});
  // Most wins, not best rate: (1,) has the best rate (2/3 against 3/5) but fewer wins.
  GameRng rng(3, 0);
  const auto path = tree.choose_path(rng);  // E = 0: the best value, (1,), is ripe -> expanded
  REQUIRE(path.size() == 2);
  CHECK(path[0] == 1);
  CHECK(tree.best_path() == std::vector<int>{3});
}

TEST_CASE("tree JSON round trip and refusal of a tree of another shape", "[mc_tree]") {
  McTree tree(five_arms(2, 0.0));
  tree.update({2}, true);
  GameRng rng(1, 1);
  tree.choose_path(rng);
  McTree copy(five_arms(2, 0.0));
  copy.restore(tree.to_json());
  CHECK(copy.to_json() == tree.to_json());
  CHECK(copy.node_count() == 11);
  McTree other(McTreeSettings{{4}, 2, 1, 1, 0.0});
  CHECK_THROWS_AS(other.restore(tree.to_json()), std::invalid_argument);
  CHECK_THROWS_AS(copy.restore(nlohmann::json::parse(R"({"w": 5, "v": 2})")),
                  std::invalid_argument);
  CHECK_THROWS_AS(copy.restore(nlohmann::json::parse(R"({"w": "x"})")), std::invalid_argument);
}

TEST_CASE("describe() dumps the tree to depth 2 as gomill", "[mc_tree]") {
  McTree tree(five_arms(2, 0.0));
  tree.update({1}, true);
  tree.update({1}, false);
  tree.update({1}, true);
  GameRng rng(1, 1);
  REQUIRE(tree.choose_path(rng).size() == 2);
  const auto text =
      tree.describe([](const std::vector<int>& path) { return "p" + std::to_string(path.back()); });
  CHECK(text ==
        "11 nodes\n"
        "Win rate 2/3 = 0.667\n"
        "  (0,) p0 0.500   0\n"
        "  (1,) p1 0.600   3\n"
        "    (0,) p0 0.500   0\n"
        "    (1,) p1 0.500   0\n"
        "    (2,) p2 0.500   0\n"
        "    (3,) p3 0.500   0\n"
        "    (4,) p4 0.500   0\n"
        "  (2,) p2 0.500   0\n"
        "  (3,) p3 0.500   0\n"
        "  (4,) p4 0.500   0");
  McTree fresh(five_arms());
  CHECK(fresh.describe([](const std::vector<int>&) { return "x"; })
            .rfind("6 nodes\nWin rate 0/0 = --\n", 0) == 0);
}

TEST_CASE("Wilson score interval", "[mc_tree]") {
  CHECK_FALSE(rm::stats::wilson_interval(0, 0).has_value());
  const auto ci = rm::stats::wilson_interval(7, 10);
  REQUIRE(ci.has_value());
  CHECK(ci->lower == Approx(0.3968).margin(1e-4));
  CHECK(ci->upper == Approx(0.8922).margin(1e-4));
  const auto all = rm::stats::wilson_interval(5, 5);
  CHECK(all->upper == 1.0);
  CHECK(all->lower == Approx(0.5655).margin(1e-4));
}

TEST_CASE("GameRng depends only on (seed, game number)", "[mc_tree]") {
  GameRng a(5, 17), b(5, 17), c(5, 18), d(6, 17);
  std::vector<int> va, vb, vc, vd;
  for (int i = 0; i < 20; ++i) {
    va.push_back(a.below(1000));
    vb.push_back(b.below(1000));
    vc.push_back(c.below(1000));
    vd.push_back(d.below(1000));
  }
  CHECK(va == vb);
  CHECK(va != vc);
  CHECK(va != vd);
  CHECK_THROWS_AS(a.below(0), std::invalid_argument);
}
