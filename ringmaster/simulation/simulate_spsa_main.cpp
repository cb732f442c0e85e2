// ringmaster-simulate-spsa: runs the SPSA search (competitions/spsa_tuner/) with the constants
// designed from a stated precision, on Elo surfaces of many parameters, and reports the final
// Elo loss per variant and budget: mean, median, 95th percentile and the share of runs within
// the precision, and paired differences between variants. Usage and output:
// docs/simulation.md#many-parameters-ringmaster-simulate-spsa.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "ringmaster/competitions/spsa_tuner/splitmix.hpp"
#include "ringmaster/competitions/spsa_tuner/spsa_design.hpp"
#include "ringmaster/simulation/elo_surface.hpp"
#include "ringmaster/simulation/option_values.hpp"
#include "ringmaster/simulation/paired.hpp"
#include "ringmaster/simulation/spsa_run.hpp"
#include "ringmaster/simulation/spsa_variant.hpp"

namespace {

using namespace rm::simulation;
namespace spsa = rm::comp::spsa;
using rm::comp::spsa::splitmix;

const char* const kUsage =
    "ringmaster-simulate-spsa: SPSA with the constants designed from a precision (as\n"
    "spsa_simul designs them) on Elo surfaces of many parameters; prints the final Elo loss\n"
    "per variant and budget.\n"
    "\n"
    "usage: ringmaster-simulate-spsa [options]\n"
    "  -d, --dims N          parameters, 1 to 64 (10)\n"
    "  -E, --elos LIST       Elo lost at half a range from the optimum, per parameter; the last\n"
    "                        repeats (2)\n"
    "      --true-elos LIST  the surface's own, when it differs from the -E the design is\n"
    "                        made from (a wrong guess); the last repeats (-E's)\n"
    "      --start-elo E     the start is E Elo below the optimum (10)\n"
    "      --precision P     the design's final loss... (1)\n"
    "      --confidence C    ...reached with this probability (0.95)\n"
    "      --draw-ratio D    draws in the design and the games (0)\n"
    "      --surface S       quadratic, power1.5, quartic, asymmetric, saturating\n"
    "                        (quadratic)\n"
    "      --rotate          a random rotation per run (interactions; give unequal --elos)\n"
    "      --optimum-spread F  the optimum uniform in [-F, F] per coordinate and run (0)\n"
    "      --play P          pair (colour-swapped game pairs), game (one game a pair, as\n"
    "                        spsa_simul), opponent-optimum, opponent-start (pair)\n"
    "  -t, --tuner LIST      plain, avg, budget, with :r=F :c=F :c=budget :cmax=F :from=F\n"
    "                        :early=F :until=F (plain)\n"
    "  -b, --budgets LIST    games (1000, 1k) or multiples of the designed games (1x, 0.5x) (1x)\n"
    "  -n, --in-flight N     pairs in progress at once; a random one finishes next (1)\n"
    "      --through-tuner   play through the spsa_tuner competition itself: the same\n"
    "                        losses, about 150x the time (not with --play game)\n"
    "  -r, --runs N          runs per row (200)\n"
    "  -s, --seed S          the same seed gives the same table (1)\n"
    "  -j, --threads N       runs in parallel; the table does not change (1)\n"
    "      --baseline TUNER  also print each variant's paired difference from TUNER\n"
    "      --json FILE       also write the table with every run's loss ('-': standard output)\n"
    "Documentation: docs/simulation.md\n";

// A run's seeds, for its purpose (perturbations, games, surface): the same in every variant.
std::uint64_t run_seed(std::uint64_t seed, int run, std::uint64_t purpose) {
  return splitmix(splitmix(seed) ^ splitmix(static_cast<std::uint64_t>(run) * 4 + purpose));
}

std::vector<double> parse_numbers(const std::string& option, const std::string& text,
                                  double lowest = 1e-9) {
  std::vector<double> out;
  for (const std::string& item : split_commas(text))
    out.push_back(number_between(option, item, lowest, 1e9));
  if (out.empty()) throw std::invalid_argument(option + ": no value");
  return out;
}

double positive(const std::string& option, const std::string& text) {
  return parse_numbers(option, text).at(0);
}

// "1x,0.5x,10k,186271": multiples of the designed games or numbers of games.
std::vector<long> parse_budgets(const std::string& text, long designed) {
  std::vector<long> out;
  for (const std::string& item : split_commas(text)) {
    if (item.back() == 'x')
      out.push_back(std::lround(positive("--budgets", item.substr(0, item.size() - 1)) *
                                static_cast<double>(designed)));
    else
      out.push_back(parse_list(item, "--budgets").at(0));
    if (out.back() < 1) throw std::invalid_argument("--budgets: " + item + " is no game");
  }
  if (out.empty()) throw std::invalid_argument("--budgets: no budget");
  return out;
}

SpsaPlay parse_play(const std::string& text) {
  if (text == "pair") return SpsaPlay::GamePair;
  if (text == "game") return SpsaPlay::SingleGame;
  if (text == "opponent-optimum") return SpsaPlay::OpponentAtOptimum;
  if (text == "opponent-start") return SpsaPlay::OpponentAtStart;
  throw std::invalid_argument("--play: '" + text +
                              "' (pair, game, opponent-optimum, opponent-start)");
}

struct Options {
  int dims = 10;
  std::vector<double> elos{2.0};
  std::vector<double> true_elos;  // the surface's; empty: elos
  double start_elo = 10.0, precision = 1.0, confidence = 0.95, draw_ratio = 0.0;
  SurfaceShape shape = SurfaceShape::Quadratic;
  bool rotate = false, through_tuner = false;
  double optimum_spread = 0.0;
  std::string play_name = "pair";
  SpsaPlay play = SpsaPlay::GamePair;
  std::vector<SpsaVariant> variants;
  std::string budgets_text = "1x";
  int in_flight = 1, runs = 200, threads = 1;
  std::uint64_t seed = 1;
  std::string baseline, json_path;
};

Options parse_options(int argc, char** argv) {
  Options o;
  std::string tuners = "plain";
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--rotate" || arg == "--through-tuner") {
      (arg == "--rotate" ? o.rotate : o.through_tuner) = true;
      continue;
    }
    if (i + 1 >= argc) throw std::invalid_argument(arg + ": needs a value (see --help)");
    const std::string value = argv[++i];
    if (arg == "-d" || arg == "--dims")
      o.dims = whole_number(arg, value, 1, 64);
    else if (arg == "-E" || arg == "--elos")
      o.elos = parse_numbers(arg, value);
    else if (arg == "--true-elos")
      o.true_elos = parse_numbers(arg, value, 0.0);  // 0: a parameter with no effect
    else if (arg == "--start-elo")
      o.start_elo = positive(arg, value);
    else if (arg == "--precision")
      o.precision = positive(arg, value);
    else if (arg == "--confidence")
      o.confidence = number_in(arg, value, 0.999999);
    else if (arg == "--draw-ratio")
      o.draw_ratio = number_in(arg, value, 0.9);
    else if (arg == "--surface")
      o.shape = surface_shape(value);
    else if (arg == "--optimum-spread")
      o.optimum_spread = number_in(arg, value, 0.5);
    else if (arg == "--play")
      o.play = parse_play(o.play_name = value);
    else if (arg == "-t" || arg == "--tuner")
      tuners = value;
    else if (arg == "-b" || arg == "--budgets")
      o.budgets_text = value;
    else if (arg == "-n" || arg == "--in-flight")
      o.in_flight = whole_number(arg, value, 1, 100000);
    else if (arg == "-r" || arg == "--runs")
      o.runs = whole_number(arg, value, 1, 1000000);
    else if (arg == "-s" || arg == "--seed")
      o.seed = static_cast<std::uint64_t>(whole_number(arg, value, 0, 2147483647));
    else if (arg == "-j" || arg == "--threads")
      o.threads = whole_number(arg, value, 1, 256);
    else if (arg == "--baseline")
      o.baseline = value;
    else if (arg == "--json")
      o.json_path = value;
    else
      throw std::invalid_argument("unknown option " + arg + " (see --help)");
  }
  for (const std::string& t : split_commas(tuners)) o.variants.push_back(parse_spsa_variant(t));
  if (o.variants.empty()) throw std::invalid_argument("--tuner: no variant");
  if (o.through_tuner && o.play == SpsaPlay::SingleGame)
    throw std::invalid_argument("--through-tuner: the spsa_tuner has no --play game");
  o.elos.resize(static_cast<std::size_t>(o.dims), o.elos.back());
  if (o.true_elos.empty()) o.true_elos = o.elos;
  o.true_elos.resize(static_cast<std::size_t>(o.dims), o.true_elos.back());
  if (!o.baseline.empty() &&
      std::none_of(o.variants.begin(), o.variants.end(),
                   [&](const SpsaVariant& v) { return v.name == o.baseline; }))
    throw std::invalid_argument("--baseline " + o.baseline + ": not one of the -t variants");
  return o;
}

struct Summary {
  MeanAndError mean;
  double median = 0.0, p95 = 0.0, within = 0.0;  // within: share of runs within the precision
};

Summary summarise(std::vector<double> losses, double precision) {
  Summary s;
  s.mean = mean_and_error(losses);
  std::sort(losses.begin(), losses.end());
  const auto at = [&](double q) {  // the empirical quantile, by linear interpolation
    const double pos = q * static_cast<double>(losses.size() - 1);
    const auto lo = static_cast<std::size_t>(pos);
    const std::size_t hi = std::min(lo + 1, losses.size() - 1);
    return losses[lo] + (pos - static_cast<double>(lo)) * (losses[hi] - losses[lo]);
  };
  s.median = at(0.5);
  s.p95 = at(0.95);
  s.within = static_cast<double>(std::count_if(losses.begin(), losses.end(),
                                               [&](double l) { return l <= precision; })) /
             static_cast<double>(losses.size());
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "-h" || std::string(argv[i]) == "--help") {
      std::cout << kUsage;
      return 0;
    }
  Options o;
  spsa::DesignInput input;
  spsa::Design design;
  std::vector<long> budgets;
  try {
    o = parse_options(argc, argv);
    input.elo_at_half_range = o.elos;
    input.precision = o.precision;
    input.confidence = o.confidence;
    input.draw_ratio = o.draw_ratio;
    const bool against =
        o.play == SpsaPlay::OpponentAtOptimum || o.play == SpsaPlay::OpponentAtStart;
    input.protocol = against ? spsa::Protocol::AgainstOpponent : spsa::Protocol::HeadToHead;
    design = spsa::design_spsa(input);
    budgets = parse_budgets(o.budgets_text, design.games);
    EloSurface(SurfaceSpec{o.true_elos, {}, o.shape, false, 0}).start_point(o.start_elo);
  } catch (const std::invalid_argument& e) {
    std::cerr << "ringmaster-simulate-spsa: " << e.what() << "\n";
    return 2;
  }

  // Work items (variant, budget, run); each run's surface and seeds depend only on (seed, run).
  const std::size_t nv = o.variants.size(), nb = budgets.size();
  const auto runs = static_cast<std::size_t>(o.runs);
  std::vector<double> losses(nv * nb * runs);
  std::vector<std::vector<double>> starts(runs);
  long total_games = 0;
  std::mutex mutex;
  std::size_t next_item = 0;
  std::string failure;
  const auto surface_for = [&](int run) {
    SurfaceSpec spec{o.true_elos, {}, o.shape, o.rotate, run_seed(o.seed, run, 2)};
    if (o.optimum_spread > 0.0) {
      std::mt19937_64 engine(run_seed(o.seed, run, 3));
      for (int k = 0; k < o.dims; ++k)
        spec.optimum.push_back(o.optimum_spread *
                               (2.0 * static_cast<double>(engine() >> 11) * 0x1.0p-53 - 1.0));
    }
    return EloSurface(spec);
  };
  const auto started = std::chrono::steady_clock::now();
  const auto worker = [&] {
    for (;;) {
      std::size_t item;
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (next_item >= losses.size() || !failure.empty()) return;
        item = next_item++;
      }
      const std::size_t v = item / (nb * runs), b = item / runs % nb;
      const int run = static_cast<int>(item % runs);
      try {
        const EloSurface surface = surface_for(run);
        SpsaRunSpec spec;
        const std::vector<double> start = surface.start_point(o.start_elo);
        spec.search =
            variant_settings(o.variants[v], design, start, run_seed(o.seed, run, 0), budgets[b]);
        spec.play = o.play;
        spec.draw_ratio = o.draw_ratio;
        spec.start_elo = o.start_elo;
        spec.in_flight = o.in_flight;
        spec.budget = budgets[b];
        spec.outcome_seed = run_seed(o.seed, run, 1);
        spec.stated = input;
        const SpsaRunResult result = o.through_tuner
                                         ? simulate_spsa_run_through_tuner(surface, spec)
                                         : simulate_spsa_run(surface, spec);
        std::lock_guard<std::mutex> lock(mutex);
        losses[item] = result.loss;
        total_games += result.games;
        starts[static_cast<std::size_t>(run)] = start;
      } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(mutex);
        failure = o.variants[v].name + ": " + e.what();
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < o.threads; ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  if (!failure.empty()) {
    std::cerr << "ringmaster-simulate-spsa: " << failure << "\n";
    return 1;
  }
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const auto row = [&](std::size_t v, std::size_t b) {
    const auto first = losses.begin() + static_cast<long>((v * nb + b) * runs);
    return std::vector<double>(first, first + static_cast<long>(runs));
  };

  std::printf(
      "design (spsa_simul's heuristic 1): %d parameters, precision %g Elo at %g%%, draw "
      "ratio %g, %s\n",
      o.dims, o.precision, o.confidence * 100.0, o.draw_ratio,
      input.protocol == spsa::Protocol::HeadToHead ? "head to head" : "against an opponent");
  std::printf("  c = %.4f of half a range, r = %.6f, %ld games, stationary mean loss %.3f Elo\n",
              design.c[0], design.r, design.games, design.stationary_loss);
  std::printf(
      "surface: %s%s, Elo at half a range %g%s, optimum %s, start %g Elo below; play: %s, "
      "%d pair%s in flight\n",
      surface_shape_name(o.shape), o.rotate ? " rotated" : "", o.true_elos[0],
      std::any_of(o.true_elos.begin(), o.true_elos.end(),
                  [&](double e) { return e != o.true_elos[0]; })
          ? " (and others)"
          : "",
      o.optimum_spread > 0.0 ? "spread" : "at the centre", o.start_elo, o.play_name.c_str(),
      o.in_flight, o.in_flight == 1 ? "" : "s");
  if (o.true_elos != o.elos)
    std::printf("  the design's guess (-E) differs from the surface's Elo (--true-elos)\n");
  // spsa_simul's theory holds for plain SPSA on the unrotated quadratic with a fixed optimum.
  const bool theory = o.shape == SurfaceShape::Quadratic && !o.rotate && o.optimum_spread == 0.0;
  std::printf("\nfinal Elo loss, %d runs per row, seed %llu\n", o.runs,
              static_cast<unsigned long long>(o.seed));
  std::printf("%-22s %9s  %15s %7s %7s %8s%s\n", "tuner", "games", "mean ± se", "median", "p95",
              "within", theory ? "  theory (plain)" : "");
  for (std::size_t v = 0; v < nv; ++v)
    for (std::size_t b = 0; b < nb; ++b) {
      const Summary s = summarise(row(v, b), o.precision);
      std::printf("%-22s %9ld  %7.3f ± %5.3f %7.3f %7.3f %7.1f%%", o.variants[v].name.c_str(),
                  budgets[b], s.mean.mean, s.mean.standard_error, s.median, s.p95,
                  s.within * 100.0);
      if (theory)
        std::printf("  %15.3f",
                    spsa::predicted_mean_loss(design, input, o.true_elos,
                                              std::vector<double>(o.elos.size(), 0.0), starts[0],
                                              static_cast<double>(budgets[b])));
      std::printf("\n");
    }
  std::size_t base = nv;
  for (std::size_t v = 0; v < nv; ++v)
    if (o.variants[v].name == o.baseline) base = v;
  if (base < nv && nv > 1) {
    std::printf(
        "\npaired difference from %s, run by run (tuner - %s ± se, Elo; negative: lower "
        "loss)\n",
        o.baseline.c_str(), o.baseline.c_str());
    for (std::size_t v = 0; v < nv; ++v)
      for (std::size_t b = 0; b < nb && v != base; ++b) {
        const MeanAndError d = paired_difference(row(v, b), row(base, b));
        std::printf("%-22s %9ld  %+7.3f ± %5.3f (z %+5.1f)\n", o.variants[v].name.c_str(),
                    budgets[b], d.mean, d.standard_error,
                    d.standard_error > 0.0 ? d.mean / d.standard_error : 0.0);
      }
  }
  std::printf("\n%ld simulated games in %.1f s (%.1f million per minute on %d thread%s)\n",
              total_games, elapsed, static_cast<double>(total_games) / elapsed * 60.0 / 1e6,
              o.threads, o.threads == 1 ? "" : "s");

  if (o.json_path.empty()) return 0;
  nlohmann::json j = {{"dims", o.dims},
                      {"elos", o.elos},
                      {"true_elos", o.true_elos},
                      {"start_elo", o.start_elo},
                      {"precision", o.precision},
                      {"confidence", o.confidence},
                      {"draw_ratio", o.draw_ratio},
                      {"surface", surface_shape_name(o.shape)},
                      {"rotate", o.rotate},
                      {"optimum_spread", o.optimum_spread},
                      {"play", o.play_name},
                      {"in_flight", o.in_flight},
                      {"through_tuner", o.through_tuner},
                      {"runs", o.runs},
                      {"seed", o.seed},
                      {"seconds", elapsed},
                      {"design", {{"c", design.c}, {"r", design.r}, {"games", design.games}}},
                      {"rows", nlohmann::json::array()}};
  for (std::size_t v = 0; v < nv; ++v)
    for (std::size_t b = 0; b < nb; ++b) {
      const Summary s = summarise(row(v, b), o.precision);
      nlohmann::json r = {{"tuner", o.variants[v].name},  {"budget", budgets[b]},
                          {"mean_loss", s.mean.mean},     {"standard_error", s.mean.standard_error},
                          {"median", s.median},           {"p95", s.p95},
                          {"within_precision", s.within}, {"losses", row(v, b)}};
      if (base < nv && v != base) {
        const MeanAndError d = paired_difference(row(v, b), row(base, b));
        r["paired"] = {{"mean_difference", d.mean}, {"standard_error", d.standard_error}};
      }
      j["rows"].push_back(std::move(r));
    }
  if (o.json_path == "-") {
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  std::ofstream out(o.json_path);
  out << j.dump(2) << "\n";
  if (!out) {
    std::cerr << "ringmaster-simulate-spsa: cannot write " << o.json_path << "\n";
    return 1;
  }
  return 0;
}
