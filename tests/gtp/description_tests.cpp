#include <catch2/catch.hpp>

#include "engine/gtp/controller.hpp"

using rm::gtp::Description;

TEST_CASE("short and long descriptions follow gomill", "[description]") {
  Description d;
  CHECK(d.short_description().empty());
  CHECK(d.long_description().empty());
  d.version = "3.8";
  CHECK(d.short_description().empty());
  CHECK(d.long_description() == "version 3.8");
  d.name = "GNU Go";
  CHECK(d.short_description() == "GNU Go:3.8");
  CHECK(d.long_description() == "GNU Go:3.8");
  d.describe_engine = "GNU Go 3.8\nlevel 10";
  CHECK(d.long_description() == "GNU Go 3.8\nlevel 10");
  d = {};
  d.name = "x";
  CHECK(d.short_description() == "x");
  CHECK(d.long_description() == "x");
}

TEST_CASE("clean_version removes a copy of the name and kgsGTP verbosity", "[description]") {
  Description d;
  d.name = "Fuego";
  d.version = "fuego 1.1";
  CHECK(d.clean_version() == "1.1");
  d.version =
      std::string(
          "1.0. Please read http://www.lri.fr/~gelly/MoGo_Download.htm for more information. ") +
      "That is not enough.";
  CHECK(d.clean_version() == "1.0");
  d.version =
      std::string("10.0: I'm playing with a seed and rules and lots of text to exceed the limit") +
      "";
  CHECK(d.clean_version() == "10.0");
  d.version = "2.5 " + std::string(70, 'x');
  CHECK(d.clean_version() == "2.5");
  d.version = std::string(40, 'v');  // clean but longer than 32: short description drops it
  CHECK(d.short_description() == "Fuego");
  CHECK(d.long_description() == "Fuego:" + std::string(40, 'v'));
}
