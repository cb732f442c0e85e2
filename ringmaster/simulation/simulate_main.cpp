// ringmaster-simulate: measures tuners on synthetic problems instead of real games, so that
// tuner settings can be chosen before spending real games. Usage and output: docs/simulation.md.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <thread>

#include "ringmaster/control/config_error.hpp"
#include "ringmaster/simulation/option_values.hpp"
#include "ringmaster/simulation/paired.hpp"
#include "ringmaster/simulation/problem.hpp"
#include "ringmaster/simulation/simulated_run.hpp"
#include "ringmaster/simulation/tuner_spec.hpp"

namespace {

using rm::simulation::number_in;
using rm::simulation::parse_list;
using rm::simulation::Problem;
using rm::simulation::split_commas;
using rm::simulation::whole_number;

struct Row {
  std::string problem, tuner;
  int in_flight = 1;
  int budget = 0;
  std::vector<double> regrets;          // per run; NaN where the run did not reach the budget
  rm::simulation::MeanAndError regret;  // over the runs that reached the budget
  // Against --baseline on the same runs (not for the baseline itself, or when it was skipped).
  std::optional<rm::simulation::MeanAndError> paired;
};

struct Cell {  // one (problem, tuner, in_flight): all its runs
  std::string problem, tuner;
  int in_flight = 1;
  std::vector<std::vector<double>> regrets;  // per run, per budget
  long games = 0;
  double choose_seconds = 0.0;
  double result_seconds = 0.0;
};

const char* const kUsage =
    "ringmaster-simulate: run tuners against synthetic win-probability functions (a game of\n"
    "candidate x is won with probability f(x)) and report the mean simple regret\n"
    "p_opt - f(x_best), in thousandths, with its standard error, per tuner and game budget.\n"
    "\n"
    "usage: ringmaster-simulate [options]\n"
    "  -p, --problem LIST    log,flat,power,angle,step,twopeaks,correlated,rosenbrock,log5,\n"
    "                        log5sum or all (all but log5sum) (log)\n"
    "  -e, --expression E    a win probability in x1..x8 over [-1, 1]^d (repeatable)\n"
    "  -t, --tuner LIST      mc8,mc16 (any mcN; mcNv/mcNvv: virtual loss/visit),ce,model or "
    "control\n"
    "                        files .yaml (mc8,mc16,ce,model)\n"
    "  -b, --budgets LIST    game budgets where regret is measured (1000,10000; 1k works)\n"
    "  -n, --in-flight LIST  games in progress at once, as with parallel workers (1)\n"
    "  -r, --runs N          independent runs per row (100)\n"
    "  -s, --seed S          the same seed gives the same table (1)\n"
    "  -j, --threads N       runs in parallel on N threads; the table does not change (1)\n"
    "      --range-jitter M  each run sees the problem through a random sub-range of the box\n"
    "                        (ends moved inward by up to M, at most 0.2), so that no grid lines\n"
    "                        up with the optimum by luck (0: CLOP's problems as published)\n"
    "      --range-shift F   each run sees the problem through a range 2/(1+F) wide placed at\n"
    "                        random in the box, so the optimum moves by up to F of the range\n"
    "                        (at most 0.25; 0.125 averages out the luck of split 8 and 16)\n"
    "      --baseline TUNER  also print each tuner's paired difference from TUNER (one of -t),\n"
    "                        run by run on the same problems, ranges and game outcomes\n"
    "      --json FILE       also write the table, with every run's regret, as JSON ('-':\n"
    "                        standard output)\n"
    "Documentation: docs/simulation.md\n";

std::string format_regret(double mean, double se) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%7.2f ± %5.2f", mean * 1e3, se * 1e3);
  return buffer;
}

// "+1.23 ± 0.40 (z +3.1)"; z is the difference in standard errors (none when the SE is 0).
std::string format_paired(const rm::simulation::MeanAndError& d) {
  char buffer[96];
  if (d.standard_error > 0.0)
    std::snprintf(buffer, sizeof buffer, "%+7.2f ± %5.2f (z %+5.1f)", d.mean * 1e3,
                  d.standard_error * 1e3, d.mean / d.standard_error);
  else
    std::snprintf(buffer, sizeof buffer, "%+7.2f ± %5.2f", d.mean * 1e3, d.standard_error * 1e3);
  return buffer;
}

}  // namespace

int main(int argc, char** argv) {
  std::string problems_text = "log";
  std::vector<std::string> expressions;
  std::string tuners_text = "mc8,mc16,ce,model";
  std::string budgets_text = "1000,10000";
  std::string in_flight_text = "1";
  int runs = 100;
  std::uint64_t seed = 1;
  int threads = 1;
  double range_jitter = 0.0;
  double range_shift = 0.0;
  std::string json_path;
  std::string baseline;
  try {
    for (int i = 1; i < argc; ++i) {
      const std::string arg = argv[i];
      if (arg == "-h" || arg == "--help") {
        std::cout << kUsage;
        return 0;
      }
      if (i + 1 >= argc) throw std::invalid_argument(arg + ": needs a value (see --help)");
      const std::string value = argv[++i];
      if (arg == "-p" || arg == "--problem")
        problems_text = value;
      else if (arg == "-e" || arg == "--expression")
        expressions.push_back(value);
      else if (arg == "-t" || arg == "--tuner")
        tuners_text = value;
      else if (arg == "-b" || arg == "--budgets")
        budgets_text = value;
      else if (arg == "-n" || arg == "--in-flight")
        in_flight_text = value;
      else if (arg == "-r" || arg == "--runs")
        runs = whole_number(arg, value, 1, 1000000);
      else if (arg == "-s" || arg == "--seed")
        seed = static_cast<std::uint64_t>(whole_number(arg, value, 0, 2147483647));
      else if (arg == "-j" || arg == "--threads")
        threads = whole_number(arg, value, 1, 256);
      else if (arg == "--json")
        json_path = value;
      else if (arg == "--baseline")
        baseline = value;
      else if (arg == "--range-jitter")
        range_jitter = number_in(arg, value, 0.2);
      else if (arg == "--range-shift")
        range_shift = number_in(arg, value, 0.25);
      else
        throw std::invalid_argument("unknown option " + arg + " (see --help)");
    }
    if (range_jitter > 0.0 && range_shift > 0.0)
      throw std::invalid_argument("--range-jitter and --range-shift: use one or the other");
  } catch (const std::invalid_argument& e) {
    std::cerr << "ringmaster-simulate: " << e.what() << "\n";
    return 2;
  }

  std::vector<int> budgets, in_flight;
  try {
    budgets = parse_list(budgets_text, "--budgets");
    in_flight = parse_list(in_flight_text, "--in-flight");
  } catch (const std::invalid_argument& e) {
    std::cerr << "ringmaster-simulate: " << e.what() << "\n";
    return 2;
  }
  std::vector<std::string> problems = split_commas(problems_text);
  const std::vector<std::string> tuners = split_commas(tuners_text);
  if (problems.size() == 1 && problems[0] == "all")
    problems = rm::simulation::builtin_problem_names();
  if (!expressions.empty() && problems_text == "log") problems.clear();
  if (!baseline.empty() && std::find(tuners.begin(), tuners.end(), baseline) == tuners.end()) {
    std::cerr << "ringmaster-simulate: --baseline " << baseline
              << ": not one of the tuners given with -t\n";
    return 2;
  }

  // Problems and control files are built up front, so a bad name stops before any work.
  std::vector<Cell> cells;
  std::vector<rm::control::ControlFile> controls;
  std::vector<std::string> problem_specs;
  problem_specs.reserve(problems.size() + expressions.size());
  for (const auto& p : problems) problem_specs.push_back("builtin:" + p);
  for (const auto& e : expressions) problem_specs.push_back("expr:" + e);
  const auto make_problem = [](const std::string& spec) {
    return spec.rfind("builtin:", 0) == 0 ? rm::simulation::builtin_problem(spec.substr(8))
                                          : rm::simulation::expression_problem(spec.substr(5));
  };
  std::vector<int> cell_problem;
  std::vector<std::string> skipped;
  try {
    for (std::size_t pi = 0; pi < problem_specs.size(); ++pi) {
      const Problem problem = make_problem(problem_specs[pi]);
      for (const auto& tuner : tuners) {
        std::optional<rm::control::ControlFile> control;
        try {
          control = rm::simulation::simulation_control_file(tuner, problem.dims, budgets.back());
        } catch (const rm::control::ConfigError& e) {
          // A preset that cannot run at this size (mc16 in 5-D: 16^5 candidates) is skipped;
          // a user's file with an error stops the run.
          if (tuner.ends_with(".yaml") || tuner.ends_with(".yml")) throw;
          skipped.push_back(tuner + " on " + problem.name + ": " + e.what());
          continue;
        }
        for (int n : in_flight) {
          controls.push_back(*control);
          cells.push_back(Cell{problem.name, tuner, n, {}, 0, 0.0, 0.0});
          cell_problem.push_back(static_cast<int>(pi));
        }
      }
    }
  } catch (const rm::control::ConfigError& e) {
    std::cerr << "ringmaster-simulate: " << e.what() << "\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "ringmaster-simulate: " << e.what() << "\n";
    return 2;
  }

  // Work items (cell, run) shared by the threads; each run's seeds depend only on (seed, run),
  // so the table does not depend on the number of threads. Each thread builds its own
  // problems (an expression's parser is not shared between threads).
  for (auto& cell : cells) cell.regrets.resize(static_cast<std::size_t>(runs));
  std::mutex mutex;
  std::size_t next_item = 0;
  const std::size_t items = cells.size() * static_cast<std::size_t>(runs);
  std::string failure;
  const auto start = std::chrono::steady_clock::now();
  const auto worker = [&] {
    std::vector<std::optional<Problem>> own(problem_specs.size());
    for (;;) {
      std::size_t item;
      {
        std::lock_guard<std::mutex> lock(mutex);
        if (next_item >= items || !failure.empty()) return;
        item = next_item++;
      }
      const std::size_t c = item / static_cast<std::size_t>(runs);
      const int run = static_cast<int>(item % static_cast<std::size_t>(runs));
      const auto pi = static_cast<std::size_t>(cell_problem[c]);
      try {
        if (!own[pi]) own[pi] = make_problem(problem_specs[pi]);
        rm::control::ControlFile control = controls[c];
        rm::simulation::set_seed(control,
                                 seed * std::uint64_t{1000003} + static_cast<std::uint64_t>(run));
        // Each run's range depends only on (seed, run): every tuner sees the same ranges.
        const std::uint64_t range_seed =
            seed * std::uint64_t{104729} + static_cast<std::uint64_t>(run);
        const Problem problem =
            range_jitter > 0.0
                ? rm::simulation::with_random_range(*own[pi], range_jitter, range_seed)
            : range_shift > 0.0
                ? rm::simulation::with_shifted_range(*own[pi], range_shift, range_seed)
                : *own[pi];
        const auto result = rm::simulation::simulate_run(
            control, problem, cells[c].in_flight, budgets,
            seed * std::uint64_t{7919} +
                std::uint64_t{0x9e3779b97f4a7c15} * static_cast<std::uint64_t>(run + 1));
        std::lock_guard<std::mutex> lock(mutex);
        cells[c].regrets[static_cast<std::size_t>(run)] = result.regrets;
        cells[c].games += result.games;
        cells[c].choose_seconds += result.choose_seconds;
        cells[c].result_seconds += result.result_seconds;
      } catch (const std::exception& e) {
        std::lock_guard<std::mutex> lock(mutex);
        failure = cells[c].tuner + " on " + cells[c].problem + ": " + e.what();
      }
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  if (!failure.empty()) {
    std::cerr << "ringmaster-simulate: " << failure << "\n";
    return 1;
  }
  const double elapsed =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  // The rows: per cell and budget; the baseline's cell for a cell has the same problem and
  // games in flight.
  const auto regrets_at = [&](const Cell& cell, std::size_t b) {
    std::vector<double> out;
    for (const auto& r : cell.regrets)
      out.push_back(b < r.size() ? r[b] : std::numeric_limits<double>::quiet_NaN());
    return out;
  };
  std::vector<Row> rows;
  long total_games = 0;
  for (std::size_t c = 0; c < cells.size(); ++c) {
    const Cell& cell = cells[c];
    total_games += cell.games;
    const Cell* base = nullptr;
    for (std::size_t o = 0; o < cells.size() && !baseline.empty(); ++o)
      if (o != c && cells[o].tuner == baseline && cell.tuner != baseline &&
          cell_problem[o] == cell_problem[c] && cells[o].in_flight == cell.in_flight)
        base = &cells[o];
    for (std::size_t b = 0; b < budgets.size(); ++b) {
      Row row{cell.problem, cell.tuner, cell.in_flight, budgets[b], regrets_at(cell, b), {}, {}};
      row.regret = rm::simulation::mean_and_error(row.regrets);
      if (base) row.paired = rm::simulation::paired_difference(row.regrets, regrets_at(*base, b));
      rows.push_back(std::move(row));
    }
  }

  // The table: one line per (problem, tuner, in flight), a column per budget.
  std::printf("mean simple regret x 1000 (± standard error), %d runs per row, seed %llu", runs,
              static_cast<unsigned long long>(seed));
  if (range_jitter > 0.0) std::printf(", ranges jittered by up to %g", range_jitter);
  if (range_shift > 0.0) std::printf(", ranges shifted by up to %g of their width", range_shift);
  std::printf("\n");
  std::printf("%-12s %-14s %9s", "problem", "tuner", "in flight");
  for (int b : budgets) std::printf("  %15s", (std::to_string(b) + " games").c_str());
  std::printf("\n");
  for (std::size_t c = 0; c < cells.size(); ++c) {
    std::printf("%-12s %-14s %9d", cells[c].problem.substr(0, 12).c_str(), cells[c].tuner.c_str(),
                cells[c].in_flight);
    for (std::size_t b = 0; b < budgets.size(); ++b) {
      const Row& row = rows[c * budgets.size() + b];
      std::printf("  %15s", row.regret.runs > 0
                                ? format_regret(row.regret.mean, row.regret.standard_error).c_str()
                                : "-");
    }
    std::printf("\n");
  }
  if (!baseline.empty()) {
    std::printf(
        "\npaired difference from %s x 1000, run by run (tuner - %s ± standard error; "
        "negative: lower regret than %s)\n",
        baseline.c_str(), baseline.c_str(), baseline.c_str());
    std::printf("%-12s %-14s %9s", "problem", "tuner", "in flight");
    for (int b : budgets) std::printf("  %24s", (std::to_string(b) + " games").c_str());
    std::printf("\n");
    for (std::size_t c = 0; c < cells.size(); ++c) {
      if (cells[c].tuner == baseline) continue;
      std::printf("%-12s %-14s %9d", cells[c].problem.substr(0, 12).c_str(), cells[c].tuner.c_str(),
                  cells[c].in_flight);
      for (std::size_t b = 0; b < budgets.size(); ++b) {
        const Row& row = rows[c * budgets.size() + b];
        std::printf("  %24s",
                    row.paired && row.paired->runs > 0 ? format_paired(*row.paired).c_str() : "-");
      }
      std::printf("\n");
    }
  }
  std::printf(
      "\ntuner cost per game, microseconds (choosing the candidate; taking the result, refits "
      "included):\n");
  for (const auto& cell : cells) {
    const double games = std::max(1.0, static_cast<double>(cell.games));
    std::printf("  %-12s %-14s %9d  choose %8.2f  result %8.2f\n",
                cell.problem.substr(0, 12).c_str(), cell.tuner.c_str(), cell.in_flight,
                cell.choose_seconds / games * 1e6, cell.result_seconds / games * 1e6);
  }
  for (const auto& note : skipped) {
    const auto colon = note.find(": /");
    const auto reason = note.rfind(": ");
    std::printf("skipped %s%s\n", note.substr(0, colon).c_str(),
                reason != std::string::npos ? note.substr(reason).c_str() : "");
  }
  std::printf("%ld simulated games in %.1f s (%.2f million per minute on %d thread%s)\n",
              total_games, elapsed, static_cast<double>(total_games) / elapsed * 60.0 / 1e6,
              threads, threads == 1 ? "" : "s");

  if (!json_path.empty()) {
    const auto numbers_or_null = [](const std::vector<double>& values) {
      nlohmann::json out = nlohmann::json::array();
      for (double v : values) out.push_back(std::isnan(v) ? nlohmann::json() : nlohmann::json(v));
      return out;
    };
    nlohmann::json j = {{"runs", runs},
                        {"seed", seed},
                        {"range_jitter", range_jitter},
                        {"range_shift", range_shift},
                        {"budgets", budgets},
                        {"games", total_games},
                        {"seconds", elapsed},
                        {"rows", nlohmann::json::array()}};
    if (!baseline.empty()) j["baseline"] = baseline;
    for (const auto& row : rows) {
      nlohmann::json r = {{"problem", row.problem},
                          {"tuner", row.tuner},
                          {"in_flight", row.in_flight},
                          {"budget", row.budget},
                          {"runs", row.regret.runs},
                          {"mean_regret", row.regret.mean},
                          {"standard_error", row.regret.standard_error},
                          {"regrets", numbers_or_null(row.regrets)}};
      if (row.paired)
        r["paired"] = {{"runs", row.paired->runs},
                       {"mean_difference", row.paired->mean},
                       {"standard_error", row.paired->standard_error}};
      j["rows"].push_back(std::move(r));
    }
    for (const auto& cell : cells) {
      const std::string key =
          cell.problem + "/" + cell.tuner + "/" + std::to_string(cell.in_flight);
      const double games = std::max(1.0, static_cast<double>(cell.games));
      j["choose_seconds_per_game"][key] = cell.choose_seconds / games;
      j["result_seconds_per_game"][key] = cell.result_seconds / games;
    }
    if (json_path == "-") {
      std::cout << j.dump(2) << "\n";
    } else {
      std::ofstream out(json_path);
      out << j.dump(2) << "\n";
      if (!out) {
        std::cerr << "ringmaster-simulate: cannot write " << json_path << "\n";
        return 1;
      }
    }
  }
  return 0;
}
