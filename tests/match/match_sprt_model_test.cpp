// `ringmaster match --sprt`'s model: normalized Elo by default (as fastchess 1.x), logistic on
// request, in the positional form and in fastchess's key=value form, and the control file's
// `sprt` mapping it writes.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "ringmaster/cli/match_control_file.hpp"

using rm::cli::MatchOptions;
using rm::cli::ParseExit;

namespace {

std::variant<MatchOptions, ParseExit> parse_sprt(const std::string& spec) {
  return rm::cli::parse_match_command_line({"-e", "a", "-e", "b", "--sprt", spec}, "/here");
}

MatchOptions parsed_ok(const std::string& spec) {
  auto parsed = parse_sprt(spec);
  if (auto* exit = std::get_if<ParseExit>(&parsed)) FAIL("usage error: " << exit->err);
  return std::get<MatchOptions>(parsed);
}

}  // namespace

TEST_CASE("match --sprt: the model, default normalized", "[match][sprt]") {
  auto plain = parsed_ok("0,5");
  REQUIRE(plain.sprt);
  CHECK_FALSE(plain.sprt->model);
  CHECK_THAT(rm::cli::match_control_file(plain, "/here"),
             Catch::Contains("sprt: {elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05}\n"));

  for (const std::string spec :
       {"0,5,model=logistic", "0,5,0.05,0.05,logistic", "0,5,0.05,0.05,model=logistic",
        "elo0=0 elo1=5 alpha=0.05 beta=0.05 model=logistic", "model=logistic,0,5"}) {
    CAPTURE(spec);
    auto o = parsed_ok(spec);
    REQUIRE(o.sprt);
    CHECK(o.sprt->model == std::optional<std::string>("logistic"));
    CHECK(o.sprt->elo1 == 5);
    CHECK_THAT(rm::cli::match_control_file(o, "/here"),
               Catch::Contains("sprt: {elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05, "
                               "model: logistic}\n"));
  }
  CHECK(parsed_ok("0,5,normalized").sprt->model == std::optional<std::string>("normalized"));
}

TEST_CASE("match --sprt: a bad model is a usage error", "[match][sprt]") {
  for (const std::string spec : {"0,5,model=bayesian", "0,5,bayesian", "0,5,model="}) {
    CAPTURE(spec);
    auto parsed = parse_sprt(spec);
    auto* exit = std::get_if<ParseExit>(&parsed);
    REQUIRE(exit != nullptr);
    CHECK(exit->status == 2);
    CHECK_THAT(exit->err, Catch::Contains("--sprt: "));
  }
  auto parsed = parse_sprt("0,5,model=bayesian");
  CHECK_THAT(std::get<ParseExit>(parsed).err,
             Catch::Contains("model: normalized or logistic (got 'bayesian')"));
}
